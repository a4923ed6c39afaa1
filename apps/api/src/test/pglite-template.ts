// The PGlite twin of the PostgreSQL template (decision 036): one database per run, migrated and seeded once and dumped
// (PGlite's `dumpDataDir`); each test file's database and each browser-test portal loads the dump into memory instead
// of starting PGlite from nothing, whose initdb is most of a file's fixed cost.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { AppConfig } from '../config.ts';
import { migrateDatabase, openDatabase, type Database } from '../platform/db.ts';
import { seedTestContent } from './seed.ts';

/** Where the template lives and what it was seeded from; a config that seeds otherwise starts from nothing. */
export interface PgliteTemplate {
  /** The run's folder, which holds the dump. */
  runDir: string;
  programsDir: string;
  publicUrl: string;
}

const DUMP = 'template.tar';
const SEEDED_FROM = 'template.json';

/**
 * Migrates and seeds a database the way a test database is seeded (programs and demo patients), without the pool
 * keys (each database makes its own from its own config's secret, as before: `ensurePoolKeys`), and dumps it into
 * `runDir` (a new temporary folder by default). A dump already there, seeded from the same config, is taken as it
 * is: `npm test` makes one for its two vitest runs (PORTAL_PGLITE_TEMPLATE_DIR).
 */
export async function createPgliteTemplate(config: AppConfig, runDir?: string): Promise<PgliteTemplate> {
  const dir = runDir ?? mkdtempSync(path.join(tmpdir(), 'portal-pglite-'));
  const template: PgliteTemplate = { runDir: dir, programsDir: config.PROGRAMS_DIR, publicUrl: config.PUBLIC_URL };
  if (
    existsSync(path.join(dir, DUMP)) &&
    readFileSync(path.join(dir, SEEDED_FROM), 'utf8') === JSON.stringify(template)
  )
    return template;
  mkdirSync(dir, { recursive: true });
  const database = await openDatabase({ pgliteDataDir: 'memory://' });
  try {
    await migrateDatabase(database);
    await seedTestContent(database, config);
    const dump = await dumpOf(database);
    // Written under another name first, so that a dump in place is always whole.
    writeFileSync(path.join(dir, `${DUMP}.part`), dump);
    writeFileSync(path.join(dir, SEEDED_FROM), JSON.stringify(template));
    renameSync(path.join(dir, `${DUMP}.part`), path.join(dir, DUMP));
  } finally {
    await database.close();
  }
  return template;
}

/** The data folder of an embedded database as a tar file (drizzle's PGlite database keeps its client as `$client`). */
async function dumpOf(database: Database): Promise<Buffer> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  return Buffer.from(await dump.arrayBuffer());
}

/** Whether a database of this config is seeded the same as the template. */
export function fitsTemplate(template: PgliteTemplate | undefined, config: AppConfig): template is PgliteTemplate {
  return (
    template !== undefined &&
    template.programsDir === config.PROGRAMS_DIR &&
    template.publicUrl === config.PUBLIC_URL &&
    existsSync(path.join(template.runDir, DUMP))
  );
}

/** The dump, read once per process (a test file's worker, the browser tests' files). */
let dumpRead: { file: string; blob: Blob } | undefined;
function templateDump(template: PgliteTemplate): Blob {
  const file = path.join(template.runDir, DUMP);
  if (dumpRead?.file !== file) dumpRead = { file, blob: new Blob([readFileSync(file)]) };
  return dumpRead.blob;
}

/** A new database in memory holding what the template holds. */
export function openFromTemplate(template: PgliteTemplate): Promise<Database> {
  return openDatabase({ pgliteDataDir: 'memory://', pgliteLoadDataDir: templateDump(template) });
}

/** Fills an empty data folder with the template (closed after, for the app to open it as it opens its own). */
export async function fillFromTemplate(template: PgliteTemplate, dataDir: string): Promise<void> {
  const database = await openDatabase({ pgliteDataDir: dataDir, pgliteLoadDataDir: templateDump(template) });
  await database.close();
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
