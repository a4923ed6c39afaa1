// The database an app runs on: opened from config, migrated once under an advisory lock, the programs seeded from
// their files and the demo data where configured; or the one a test gives (already migrated and seeded).
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import { migrateDatabase, openDatabase, type Database } from '../platform/db.ts';
import type { PasswordHashing } from '../platform/passwords.ts';
import { ensurePoolKeys } from '../modules/identity/keys.ts';
import { seedDemoData } from './demo-seed.ts';
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
  if (config.seedDemo) await seedDemoData(database.db, programConfigs, passwords);
  return { database, ownsDatabase: true };
}
