// The login flood (decision 043): many addresses each under its own limits send logins with unknown e-mails, and
// meanwhile a visitor asks for `GET /login` and a pre-compressed built script, and a patient logs in. Their p99 under
// the flood is read as a ratio to the same requests, in the same run, without it (goal: at most 3x). The server runs
// with the production limits (not lifted as for the other rows): the flood spreads over FLOOD_ADDRESSES loopback
// addresses (127.0.0.x, 127.0.1.x …; the server sees each as its own client) so that no address reaches its limit.
// `npm run bench:flood` runs this row alone (BENCH_TARGET=postgres for PostgreSQL). Not a test: nothing here asserts a timing.
import { randomUUID } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST } from '../e2e/bundle-bytes.ts';
import { createBenchDatabase, printTable, startServer, type Row } from './support.ts';

const FLOOD_CONNECTIONS = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 64);
const FLOOD_ADDRESSES = Number(process.env.BENCH_FLOOD_ADDRESSES ?? 300);
const FLOOD_S = Number(process.env.BENCH_FLOOD_S ?? 10);
/** The flood runs this long before the probes start counting: the server's queue is then as full as it gets. */
const FLOOD_WARMUP_S = 3;
/** One probe of each page every this many milliseconds, a patient's login every PATIENT_EVERY_MS. */
const PROBE_EVERY_MS = 50;
const PATIENT_EVERY_MS = 1500;
/** alivio's demo patients, in turn: each logs in every 4.5 s, under the login's limit per e-mail (20 a minute). */
const PATIENTS = ['demo@alivio.example', 'demo2@alivio.example', 'menor@alivio.example'];
const RATIO_GOAL = 3;
const HOST = 'alivio.localhost';

const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

interface Answer {
  status: number;
  ms: number;
}

