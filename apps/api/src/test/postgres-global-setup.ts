// Vitest global setup of the api-postgres project: creates this run's template database, drops everything after.
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config.ts';
import { migrateDatabase, openDatabase } from '../platform/db.ts';
import { databaseUrl, isPostgresReachable, TEST_PG_ADMIN_URL, withAdminClient } from './postgres.ts';
import { seedTestContent } from './seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgRunPrefix: string;
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (!(await isPostgresReachable())) {
    throw new Error(
      `PostgreSQL is not reachable at ${new URL(TEST_PG_ADMIN_URL).host}: the api-postgres tests need it`,
    );
  }
  const prefix = `portal_test_${Date.now().toString(36)}_${process.pid}`;
  const template = `${prefix}_template`;
  await withAdminClient((client) => client.query(`create database "${template}"`));
  const config = loadConfig({ NODE_ENV: 'test' });
  const database = await openDatabase({ databaseUrl: databaseUrl(template), pgliteDataDir: 'memory://' });
  await migrateDatabase(database, databaseUrl(template));
  // Without the pool keys, as the PGlite template: each database makes its own with its own config's secret, so a
  // production-mode test (which refuses the development secret, decision 039) opens a copy as well.
  await seedTestContent(database, config);
  await database.close();
  project.provide('pgRunPrefix', prefix);
  project.provide('pgTemplate', template);

  return async () => {
    await withAdminClient(async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`${prefix}%`],
      );
      for (const row of rows) await client.query(`drop database if exists "${row.datname}" with (force)`);
    });
  };
}
