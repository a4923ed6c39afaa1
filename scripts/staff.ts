// `npm run staff:add -- <email> <role>:<program>[,<program>…] [<role>:<program>…] [--language es|en]`: a staff member
// and their one-time set-up link (decision 068; the command's work is modules/staff/commands.ts). The link is printed
// and mailed through the outbox, delivered by a running server's mail worker. With the embedded database, stop the
// server first (one process at a time).
import { loadConfig } from '../apps/api/src/config.ts';
import { addStaffCommand } from '../apps/api/src/modules/staff/commands.ts';
import { migrateDatabase, openDatabase } from '../apps/api/src/platform/db.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDataDir: config.PGLITE_DATA_DIR });
try {
  await migrateDatabase(database, config.DATABASE_URL);
  const result = await addStaffCommand(process.argv.slice(2), { db: database.db, config, now: new Date() });
  if (result.stdout) console.log(result.stdout);
  if (result.stderr) console.error(result.stderr);
  process.exitCode = result.status;
} finally {
  await database.close();
}