/** One request from `localAddress` (the server limits per address), the body read to its end. */
function request(
  origin: URL,
  method: 'GET' | 'POST',
  pathname: string,
  options: { body?: string; headers?: Record<string, string>; localAddress?: string } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const call = http.request(
      {
        agent,
        host: origin.hostname,
        port: origin.port,
        method,
        path: pathname,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        headers: {
          host: `${HOST}:${origin.port}`,
          ...(options.body ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    call.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    call.end(options.body);
  });
}

/** 127.0.0.2 … onwards: `count` loopback addresses other than the probes' 127.0.0.1. */
function floodAddresses(count: number): string[] {
  return Array.from(
    { length: count },
    (_, index) => `127.0.${Math.floor((index + 2) / 250)}.${((index + 2) % 250) + 1}`,
  );
}

/** The logins of the flood, FLOOD_CONNECTIONS at a time, until `stop` resolves: each a new unknown e-mail. */
async function flood(origin: URL, stop: Promise<void>) {
  const addresses = floodAddresses(FLOOD_ADDRESSES);
  const statuses = new Map<number, number>();
  let running = true;
  void stop.then(() => (running = false));
  let next = 0;
  await Promise.all(
    Array.from({ length: FLOOD_CONNECTIONS }, async () => {
      while (running) {
        const localAddress = addresses[next++ % addresses.length]!;
        const body = JSON.stringify({ email: `flood-${randomUUID()}@bench.example`, password: 'Not-the-password-1' });
        const { status } = await request(origin, 'POST', '/api/v1/login', { body, localAddress });
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  return statuses;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

interface Probes {
  page: number[];
  asset: number[];
  login: Answer[];
}

/** For `seconds`: GET /login and the asset every PROBE_EVERY_MS each (not waiting for each other), a login every PATIENT_EVERY_MS. */
async function probe(origin: URL, asset: string, seconds: number): Promise<Probes> {
  const until = performance.now() + seconds * 1000;
  const probes: Probes = { page: [], asset: [], login: [] };
  const paced = async (every: number, call: () => Promise<void>) => {
    const calls: Promise<void>[] = [];
    while (performance.now() < until) {
      calls.push(call());
      await new Promise((resolve) => setTimeout(resolve, every));
    }
    await Promise.all(calls);
  };
  let patientLogins = 0;
  await Promise.all([
    paced(PROBE_EVERY_MS, async () => {
      probes.page.push((await request(origin, 'GET', '/login', { headers: { 'accept-encoding': 'br, gzip' } })).ms);
    }),
    paced(PROBE_EVERY_MS, async () => {
      probes.asset.push((await request(origin, 'GET', asset, { headers: { 'accept-encoding': 'br, gzip' } })).ms);
    }),
    // One patient: one login at a time, as a person would.
    (async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const email = PATIENTS[(patientLogins += 1) % PATIENTS.length]!;
        const body = JSON.stringify({ email, password: 'Demo-pass-2026' });
        probes.login.push(await request(origin, 'POST', '/api/v1/login', { body }));
        await new Promise((resolve) =>
          setTimeout(resolve, Math.max(0, PATIENT_EVERY_MS - (performance.now() - started))),
        );
      }
    })(),
  ]);
  return probes;
}

/** The largest built script with a brotli copy beside it (the build writes them): served from that copy. */
function largestAsset(): string {
  const folder = path.join(DIST, 'assets');
  const files = new Set(readdirSync(folder));
  const scripts = [...files].filter((file) => file.endsWith('.js') && files.has(`${file}.br`));
  const sized = scripts.map((file) => ({ file, size: statSync(path.join(folder, file)).size }));
  return `/assets/${sized.sort((a, b) => b.size - a.size)[0]!.file}`;
}

const ms = (value: number) => `${Math.round(value)} ms`;

export async function loginFloodRows(target: string): Promise<Row[]> {
  const database = target === 'postgres' ? await createBenchDatabase(`portal_bench_flood_${process.pid}`) : undefined;
  // The production limits: the flood stays under every address's, as the attack did.
  const server = await startServer({
    ...(database ? { DATABASE_URL: database.url } : { PGLITE_DATA_DIR: 'memory://' }),
    RATE_LIMIT_PER_MINUTE: '1200',
    LOGIN_PER_MINUTE: '20',
    SIGNUP_PER_MINUTE: '10',
  });
  try {
    const origin = new URL(server.origin);
    const asset = largestAsset();
    // Warm: the server-rendered page and the login's first hashes are made once, outside the figures.
    await probe(origin, asset, 2);
    const quiet = await probe(origin, asset, FLOOD_S);
    let stopFlood!: () => void;
    const floodStarted = performance.now();
    const flooding = flood(origin, new Promise<void>((resolve) => (stopFlood = resolve)));
    await new Promise((resolve) => setTimeout(resolve, FLOOD_WARMUP_S * 1000));
    const flooded = await probe(origin, asset, FLOOD_S);
    stopFlood();
    // Every answer of the flood, over the time until its last one (what was in flight at the stop included).
    const statuses = await flooding;
    const elapsedS = (performance.now() - floodStarted) / 1000;
    const floodTotal = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    const statusList = [...statuses.entries()].map(([status, count]) => `${count} × ${status}`).join(', ');
    const ratioRow = (what: string, before: number[], after: number[]): Row => {
      const ratio = percentile(after, 99) / percentile(before, 99);
      return {
        what: `${what}: p99 under the flood / without it`,
        figure: `${ratio.toFixed(2)}x (${ms(percentile(after, 99))} vs ${ms(percentile(before, 99))}; ${after.length} and ${before.length} requests)`,
        goal: `≤ ${RATIO_GOAL}x`,
        met: ratio <= RATIO_GOAL,
      };
    };
    const logins = (answers: Answer[]) => {
      const ok = answers.filter((answer) => answer.status === 200).map((answer) => answer.ms);
      const refused = answers.length - ok.length;
      return `median ${ms(percentile(ok, 50))}, slowest ${ms(percentile(ok, 100))}${
        refused
          ? `, ${refused} of ${answers.length} not logged in (${answers
              .filter((a) => a.status !== 200)
              .map((a) => a.status)
              .join(' ')})`
          : ''
      }`;
    };
    return [
      {
        what: `the flood: ${FLOOD_CONNECTIONS} connections of unknown-e-mail logins from ${FLOOD_ADDRESSES} loopback addresses`,
        figure: `${(floodTotal / elapsedS).toFixed(1)} answers/s (${statusList})`,
        goal: '—',
      },
      ratioRow('GET /login (server-rendered)', quiet.page, flooded.page),
      ratioRow(`GET ${asset} (br, pre-compressed)`, quiet.asset, flooded.asset),
      {
        what: `a patient's login (${PATIENTS.length} demo accounts in turn, one login every ${PATIENT_EVERY_MS} ms)`,
        figure: `under the flood ${logins(flooded.login)}; without it ${logins(quiet.login)}`,
        goal: 'none set',
      },
    ];
  } finally {
    agent.destroy();
    await server.stop();
    await database?.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const target = process.env.BENCH_TARGET ?? 'pglite';
  printTable(`Login flood on ${target} (${FLOOD_S} s with and ${FLOOD_S} s without)`, await loginFloodRows(target));
}
