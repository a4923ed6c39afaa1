// The database an app runs on: opened from config, migrated once under an advisory lock, the programs seeded from
// their files and the demo data where configured; or the one a test gives (already migrated and seeded).
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import { migrateDatabase, openDatabase, type Database } from '../platform/db.ts';
import type { PasswordHashing } from '../platform/passwords.ts';
import { ensurePoolKeys } from '../modules/identity/keys.ts';
import { refreshProgram, settingsByProgram } from '../modules/adherence/public.ts';
import { seedDemoData } from './demo-seed.ts';
import { seedDemoHistory, shiftDemoPatients } from './demo-history.ts';
import { seedDemoYear, shiftDemoYear } from './demo-year.ts';
import { program } from './schema.ts';
import { readProgramConfigs, seedPrograms } from './seed.ts';

export async function prepareDatabase(
  config: AppConfig,
  { passwords, log, given }: { passwords: PasswordHashing; log: FastifyBaseLogger; given?: Database | undefined },
): Promise<{ database: Database; ownsDatabase: boolean }> {
  if (given) {
    given.useLogger(log);
    await ensurePoolKeys(given.db, config.keyEncryptionSecret);
    return { database: given, ownsDatabase: false };
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDataDir: config.PGLITE_DATA_DIR });
  database.useLogger(log);
  await migrateDatabase(database, config.DATABASE_URL);
  const programConfigs = readProgramConfigs(config.PROGRAMS_DIR);
  await seedPrograms(database.db, programConfigs, config.PUBLIC_URL);
  await ensurePoolKeys(database.db, config.keyEncryptionSecret);
  if (config.seedDemo) {
    await seedDemoData(database.db, programConfigs, passwords);
    // The demo patients as living patients on the day the portal starts (decision 089): a kept database's moved
    // forward, and what they lack of a history (refills, an appointment ahead, a lesson read) seeded. A demo must never
    // stop the portal from starting: a failure is logged.
    try {
      const shifted = await shiftDemoPatients(database.db, programConfigs);
      const history = await seedDemoHistory(database.db, programConfigs, {
        signingKeys: config.signingKeys,
        programsDir: config.PROGRAMS_DIR,
      });
      if (shifted > 0 || history.purchases + history.appointments + history.lessons > 0)
        log.info({ shifted, ...history }, 'demo patients ready');
    } catch (error) {
      log.error({ err: error }, 'demo patients: history not seeded');
    }
    // The living year (decision 080): made once, moved forward on a later day, and its summaries and outreach list
    // computed at once, so that a newcomer's console shows them from the first start.
    const made = await seedDemoYear(database.db, programConfigs, config.PROGRAMS_DIR, new Date(), passwords);
    const moved = made > 0 ? 0 : await shiftDemoYear(database.db);
    if (made > 0 || moved > 0) {
      const rows = await database.db.select({ id: program.id, slug: program.slug }).from(program);
      const settingsOf = settingsByProgram(programConfigs, rows);
      for (const row of rows) await refreshProgram(database.db, row.id, settingsOf(row.id), new Date(), { full: true });
      log.info({ made, moved }, 'demo year ready');
    }
  }
  return { database, ownsDatabase: true };
}
