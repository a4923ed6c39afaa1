// A chain's daily report imported (issue 26, decision 059): `npm run purchases:import` run as operators run it, on
// PostgreSQL, with a report of 10,000 lines and one of 100,000 (every line a valid purchase with the program's code, 10
// per patient in both), then the smaller one again (re-running a file records nothing). The figures are the command's
// peak resident memory (the goal: the larger file within 1.2x of the smaller's, memory bounded by streaming) and its
// time per line as a ratio between the sizes. `npm run bench:import` alone, or a part of `npm run bench`
// (BENCH_IMPORT=false skips it; BENCH_IMPORT_LINES_SMALL / _LARGE change the sizes). Not a test: nothing asserts a
// timing.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { patient, planPatient, program, userAccount } from '../apps/api/src/db/schema.ts';
import { getOrCreateLiveCode } from '../apps/api/src/modules/benefits/codes.ts';
import { IMPORT_COLUMNS } from '../apps/api/src/modules/pharmacy/import.ts';
import { openDatabase } from '../apps/api/src/platform/db.ts';
import { seedBenchPatients } from '../scripts/bench-seed.ts';
import { addPharmacy } from './pharmacy.ts';
import { BENCH_PASSWORD } from './sized.ts';
import { createBenchDatabase, printTable, ROOT, SERVER_SECRETS, startServer, type Row } from './support.ts';

const PRODUCT = 1101;
/** Lines of a report per patient: the patients are a tenth of the lines, so a patient's ledger is alike in both. */
const LINES_EACH = 10;
/** The purchases of a report spread over the last 200 days (within the plans' period and the year a unit counts). */
const DAYS_BACK = 200;
const DAY_MS = 86_400_000;
/** Bounded memory: the larger report's peak within this of the smaller's. */
const MEMORY_GOAL = 1.2;

/** One run of the command: its lines, wall time (start included), peak resident memory and what it said it recorded. */
type Imported = Record<'lines' | 'seconds' | 'maxRssMb' | 'recorded', number>;

/** The bench patients' plans (first `count`) with a discount code for the product each, as the patient would get it. */
async function codesOf(databaseUrl: string, count: number): Promise<string[]> {
  const database = await openDatabase({ databaseUrl, pgliteDataDir: 'memory://' });
  try {
    const db = database.db;
    const plans = await db
      .select({ planPatientId: planPatient.id, programId: program.id })
      .from(planPatient)
      .innerJoin(patient, eq(patient.id, planPatient.patientId))
      .innerJoin(userAccount, eq(userAccount.id, patient.userId))
      .innerJoin(program, eq(program.id, patient.programId))
      .where(and(eq(program.slug, 'alivio'), like(userAccount.email, 'bench-%@bench.example')))
      .orderBy(planPatient.id)
      .limit(count);
    const codes: string[] = [];
    const now = new Date();
    for (const plan of plans) {
      const live = await getOrCreateLiveCode(db, { ...plan, productId: PRODUCT }, now);
      if (!live) throw new Error(`no code for plan ${plan.planPatientId}`);
      codes.push(live.row.code);
    }
    return codes;
  } finally {
    await database.close();
  }
}

/** Writes a report of `lines` purchases, LINES_EACH per code, as a stream (the bench holds no file in memory either). */
async function writeReport(file: string, lines: number, codes: string[]): Promise<void> {
  const out = createWriteStream(file);
  const now = Date.now();
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`${IMPORT_COLUMNS.join(',')}\n`);
  for (let line = 0; line < lines; line += 1) {
    const code = codes[line % (lines / LINES_EACH)]!;
    const purchasedAt = new Date(now - DAY_MS - (line % DAYS_BACK) * DAY_MS).toISOString();
    await write(`${code},${PRODUCT},1,12500.00,R-${lines}-${line},${purchasedAt}\n`);
  }
  out.end();
  await once(out, 'finish');
}

