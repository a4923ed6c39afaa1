// `npm run bench:profile`: where a call's time goes (decisions 086 and 090), on PostgreSQL with BENCH_PROFILE_PATIENTS
// patients (1,000 by default). BENCH_PROFILE_SCENARIO names the calls: `pharmacy` (the default: the pharmacy loop's
// calls and the patient's reads, 20 purchases each, bench/pharmacy.ts) or `adherence` (the console's outreach list and the
// program's figures, 20 purchases each as bench/adherence.ts seeds them). For each call, a server of its own runs under
// `node --cpu-prof` while the bench's load (50 connections) calls it; the table gives the CPU each process used per
// request (the server, the PostgreSQL backends serving its database, this load generator) and the server's profile by self time, by package
// and by function. The profiles stay in BENCH_PROFILE_DIR (a temporary folder by default) for
// Chrome's DevTools. BENCH_PROFILE_DATABASE_URL profiles a database seeded before (by an earlier run with
// BENCH_PROFILE_KEEP=true, which keeps its database and prints its address) instead of seeding one: 100,000 patients
// take minutes to seed. Each call also gets what each table did per request (decision 091). BENCH_PROFILE_CALLS=0,1
// picks calls by their place in the scenario's names. Not a test: nothing here asserts a timing.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { seedBenchPatients } from '../scripts/bench-seed.ts';
import { adherenceCalls, CALL, FIGURES, seedAdherencePurchases, timeFullRefresh } from './adherence.ts';
import { addPharmacy, CALLS, discountCodes, LIMITS, pharmacyCalls, seedPurchases } from './pharmacy.ts';
import { BENCH_PASSWORD } from './sized.ts';
import {
  CONNECTIONS,
  createBenchDatabase,
  PG_ADMIN_URL,
  ROOT,
  startServer,
  type Measured,
  type Running,
} from './support.ts';

const SIZE = Number(process.env.BENCH_PROFILE_PATIENTS ?? 1_000);
const SCENARIO = process.env.BENCH_PROFILE_SCENARIO ?? 'pharmacy';
const TOP = Number(process.env.BENCH_PROFILE_TOP ?? 12);
const CLOCK_TICKS = 100;

/** CPU seconds (user and system) of a process, from /proc; 0 once it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds of each PostgreSQL backend serving the database now, by process id: the server's pool's connections,
 * not the other databases' backends of a shared PostgreSQL, nor its background processes (the WAL writer, autovacuum).
 */
async function postgresCpuSeconds(databaseUrl: string): Promise<Map<number, number>> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    return new Map(rows.map(({ pid }) => [pid, cpuSeconds(pid)]));
  } finally {
    await client.end();
  }
}

/** The CPU the database's backends used between two readings (a backend that started meanwhile counts whole). */
function postgresCpuUsed(before: Map<number, number>, after: Map<number, number>): number {
  let used = 0;
  for (const [pid, seconds] of after) used += seconds - (before.get(pid) ?? 0);
  return used;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** Where a function lives: a package of node_modules, Node itself, the portal's code, or V8's own buckets. */
function placeOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  if (url.startsWith('node:')) return 'node';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [first, second] = url.slice(modules + 'node_modules/'.length).split('/');
    return first!.startsWith('@') ? `${first}/${second}` : first!;
  }
  return url.includes(ROOT) ? 'portal' : 'other';
}

/**
 * The profile's self time while the load ran (`window`, in microseconds of the monotonic clock the profiler's
 * timestamps use too), by place and by function, as shares of those samples: the server's start is left out.
 */
function summarise(file: string, window: { from: number; to: number }) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as {
    nodes: ProfileNode[];
    samples: number[];
    startTime: number;
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const hits = new Map<number, number>();
  let at = profile.startTime;
  let inWindow = 0;
  for (const [index, sample] of profile.samples.entries()) {
    at += profile.timeDeltas[index] ?? 0;
    if (at < window.from || at > window.to) continue;
    inWindow += 1;
    hits.set(sample, (hits.get(sample) ?? 0) + 1);
  }
  const places = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  for (const [id, count] of hits) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') continue;
    busy += count;
    const place = placeOf(url, functionName);
    places.set(place, (places.get(place) ?? 0) + count);
    const where = url ? `${path.basename(url)}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${where} [${place}]`;
    functions.set(key, (functions.get(key) ?? 0) + count);
  }
  const top = (map: Map<string, number>) =>
    [...map.entries()]
      .sort(([, left], [, right]) => right - left)
      .slice(0, TOP)
      .map(([what, count]) => `${((count / busy) * 100).toFixed(1)} % ${what}`);
  return { busyShare: busy / inWindow, places: top(places), functions: top(functions) };
}

