// My care under load: GET /api/v1/user and GET /api/v1/treatments as a patient, on PostgreSQL, with 1,000 and with
// 100,000 seeded patients, each against the same run's bare /healthz (ratios, never absolute timings).
// `npm run bench:my-care` (BENCH_PATIENTS_SMALL / BENCH_PATIENTS_LARGE change the sizes).
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { seedBenchPatients } from '../scripts/bench-seed.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SIZES = [Number(process.env.BENCH_PATIENTS_SMALL ?? 1_000), Number(process.env.BENCH_PATIENTS_LARGE ?? 100_000)];
const PASSWORD = 'Bench-pass-2026';
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = `portal_bench_care_${process.pid}`;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
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

async function startServer(databaseUrl: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      KEY_ENCRYPTION_SECRET: 'bench-only-key-encryption-secret-000000000',
      RECOVERY_HMAC_SECRET: 'bench-only-recovery-hmac-secret-0000000000',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      RATE_LIMIT_PER_MINUTE: '100000000',
      LOGIN_PER_MINUTE: '100000000',
      MAIL_WORKER: 'false',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return { origin, port, stop: () => child.kill('SIGTERM') };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

async function measure(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

await admin(`create database "${DB}"`);
const url = new URL(PG_ADMIN_URL);
url.pathname = `/${DB}`;
const rows: string[] = [];
const figures = new Map<string, number>();
try {
  for (const size of SIZES) {
    // The server migrates and seeds the programs on its first start; the patients go in before each measurement.
    let server = await startServer(url.toString());
    server.stop();
    await seedBenchPatients(url.toString(), size, PASSWORD);
    server = await startServer(url.toString());
    try {
      const host = { host: `alivio.localhost:${server.port}` };
      const login = await fetch(`${server.origin}/api/v1/login`, { method: 'POST', headers: { ...host, 'content-type': 'application/json' }, body: JSON.stringify({ email: `bench-${Math.ceil(size / 2)}@bench.example`, password: PASSWORD }) });
      const token = ((await login.json()) as { data: { AccessToken: string } }).data.AccessToken;
      const auth = { ...host, authorization: `Bearer ${token}` };
      const baseline = await measure(`${server.origin}/healthz`, host);
      for (const [name, path] of [['GET /api/v1/user', '/api/v1/user?expand=USER,PERIOD,CAREGIVER'], ['GET /api/v1/treatments', '/api/v1/treatments']] as const) {
        const row = await measure(`${server.origin}${path}`, auth);
        figures.set(`${name}@${size}`, row.rps);
        rows.push(`| ${name} | ${size.toLocaleString('en')} | ${Math.round(row.rps)} | ${row.p99} | ${(row.rps / baseline.rps).toFixed(3)} | ${row.errors} |`);
      }
      rows.push(`| baseline GET /healthz | ${size.toLocaleString('en')} | ${Math.round(baseline.rps)} | ${baseline.p99} | 1.000 | ${baseline.errors} |`);
    } finally {
      server.stop();
    }
  }
} finally {
  await new Promise((resolve) => setTimeout(resolve, 500));
  await admin(`drop database if exists "${DB}" with (force)`);
}
console.log(`\nMy care on PostgreSQL, ${CONNECTIONS} connections, ${DURATION_S} s each\n\n| call | patients | req/s | p99 ms | ratio to baseline | errors |\n| --- | --- | --- | --- | --- | --- |\n${rows.join('\n')}`);
const [small, large] = SIZES;
for (const name of ['GET /api/v1/user', 'GET /api/v1/treatments']) {
  const slowdown = (figures.get(`${name}@${small}`) ?? 0) / (figures.get(`${name}@${large}`) ?? 1);
  console.log(`${name}: ${large?.toLocaleString('en')} patients take ${slowdown.toFixed(2)}x the time per request of ${small?.toLocaleString('en')} (goal ≤ 1.20)`);
}
