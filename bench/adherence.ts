// Adherence at scale (issue 36, decisions 080 and 081): the outreach list's and the figures' calls on PostgreSQL with 1,000 patients and 20,000
// purchases and with 100,000 patients and 2,000,000 purchases, each against the bare Fastify of the same run (ratios,
// never absolute timings); the goal is that each call's p99 at the larger size is within 1.2x of the smaller. The
// summaries' full refresh and the figures' rebuild are timed once per size (the jobs' work, which no request waits for). `npm run
// bench:adherence` alone, or a part of `npm run bench` (BENCH_ADHERENCE=false skips it; BENCH_ADHERENCE_PATIENTS_SMALL
// / _LARGE change the sizes). Not a test: nothing here asserts a timing.
import { loadConfig } from '../apps/api/src/config.ts';
import { readProgramConfigs } from '../apps/api/src/db/seed.ts';
import { refreshProgram, settingsByProgram } from '../apps/api/src/modules/adherence/public.ts';
import { computeProgramFigures } from '../apps/api/src/modules/figures/public.ts';
import { addStaffCommand } from '../apps/api/src/modules/staff/commands.ts';
import { findMemberByEmail, insertSession } from '../apps/api/src/modules/staff/repository.ts';
import { STAFF_SESSION_MAX_MS } from '@portal/contracts/staff';
import { randomToken, sha256 } from '../apps/api/src/platform/crypto.ts';
import { openDatabase } from '../apps/api/src/platform/db.ts';
import { seedBenchPatients } from '../scripts/bench-seed.ts';
import { addPharmacy, PURCHASES_EACH, seedPurchases } from './pharmacy.ts';
import { BENCH_PASSWORD, runSized } from './sized.ts';
import { CONNECTIONS, measure, printTable, SERVER_SECRETS, type Measured, type Row, type Running } from './support.ts';

export const CALL = 'GET /api/v1/staff/outreach';
export const FIGURES = 'GET /api/v1/staff/figures';

/**
 * PURCHASES_EACH purchases of a box of 30 for every bench patient (one tablet a day), one every 35 days, the newest
 * between 35 and 94 days ago by patient: most ran out, at different days, as a program's list would have them. The
 * treatments and their history begin before the first purchase.
 */
export function seedAdherencePurchases(databaseUrl: string): Promise<void> {
  return seedPurchases(databaseUrl, { everyDays: 35, spreadDays: 60 }, async (client, { low, high }) => {
    await client.query(
      `update treatment_version set at = now() - interval '800 days' where plan_patient_id between $1 and $2`,
      [low, high],
    );
  });
}

/**
 * Alivio agents made with `staff:add`, one per connection, each with a session opened in the database: a call center's
 * agents reading the list at once (one session's calls would all wait on its row's touch, which no agent does).
 */
export async function agentSessions(databaseUrl: string, count: number, role = 'agent'): Promise<string[]> {
  const config = loadConfig({ ...SERVER_SECRETS, NODE_ENV: 'production', DATABASE_URL: databaseUrl });
  const database = await openDatabase({ databaseUrl, pgliteDataDir: config.PGLITE_DATA_DIR });
  try {
    const sessions: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const email = `bench-agent-${process.pid}-${Date.now()}-${index}@bench.example`;
      const made = await addStaffCommand([email, `${role}:alivio`], { db: database.db, config, now: new Date() });
      if (made.status !== 0) throw new Error(`staff:add failed: ${made.stderr}`);
      const member = await findMemberByEmail(database.db, email);
      const token = `stf_${randomToken(32)}`;
      await insertSession(database.db, member!.id, sha256(token), new Date(), STAFF_SESSION_MAX_MS);
      sessions.push(`Bearer ${token}`);
    }
    return sessions;
  } finally {
    await database.close();
  }
}

/**
 * The console's two adherence calls on a running server, each a measurement to run: the outreach list (an agent per
 * connection) and the program's figures (a manager per connection). The sessions are new each time: a session ends 15
 * minutes idle, and the other size's seeding may take longer.
 */
