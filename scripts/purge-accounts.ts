// `npm run accounts:purge`: erases the personal data of accounts closed more than 30 days ago (decision 019) and of
// enrolments disowned with the welcome mail's "this wasn't me" link more than 30 days ago (decision 042).
// Idempotent: safe to run from a daily scheduler. With the embedded database, stop the server first.
import { loadConfig } from '../apps/api/src/config.ts';
import { purgeClosedAccounts } from '../apps/api/src/modules/account/purge.ts';
import { migrateDatabase, openDatabase } from '../apps/api/src/platform/db.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDataDir: config.PGLITE_DATA_DIR });
try {
  await migrateDatabase(database, config.DATABASE_URL);
  const { erased } = await purgeClosedAccounts(database.db, new Date());
  console.log(`accounts:purge: ${erased} account(s) erased`);
} finally {
  await database.close();
}