interface TableActivity {
  seqScans: number;
  seqRows: number;
  indexScans: number;
  inserted: number;
  updated: number;
  blocks: number;
  read: number;
}

/**
 * What each table of the bench's database did so far (decision 091): scans, rows read by sequential scans, rows
 * written, and the blocks touched (in shared buffers or read into them), tables and their indexes together. The
 * statistics reach these views when a backend reports them (within a second of its transaction), and a snapshot is
 * kept per transaction: each call reads them afresh, a second after the load.
 */
async function tableActivity(client: pg.Client): Promise<Map<string, TableActivity>> {
  const { rows } = await client.query<{ relname: string } & Record<keyof TableActivity, string>>(
    `select t.relname, coalesce(t.seq_scan, 0) as "seqScans", coalesce(t.seq_tup_read, 0) as "seqRows",
       coalesce(t.idx_scan, 0) as "indexScans", t.n_tup_ins as inserted, t.n_tup_upd as updated,
       coalesce(s.heap_blks_hit, 0) + coalesce(s.heap_blks_read, 0) + coalesce(s.idx_blks_hit, 0)
         + coalesce(s.idx_blks_read, 0) + coalesce(s.toast_blks_hit, 0) + coalesce(s.toast_blks_read, 0) as blocks,
       coalesce(s.heap_blks_read, 0) + coalesce(s.idx_blks_read, 0) as read
     from pg_stat_user_tables t join pg_statio_user_tables s using (relid)`,
  );
  return new Map(
    rows.map((row) => [
      row.relname,
      {
        seqScans: Number(row.seqScans),
        seqRows: Number(row.seqRows),
        indexScans: Number(row.indexScans),
        inserted: Number(row.inserted),
        updated: Number(row.updated),
        blocks: Number(row.blocks),
        read: Number(row.read),
      },
    ]),
  );
}

/** The tables that did the most per request between two readings, by blocks touched. */
function tableLines(before: Map<string, TableActivity>, after: Map<string, TableActivity>, requests: number) {
  const per = (value: number) => (value / requests).toFixed(value / requests < 10 ? 2 : 0);
  return [...after.entries()]
    .map(([table, now]) => {
      const then = before.get(table) ?? {
        seqScans: 0,
        seqRows: 0,
        indexScans: 0,
        inserted: 0,
        updated: 0,
        blocks: 0,
        read: 0,
      };
      const delta = Object.fromEntries(
        Object.entries(now).map(([key, value]) => [key, value - then[key as keyof TableActivity]]),
      ) as unknown as TableActivity;
      return { table, delta };
    })
    .filter(({ delta }) => delta.blocks > 0 || delta.seqScans > 0)
    .sort((left, right) => right.delta.blocks - left.delta.blocks)
    .slice(0, TOP)
    .map(
      ({ table, delta }) =>
        `${table}: ${per(delta.blocks)} blocks (${per(delta.read)} read in), ${per(delta.seqScans)} seq scans of ${per(delta.seqRows)} rows, ${per(delta.indexScans)} index scans, ${per(delta.inserted)} inserted, ${per(delta.updated)} updated`,
    );
}

/** A scenario: its calls' names, its seeding, and its calls on a running server, each a measurement to run. */
interface Scenario {
  names: readonly string[];
  seed: (databaseUrl: string) => Promise<void>;
  calls: (server: Running, databaseUrl: string) => Promise<[call: string, run: () => Promise<Measured>][]>;
}

function pharmacyScenario(): Scenario {
  let keys: string[] = [];
  let codes: string[] | undefined;
  let round = 0;
  return {
    names: CALLS,
    seed: async (url) => {
      await seedBenchPatients(url, SIZE, BENCH_PASSWORD);
      keys = (await addPharmacy(url, CONNECTIONS)).keys;
      await seedPurchases(url);
    },
    calls: async (server) => {
      if (keys.length === 0) throw new Error('the pharmacy scenario seeds its own database (its keys are not kept)');
      codes ??= await discountCodes(server.origin, { host: `alivio.localhost:${server.port}` }, SIZE);
      return pharmacyCalls(server, SIZE, (round += 1), codes, keys);
    },
  };
}

