// `npm run pharmacies:add|key|revoke -- …`: a program's pharmacies and their API keys (decision 059; the commands'
// work is modules/pharmacy/commands.ts). With the embedded database, stop the server first (one process at a time).
import { loadConfig } from '../apps/api/src/config.ts';
import { PHARMACY_COMMANDS, pharmacyCommand, type PharmacyCommand } from '../apps/api/src/modules/pharmacy/commands.ts';
import { openDatabase } from '../apps/api/src/platform/db.ts';

const [command, ...args] = process.argv.slice(2);
if (!PHARMACY_COMMANDS.includes(command as PharmacyCommand)) {
  console.error(`usage: node scripts/pharmacies.ts ${PHARMACY_COMMANDS.join('|')} …`);
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDataDir: config.PGLITE_DATA_DIR });
try {
  const result = await pharmacyCommand(command as PharmacyCommand, args, {
    db: database.db,
    config,
    now: new Date(),
  });
  if (result.stdout) console.log(result.stdout);
  if (result.stderr) console.error(result.stderr);
  process.exitCode = result.status;
} finally {
  await database.close();
}