export async function adherenceCalls(
  server: Running,
  databaseUrl: string,
): Promise<[typeof CALL | typeof FIGURES, () => Promise<Measured>][]> {
  const host = { host: `alivio.localhost:${server.port}` };
  const agents = await agentSessions(databaseUrl, CONNECTIONS);
  const managers = await agentSessions(databaseUrl, CONNECTIONS, 'manager');
  let next = 0;
  return [
    [
      CALL,
      () =>
        measure(`${server.origin}/api/v1/staff/outreach`, host, {
          setup: () => ({ headers: { authorization: agents[(next += 1) % agents.length]! } }),
        }),
    ],
    [
      FIGURES,
      () =>
        measure(`${server.origin}/api/v1/staff/figures`, host, {
          setup: () => ({ headers: { authorization: managers[(next += 1) % managers.length]! } }),
        }),
    ],
  ];
}

/** The summaries' and the list's full refresh of alivio, then the figures' rebuild, each timed: the jobs' rounds. */
export async function timeFullRefresh(
  databaseUrl: string,
): Promise<{ ms: number; plans: number; entries: number; figuresMs: number }> {
  const config = loadConfig({ ...SERVER_SECRETS, NODE_ENV: 'production', DATABASE_URL: databaseUrl });
  const database = await openDatabase({ databaseUrl, pgliteDataDir: config.PGLITE_DATA_DIR });
  try {
    const { program } = await import('../apps/api/src/db/schema.ts');
    const programs = await database.db.select({ id: program.id, slug: program.slug }).from(program);
    const alivio = programs.find((row) => row.slug === 'alivio')!;
    const settings = settingsByProgram(readProgramConfigs(config.PROGRAMS_DIR), programs)(alivio.id);
    const started = performance.now();
    const report = await refreshProgram(database.db, alivio.id, settings, new Date(), { full: true });
    const ms = performance.now() - started;
    const figuresStarted = performance.now();
    await computeProgramFigures(database.db, alivio.id, new Date());
    return { ms, plans: report.plans, entries: report.entries, figuresMs: performance.now() - figuresStarted };
  } finally {
    await database.close();
  }
}

export async function runAdherence(): Promise<Row[]> {
  const refreshes: Row[] = [];
  const label = (size: number) =>
    `${size.toLocaleString('en')} patients, ${(size * PURCHASES_EACH).toLocaleString('en')} purchases`;
  const rows = await runSized({
    title: 'The outreach list and the figures on PostgreSQL',
    name: 'adherence',
    sizes: [
      Number(process.env.BENCH_ADHERENCE_PATIENTS_SMALL ?? 1_000),
      Number(process.env.BENCH_ADHERENCE_PATIENTS_LARGE ?? 100_000),
    ],
    rounds: Number(process.env.BENCH_ADHERENCE_ROUNDS ?? 3),
    label,
    prepare: async (url, size) => {
      await seedBenchPatients(url, size, BENCH_PASSWORD);
      await addPharmacy(url, 1);
      await seedAdherencePurchases(url);
      const refreshed = await timeFullRefresh(url);
      refreshes.push({
        what: `Full refresh of the summaries and the list, ${label(size)} (${refreshed.plans.toLocaleString('en')} plans, ${refreshed.entries.toLocaleString('en')} listed)`,
        figure: `${(refreshed.ms / 1000).toFixed(1)} s`,
        goal: 'reported (a job every 5 minutes; no request waits for it)',
        met: true,
      });
      refreshes.push({
        what: `Rebuild of the program's figures, ${label(size)}`,
        figure: `${(refreshed.figuresMs / 1000).toFixed(1)} s`,
        goal: 'reported (a job every 15 minutes; no request waits for it)',
        met: true,
      });
    },
    measureRound: async (server, _size, _round, databaseUrl) => {
      const figures: [string, Measured][] = [];
      for (const [call, run] of await adherenceCalls(server, databaseUrl)) figures.push([call, await run()]);
      return figures;
    },
    slowdown: { calls: [CALL, FIGURES], goal: 1.2, of: 'p99' },
  });
  printTable('The summaries’ full refresh (once per size)', refreshes);
  return [...rows, ...refreshes];
}

if (process.argv[1]?.endsWith('adherence.ts')) await runAdherence();
