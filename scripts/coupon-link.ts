// `npm run coupons:link -- <program-slug> <patientPlanId> <generalBenefitId> <staffUserId> [es|en]`: prints a signed
// coupon link of a general benefit for a patient plan and records which staff user issued it (decision 047).
// With the embedded database, stop the server first (one process at a time).
import { loadConfig } from '../apps/api/src/config.ts';
import { couponLinkCommand } from '../apps/api/src/modules/coupon/issue.ts';
import { couponSources } from '../apps/api/src/modules/coupon/sources.ts';
import { openDatabase } from '../apps/api/src/platform/db.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDataDir: config.PGLITE_DATA_DIR });
try {
  const result = await couponLinkCommand(process.argv.slice(2), {
    db: database.db,
    config,
    now: new Date(),
    findBenefit: couponSources().findBenefit,
  });
  if (result.stdout) console.log(result.stdout);
  if (result.stderr) console.error(result.stderr);
  process.exitCode = result.status;
} finally {
  await database.close();
}
