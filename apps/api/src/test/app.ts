// Test helper: one app per test file on a copy of the run's PGlite template or of its PostgreSQL template.
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { loadConfig, type AppConfig } from '../config.ts';
import { buildApp } from '../app.ts';
import type { PasswordHashing } from '../platform/passwords.ts';
import { migrateDatabase, openDatabase, type Database } from '../platform/db.ts';
import { ensurePoolKeys } from '../modules/identity/keys.ts';
import { seedTestData } from './seed.ts';
import { databaseUrl, withAdminClient } from './postgres.ts';
import { fitsTemplate, openFromTemplate } from './pglite-template.ts';

/** The tests' own lessons (`{dir}/{slug}/learning/`): tests of learning do not depend on the programs' content. */
export const TEST_LEARNING_DIR = fileURLToPath(new URL('./fixtures/learning', import.meta.url));

export type TestDbKind = 'pglite' | 'postgres';
export const TEST_DB: TestDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', WEB_DIST_DIR: '/nonexistent-web-dist', ...env });
}

export async function createTestDatabase(config: AppConfig): Promise<Database & { url?: string }> {
  if (TEST_DB === 'postgres') {
    const name = `${inject('pgRunPrefix')}_${randomBytes(4).toString('hex')}`;
    await withAdminClient((client) => client.query(`create database "${name}" template "${inject('pgTemplate')}"`));
    const url = databaseUrl(name);
    return Object.assign(await openDatabase({ databaseUrl: url, pgliteDataDir: 'memory://' }), { url });
  }
  const template = inject('pgliteTemplate');
  if (fitsTemplate(template, config)) {
    const database = await openFromTemplate(template);
    // The pool keys are each database's own, made from this config's secret (the template has none).
    await ensurePoolKeys(database.db, config.keyEncryptionSecret);
    return database;
  }
  // Without the run's template (a config seeded otherwise, or no global setup): from nothing, as `npm start` does.
  const database = await openDatabase({ pgliteDataDir: 'memory://' });
  await migrateDatabase(database);
  await seedTestData(database, config);
  return database;
}

/** A clock that tests move by hand. */
export function createTestClock(start = new Date('2026-11-21T12:00:00Z')) {
  let now = start.getTime();
  const clock = () => new Date(now);
  return Object.assign(clock, {
    advance(ms: number) {
      now += ms;
    },
    set(date: Date) {
      now = date.getTime();
    },
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** Every log line the app wrote, as text. */
  logs: () => string;
  close: () => Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: { clock?: () => Date; passwords?: PasswordHashing; learningDir?: string } = {},
): Promise<TestApp> {
  const config = testConfig(env);
  const database = await createTestDatabase(config);
  const chunks: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      chunks.push(String(chunk));
      callback();
    },
  });
  const app = await buildApp(config, {
    database,
    logStream,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.passwords ? { passwords: options.passwords } : {}),
    ...(options.learningDir ? { learningDir: options.learningDir } : {}),
  });
  return testAppOf(app, database, config, () => chunks.join(''));
}

/** A built app and its database as a TestApp: closing it closes both. */
export function testAppOf(app: FastifyInstance, database: Database, config: AppConfig, logs = () => ''): TestApp {
  return {
    app,
    database,
    config,
    logs,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The Host header of a program's subdomain, as a browser sends it. */
export function hostOf(slug: string): string {
  return `${slug}.localhost:3000`;
}
