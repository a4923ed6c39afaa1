// `npm run keys:rotate -- <program-slug>`: retires the pool's active signing key and creates a new one.
// Tokens signed with the old key stay valid until they expire (15 min); restart the API instances to sign with the new key.
import { eq } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/config.ts';
import { identityPool, program } from '../apps/api/src/db/schema.ts';
import { rotatePoolKey } from '../apps/api/src/modules/identity/keys.ts';
import { openDatabase } from '../apps/api/src/platform/db.ts';

const slug = process.argv[2];
if (!slug) {
  console.error('usage: npm run keys:rotate -- <program-slug>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDataDir: config.PGLITE_DATA_DIR });
try {
  const [pool] = await database.db
    .select({ id: identityPool.id })
    .from(identityPool)
    .innerJoin(program, eq(program.id, identityPool.programId))
    .where(eq(program.slug, slug));
  if (!pool) {
    console.error(`no identity pool for program "${slug}"`);
    process.exitCode = 1;
  } else {
    await rotatePoolKey(database.db, pool.id, config.keyEncryptionSecret);
    console.log(`rotated the signing key of ${slug}; restart the API instances to sign with it`);
  }
} finally {
  await database.close();
}