function adherenceScenario(): Scenario {
  return {
    names: [CALL, FIGURES],
    seed: async (url) => {
      await seedBenchPatients(url, SIZE, BENCH_PASSWORD);
      await addPharmacy(url, 1);
      await seedAdherencePurchases(url);
      const refreshed = await timeFullRefresh(url);
      console.log(
        `full refresh ${(refreshed.ms / 1000).toFixed(1)} s (${refreshed.plans} plans, ${refreshed.entries} listed), figures' rebuild ${(refreshed.figuresMs / 1000).toFixed(1)} s`,
      );
    },
    calls: (server, url) => adherenceCalls(server, url),
  };
}

const scenarios: Record<string, () => Scenario> = { pharmacy: pharmacyScenario, adherence: adherenceScenario };
const scenario = scenarios[SCENARIO]?.();
if (!scenario) throw new Error(`BENCH_PROFILE_SCENARIO: one of ${Object.keys(scenarios).join(', ')}`);

const dir = process.env.BENCH_PROFILE_DIR ?? mkdtempSync(path.join(tmpdir(), 'portal-profile-'));
const given = process.env.BENCH_PROFILE_DATABASE_URL;
const database = given
  ? { url: given, drop: async () => {} }
  : await createBenchDatabase(`portal_bench_profile_${SCENARIO}_${SIZE}_${process.pid}`);
const keep = Boolean(given) || process.env.BENCH_PROFILE_KEEP === 'true';
try {
  if (!given) {
    const first = await startServer({ DATABASE_URL: database.url });
    await first.stop();
    await scenario.seed(database.url);
  }
  const stats = new pg.Client({ connectionString: database.url });
  await stats.connect();
  const only = process.env.BENCH_PROFILE_CALLS?.split(',').map(Number);
  for (const [index, call] of scenario.names.entries()) {
    if (only && !only.includes(index)) continue;
    const own = path.join(dir, `call-${index}`);
    const server = await startServer({ DATABASE_URL: database.url, ...LIMITS }, [
      '--cpu-prof',
      `--cpu-prof-dir=${own}`,
    ]);
    const run = (await scenario.calls(server, database.url))[index]![1];
    const tablesBefore = await tableActivity(stats);
    const before = {
      server: cpuSeconds(server.pid),
      postgres: await postgresCpuSeconds(database.url),
      load: process.cpuUsage(),
    };
    const from = Number(process.hrtime.bigint() / 1000n);
    const measured = await run();
    const to = Number(process.hrtime.bigint() / 1000n);
    const load = process.cpuUsage(before.load);
    const used = {
      server: cpuSeconds(server.pid) - before.server,
      postgres: postgresCpuUsed(before.postgres, await postgresCpuSeconds(database.url)),
      load: (load.user + load.system) / 1e6,
    };
    await server.stop();
    // The statistics reach the views within a second of each backend's last transaction.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const tablesAfter = await tableActivity(stats);
    // The warm-up's requests are in the CPU figures too: per request over both.
    const requests =
      measured.rps * (Number(process.env.BENCH_DURATION_S ?? 8) + Number(process.env.BENCH_WARMUP_S ?? 2));
    const perRequest = (seconds: number) => `${((seconds / requests) * 1e3).toFixed(2)} ms`;
    const profileFile = readdirSync(own).find((name) => name.endsWith('.cpuprofile'));
    console.log(`\n## ${call}: ${Math.round(measured.rps)} req/s, p99 ${measured.p99} ms`);
    console.log(
      `CPU per request (approximate): server ${perRequest(used.server)}, PostgreSQL ${perRequest(used.postgres)}, load generator ${perRequest(used.load)}`,
    );
    console.log('tables, per request (the most blocks first):');
    for (const line of tableLines(tablesBefore, tablesAfter, requests)) console.log(`  ${line}`);
    if (!profileFile) continue;
    const summary = summarise(path.join(own, profileFile), { from, to });
    console.log(`server busy ${(summary.busyShare * 100).toFixed(0)} % of the load's samples; self time by place:`);
    for (const line of summary.places) console.log(`  ${line}`);
    console.log('by function:');
    for (const line of summary.functions) console.log(`  ${line}`);
  }
  await stats.end();
} finally {
  if (keep) console.log(`\nthe database is kept: BENCH_PROFILE_DATABASE_URL=${database.url}`);
  else await database.drop();
  if (!process.env.BENCH_PROFILE_DIR) rmSync(dir, { recursive: true, force: true });
}
