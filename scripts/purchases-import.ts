// `npm run purchases:import -- <slug> <pharmacyId> <file.csv>`: a pharmacy chain's report of purchases, recorded by
// the pharmacy API's rules (decision 059; the work is modules/pharmacy/import.ts). With the embedded database, stop the
// server first (one process at a time).
import { loadConfig } from '../apps/api/src/config.ts';
import { importPurchasesCommand } from '../apps/api/src/modules/pharmacy/import.ts';
import { openDatabase } from '../apps/api/src/platform/db.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDataDir: config.PGLITE_DATA_DIR });
try {
  const result = await importPurchasesCommand(process.argv.slice(2), {
    db: database.db,
    config,
    now: () => new Date(),
  });
  if (result.stdout) console.log(result.stdout);
  if (result.stderr) console.error(result.stderr);
  process.exitCode = result.status;
} finally {
  await database.close();
}