/** `npm run purchases:import` as a child process, its peak memory reported on exit (bench/report-max-rss.ts). */
async function runImport(databaseUrl: string, pharmacyId: string, file: string, lines: number): Promise<Imported> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      './bench/report-max-rss.ts',
      'scripts/purchases-import.ts',
      'alivio',
      pharmacyId,
      file,
    ],
    { cwd: ROOT, env: { ...process.env, ...SERVER_SECRETS, DATABASE_URL: databaseUrl }, stdio: 'pipe' },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [status] = (await once(child, 'exit')) as [number | null];
  const seconds = (performance.now() - started) / 1000;
  const maxRss = /max-rss-kb (\d+)/.exec(stderr)?.[1];
  const recorded = /(\d+) recorded/.exec(stdout)?.[1];
  if (status !== 0 || !maxRss || !recorded)
    throw new Error(`purchases:import ended with ${status}: ${stdout} ${stderr.slice(0, 2000)}`);
  return { lines, seconds, maxRssMb: Number(maxRss) / 1024, recorded: Number(recorded) };
}

export async function runImportBench(): Promise<Row[]> {
  const small = Number(process.env.BENCH_IMPORT_LINES_SMALL ?? 10_000);
  const large = Number(process.env.BENCH_IMPORT_LINES_LARGE ?? 100_000);
  const database = await createBenchDatabase(`portal_bench_import_${process.pid}`);
  const folder = mkdtempSync(path.join(os.tmpdir(), 'portal-import-'));
  try {
    // The server migrates and seeds the programs on its first start.
    await (await startServer({ DATABASE_URL: database.url })).stop();
    await seedBenchPatients(database.url, large / LINES_EACH, BENCH_PASSWORD);
    const pharmacyId = (await addPharmacy(database.url, 1)).id;
    const codes = await codesOf(database.url, large / LINES_EACH);
    const files = {
      empty: path.join(folder, 'empty.csv'),
      small: path.join(folder, 'small.csv'),
      large: path.join(folder, 'large.csv'),
    };
    await writeReport(files.empty, 0, codes);
    await writeReport(files.small, small, codes);
    await writeReport(files.large, large, codes);
    // The command's own start (a header alone): its time is taken off the others', its memory is the floor.
    const idle = await runImport(database.url, pharmacyId, files.empty, 0);
    const first = await runImport(database.url, pharmacyId, files.small, small);
    const second = await runImport(database.url, pharmacyId, files.large, large);
    const again = await runImport(database.url, pharmacyId, files.small, small);
    const perLine = (run: Imported) => (run.seconds - idle.seconds) / run.lines;
    const describe = (run: Imported) =>
      `${run.lines.toLocaleString('en')} lines: ${run.recorded.toLocaleString('en')} recorded, ` +
      `${Math.round(1 / perLine(run)).toLocaleString('en')} lines/s, peak ${run.maxRssMb.toFixed(0)} MB`;
    const memory = second.maxRssMb / first.maxRssMb;
    const rows: Row[] = [
      {
        what: `the command's start with a header alone: ${idle.seconds.toFixed(1)} s (taken off the times below), peak ${idle.maxRssMb.toFixed(0)} MB`,
        figure: `${(idle.maxRssMb / first.maxRssMb).toFixed(2)}x`,
        goal: '—',
      },
      { what: `the import of ${describe(first)}`, figure: '1.00x', goal: '—' },
      {
        what: `the import of ${describe(second)}`,
        figure: `${memory.toFixed(2)}x`,
        goal: `≤ ${MEMORY_GOAL.toFixed(2)}x`,
        met: memory <= MEMORY_GOAL,
      },
      {
        what: `time per line, ${large.toLocaleString('en')} lines / ${small.toLocaleString('en')}`,
        figure: `${(perLine(second) / perLine(first)).toFixed(2)}x`,
        goal: '—',
      },
      {
        what: `the ${small.toLocaleString('en')}-line report again (all recorded already): time per line / the first run's`,
        figure: `${(perLine(again) / perLine(first)).toFixed(2)}x`,
        goal: '—',
      },
    ];
    printTable(
      "A chain's report imported on PostgreSQL (peak memory of the command, as a ratio to the smaller report)",
      rows,
    );
    return rows;
  } finally {
    rmSync(folder, { recursive: true, force: true });
    await database.drop();
  }
}

if (process.argv[1]?.endsWith('import.ts')) await runImportBench();
