// Seeds a test database the way `npm start` seeds the embedded one.
import type { AppConfig } from '../config.ts';
import type { Database } from '../platform/db.ts';
import { readProgramConfigs, seedPrograms } from '../db/seed.ts';
import { seedDemoData } from '../db/demo-seed.ts';
import { ensurePoolKeys } from '../modules/identity/keys.ts';

/** Programs, pool keys and the demo patients: what `npm start` seeds. */
export async function seedTestData(database: Database, config: AppConfig): Promise<void> {
  await seedTestContent(database, config);
  await ensurePoolKeys(database.db, config.keyEncryptionSecret);
}

/** Programs and the demo patients, without the pool keys (each copy of a run's template makes its own). */
export async function seedTestContent(database: Database, config: AppConfig): Promise<void> {
  const configs = readProgramConfigs(config.PROGRAMS_DIR);
  await seedPrograms(database.db, configs, config.PUBLIC_URL);
  await seedDemoData(database.db, configs);
}
