// What every bench scenario shares: a free port, the portal server and the bare Fastify baseline as child
// processes, an autocannon measurement, an isolated PostgreSQL database, and the table with the goal beside each figure.
// Not a test: nothing here asserts a timing.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../apps/api/src/test/free-port.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/**
 * Each measurement is preceded by this many seconds of the same load, not counted: the figures are the server's
 * steady state, not its first seconds (the code's compilation, the database pool's connections and their prepared
 * statements), which a long-running server pays once and an 8 s run would otherwise put in its p99. 0 turns it off.
 */
export const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
export const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface Running {
  origin: string;
  port: number;
  /** The process's id (the CPU it used, bench/profile.ts). */
  pid: number;
  /** Lets the requests the load tool abandoned finish, then ends the process and waits for it to exit. */
  stop: () => Promise<void>;
}

/** Spawns `node --import tsx <script>` on a free port and waits until `readyPath` answers 2xx. */
async function startProcess(
  script: string,
  env: Record<string, string>,
  readyPath: string,
  nodeArgs: string[] = [],
): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exit.then(() => (exited = true));
  const stop = async () => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    child.kill('SIGTERM');
    const late = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exit;
    clearTimeout(late);
  };
  // PGlite's first migration and a seeded PostgreSQL both take seconds on a busy machine, and the demo's year of
  // purchases more than a minute at a load average of 10 on two cores: wait up to three minutes.
  for (let i = 0; i < 1800 && !exited; i += 1) {
    try {
      if ((await fetch(`${origin}${readyPath}`)).ok) return { origin, port, pid: child.pid!, stop };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${script} did not start`);
}

/** The bench server's secrets: a command that writes what the server reads (a pharmacy's key) needs the same. */
export const SERVER_SECRETS = {
  KEY_ENCRYPTION_SECRET: 'bench-only-key-encryption-secret-000000000',
  SIGNING_SECRET: 'bench-only-signing-secret-000000000000000000',
};

/**
 * The portal as production runs it, with limits lifted so that the load is not answered by 429s; `nodeArgs` go to its
 * Node (a CPU profile's `--cpu-prof`).
 */
export function startServer(env: Record<string, string>, nodeArgs: string[] = []): Promise<Running> {
  return startProcess(
    'apps/api/src/server.ts',
    {
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      ...SERVER_SECRETS,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: '100000000',
      LOGIN_PER_MINUTE: '100000000',
      SIGNUP_PER_MINUTE: '100000000',
      MAIL_WORKER: 'false',
      ...env,
    },
    '/readyz',
    nodeArgs,
  );
}

/** A bare Fastify "hello" in its own process: the baseline of the API rows. */
export function startBareFastify(): Promise<Running> {
  return startProcess('bench/bare-fastify.ts', {}, '/');
}

export interface Measured {
  rps: number;
  p99: number;
  errors: number;
}

export async function measure(
  url: string,
  headers: Record<string, string> = {},
  request: {
    method?: 'POST';
    body?: string;
    /** Each request's own body and headers (a new receipt, the next counter's key), over `body` and `headers`. */
    setup?: () => { body?: string; headers?: Record<string, string> };
    connections?: number;
    warmup?: boolean;
    /** Seconds measured and of warm-up before, when not the bench's own (`BENCH_DURATION_S`, `BENCH_WARMUP_S`). */
    durationS?: number;
    warmupS?: number;
  } = {},
): Promise<Measured> {
  const connections = request.connections ?? CONNECTIONS;
  const { setup } = request;
  const warmupS = request.warmupS ?? WARMUP_S;
  const result = await autocannon({
    url,
    connections,
    duration: request.durationS ?? DURATION_S,
    ...(warmupS > 0 && request.warmup !== false ? { warmup: { connections, duration: warmupS } } : {}),
    headers: request.body ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(request.method ? { method: request.method } : {}),
    ...(request.body ? { body: request.body } : {}),
    ...(setup
      ? {
          requests: [
            {
              setupRequest: (each: autocannon.Request) => {
                const own = setup();
                return {
                  ...each,
                  ...(own.body === undefined ? {} : { body: own.body }),
                  headers: { ...each.headers, ...own.headers },
                };
              },
            },
          ],
        }
      : {}),
  });
  // autocannon stops waiting at the end of the duration, but the server still answers what was in flight (on PGlite,
  // one query at a time, seconds of work): wait until /readyz, which queues behind it, answers, so that the next
  // figure does not pay for this one. The bare baseline has no /readyz and answers 404 at once.
  await fetch(new URL('/readyz', url)).catch(() => undefined);
  const refusals = Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, { count }]) => `${count}×${status}`);
  if (refusals.length > 0) console.log(`  ${url}: ${refusals.join(', ')}`);
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** The middle value (the mean of the two middle ones for an even count). */
/** Logs a patient in through the API and answers the headers of their calls: the program's host and the bearer token. */
export async function bearerHeaders(
  origin: string,
  host: { host: string },
  email: string,
  password: string,
): Promise<Record<string, string>> {
  const login = await fetch(`${origin}/api/v1/login`, {
    method: 'POST',
    headers: { ...host, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const token = ((await login.json()) as { data: { AccessToken: string } }).data.AccessToken;
  return { ...host, authorization: `Bearer ${token}` };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export interface Row {
  what: string;
  figure: string;
  goal: string;
  /** undefined when the issue sets no goal for the row. */
  met?: boolean;
}

export function printTable(title: string, rows: Row[]) {
  console.log(`\n${title}\n\n| what | figure | goal | met |\n| --- | --- | --- | --- |`);
  for (const row of rows)
    console.log(
      `| ${row.what} | ${row.figure} | ${row.goal} | ${row.met === undefined ? '—' : row.met ? 'yes' : '**no**'} |`,
    );
}

/** A row for an API call: its req/s as a ratio to the bare Fastify of the same run, its p99, and the goal. */
export function apiRow(
  what: string,
  row: Measured,
  bare: Measured,
  goal: { ratio?: number; p99Ms?: number } = {},
): Row {
  return ratioRow(what, { ...row, ratio: row.rps / bare.rps }, goal);
}

/** Rounds of a row with a goal (`BENCH_GOAL_ROUNDS`, 3 by default). */
export const GOAL_ROUNDS = Number(process.env.BENCH_GOAL_ROUNDS ?? 3);

/**
 * A row with a goal, measured in GOAL_ROUNDS rounds of the bare Fastify and then the call, back to back: the ratio
 * is the median of the rounds' own ratios and the p99 the median of theirs. On two shared cores the bare baseline
 * alone moves between about 23,000 and 38,000 req/s from one measurement to the next, so one baseline for a whole
 * table made a row's ratio move as much (countries: 0.27 to 0.45 for the same code).
 */
export async function pairedApiRow(
  what: string,
  bareUrl: string,
  url: string,
  headers: Record<string, string>,
  goal: { ratio?: number; p99Ms?: number },
): Promise<Row> {
  const rounds: { ratio: number; rps: number; p99: number; errors: number }[] = [];
  for (let round = 0; round < GOAL_ROUNDS; round += 1) {
    const bare = await measure(bareUrl);
    const row = await measure(url, headers);
    rounds.push({ ...row, ratio: row.rps / bare.rps });
  }
  const figure = {
    ratio: median(rounds.map((round) => round.ratio)),
    rps: median(rounds.map((round) => round.rps)),
    p99: median(rounds.map((round) => round.p99)),
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
  };
  return ratioRow(
    `${what} (median of ${GOAL_ROUNDS} paired rounds: ${rounds.map((round) => round.ratio.toFixed(3)).join(', ')})`,
    figure,
    goal,
  );
}

function ratioRow(what: string, row: Measured & { ratio: number }, goal: { ratio?: number; p99Ms?: number }): Row {
  const { ratio } = row;
  const goals = [
    goal.ratio === undefined ? undefined : `≥ ${goal.ratio.toFixed(2)} of bare Fastify`,
    goal.p99Ms === undefined ? undefined : `p99 ≤ ${goal.p99Ms} ms`,
  ].filter(Boolean);
  const met =
    goals.length === 0
      ? undefined
      : (goal.ratio === undefined || ratio >= goal.ratio) &&
        (goal.p99Ms === undefined || row.p99 <= goal.p99Ms) &&
        row.errors === 0;
  const errors = row.errors > 0 ? `, ${row.errors} errors` : '';
  return {
    what,
    figure: `${ratio.toFixed(3)} of bare Fastify (${Math.round(row.rps)} req/s), p99 ${row.p99} ms${errors}`,
    goal: goals.join(', ') || 'none set',
    met,
  };
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** An isolated PostgreSQL database for one scenario; `drop` removes it (after its servers have stopped). */
export async function createBenchDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  await admin(`create database "${name}"`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await admin(`drop database if exists "${name}" with (force)`);
    },
  };
}
