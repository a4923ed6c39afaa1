// The PGlite twin of the PostgreSQL template (decision 036): one data folder per run, migrated and seeded once, that
// each test file's database (and each browser-test portal) copies instead of starting PGlite from nothing, whose
// initdb is most of a file's fixed cost.
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../config.ts';
import { migrateDatabase, openDatabase } from '../platform/db.ts';
import { seedTestContent } from './seed.ts';

/** Where the template lives and what it was seeded from; a config that seeds otherwise starts from nothing. */
export interface PgliteTemplate {
  /** The run's folder: the template and every copy of it, removed at the end of the run. */
  runDir: string;
  programsDir: string;
  publicUrl: string;
}

/**
 * Migrates and seeds a data folder the way a test database is seeded (programs and demo patients), without the pool
 * keys: each database makes its own from its own config's secret, as before (`ensurePoolKeys`).
 */
export async function createPgliteTemplate(config: AppConfig): Promise<PgliteTemplate> {
  const runDir = mkdtempSync(path.join(tmpdir(), 'portal-pglite-'));
  const database = await openDatabase({ pgliteDataDir: path.join(runDir, 'template') });
  try {
    await migrateDatabase(database);
    await seedTestContent(database, config);
  } finally {
    // A clean shut-down, so that every copy opens without recovery.
    await database.close();
  }
  return { runDir, programsDir: config.PROGRAMS_DIR, publicUrl: config.PUBLIC_URL };
}

/** Whether a database of this config is seeded the same as the template. */
export function fitsTemplate(template: PgliteTemplate | undefined, config: AppConfig): template is PgliteTemplate {
  return (
    template !== undefined &&
    template.programsDir === config.PROGRAMS_DIR &&
    template.publicUrl === config.PUBLIC_URL &&
    existsSync(path.join(template.runDir, 'template'))
  );
}

/** A fresh copy of the template in a folder of its own (inside the run's folder); `into` an empty folder instead if given. */
export function copyPgliteTemplate(template: PgliteTemplate, into?: string): string {
  const dir = into ?? path.join(template.runDir, `db-${randomBytes(6).toString('hex')}`);
  cpSync(path.join(template.runDir, 'template'), dir, { recursive: true });
  return dir;
}

/** Whether a PGlite data folder is yet to be created (missing or empty). */
export function isEmptyDataDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

export function removePgliteTemplate(template: PgliteTemplate): void {
  rmSync(template.runDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by the global setups of the api-pglite and e2e projects. */
    pgliteTemplate?: PgliteTemplate;
  }
}
