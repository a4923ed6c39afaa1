// `npm run bench`: throughput and latency of the server against a bare endpoint of the same server,
// measured in the same run (ratios, not absolute numbers), and the gzip size of the login route's JS.
// Not a test: nothing here asserts a timing.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import pg from 'pg';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LOGIN_JS_BUDGET_KB = 110;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startServer(env: Record<string, string>) {
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
      RATE_LIMIT_PER_MINUTE: '100000000',
      LOGIN_PER_MINUTE: '100000000',
      SIGNUP_PER_MINUTE: '100000000',
      MAIL_WORKER: 'false',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  let exited = false;
  child.once('exit', () => (exited = true));
  for (let i = 0; i < 300 && !exited; i += 1) {
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

interface Result {
  name: string;
  rps: number;
  p99: number;
  errors: number;
}

async function measure(name: string, url: string, headers: Record<string, string> = {}, request: { method?: 'POST'; body?: string; connections?: number } = {}): Promise<Result> {
  const result = await autocannon({
    url,
    connections: request.connections ?? CONNECTIONS,
    duration: DURATION_S,
    headers: request.body ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(request.method ? { method: request.method } : {}),
    ...(request.body ? { body: request.body } : {}),
  });
  const errors = result.errors + result.non2xx;
  return { name, rps: result.requests.average, p99: result.latency.p99, errors };
}

function table(rows: Result[], baseline: Result) {
  console.log(`\n| scenario | req/s | p99 ms | ratio to baseline (req/s) | errors |\n| --- | --- | --- | --- | --- |`);
  for (const row of rows) {
    console.log(`| ${row.name} | ${Math.round(row.rps)} | ${row.p99} | ${(row.rps / baseline.rps).toFixed(3)} | ${row.errors} |`);
  }
}

async function loginRouteJs(origin: string) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
  });
  await page.goto(`${origin.replace('127.0.0.1', 'alivio.localhost')}/login`, { waitUntil: 'networkidle' });
  await browser.close();
  let total = 0;
  const files = [...scripts].map((file) => {
    const size = gzipSync(readFileSync(path.join(ROOT, 'apps/web/dist', file))).length;
    total += size;
    return { file, kb: (size / 1024).toFixed(1) };
  });
  return { files, totalKb: total / 1024 };
}

let signupCounter = 0;
/** A complete, valid enrolment in alivio's Costa Rica plan (101), unique on every call. */
function signupBody() {
  signupCounter += 1;
  const cedula = String(100_000_000 + ((process.pid * 7919 + signupCounter * 104_729) % 800_000_000)).slice(0, 9);
  return {
    idempotencyKey: randomUUID(),
    supportPlanId: 101,
    language: 'es',
    country: 'CR',
    email: `bench-${randomUUID().slice(0, 12)}@bench.example`,
    identification: { type: 'IDENTIFICATION', number: cedula },
    personalInfo: { firstName: 'Lucía', lastName: 'Quesada', secondSurname: 'Mora', gender: 'FEMALE' },
    birthDate: '1985-03-14',
    contact: { phone: { country: 'CR', phoneNumber: '8800-1234' } },
    address: { line: 'De la iglesia 200 m al norte, casa 12', location: { id: 'CR-san-jose-escazu' } },
    password: 'Primera-clave-9',
    consent: { accepted: true, termsVersion: '3.1' },
    treatments: [{ productId: 1101, unitAmount: '1', frequency: { amount: 1, interval: 'day' }, duration: { amount: 6, interval: 'month' }, notStarted: true, doctor: { firstName: 'Laura', lastName: 'Vargas' }, healthCenter: { name: 'Clínica Central', type: 'PRIVATE' } }],
  };
}

async function argon2VerifyCeiling(): Promise<number> {
  const { hash, verify } = await import('@node-rs/argon2');
  const encoded = await hash('Demo-pass-2026', { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const until = Date.now() + 3000;
  let count = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (Date.now() < until) {
        await verify(encoded, 'Demo-pass-2026');
        count += 1;
      }
    }),
  );
  return count / 3;
}

const target = process.env.BENCH_TARGET ?? 'pglite';
const BENCH_DB = `portal_bench_${process.pid}`;
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** An isolated database for the PostgreSQL run, dropped afterwards. */
async function createBenchDatabase(): Promise<string> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  await client.query(`create database "${BENCH_DB}"`);
  await client.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${BENCH_DB}`;
  return url.toString();
}

async function dropBenchDatabase() {
  if (target !== 'postgres') return;
  await new Promise((resolve) => setTimeout(resolve, 500));
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  await client.query(`drop database if exists "${BENCH_DB}" with (force)`);
  await client.end();
}
const server = await startServer(target === 'postgres' ? { DATABASE_URL: await createBenchDatabase() } : { PGLITE_DATA_DIR: 'memory://' });
try {
  const host = { host: `alivio.localhost:${server.port}` };
  console.log(`bench: ${CONNECTIONS} connections, ${DURATION_S} s each, database ${target}`);
  const baseline = await measure('baseline GET /healthz', `${server.origin}/healthz`, host);
  const rows = [
    baseline,
    await measure('GET /api/v1/resource/countries?lang=es', `${server.origin}/api/v1/resource/countries?lang=es`, host),
    await measure('GET /api/v1/resource/features (database)', `${server.origin}/api/v1/resource/features`, host),
    await measure('GET /program/alivio/texts/text-es.json', `${server.origin}/program/alivio/texts/text-es.json?ts=1`, host),
  ];
  table(rows, baseline);

  // Identity: login is bound by argon2id; its ceiling is measured here, in this run, on the same machine.
  const credentials = JSON.stringify({ email: 'demo@alivio.example', password: 'Demo-pass-2026' });
  const ceiling = await argon2VerifyCeiling();
  const loginRow = await measure('POST /api/v1/login (argon2id verify)', `${server.origin}/api/v1/login`, host, { method: 'POST', body: credentials, connections: 8 });
  console.log(`\nargon2id verify ceiling (m=19 MiB, t=2, p=1; 4 threads, in this process): ${Math.round(ceiling)} verifies/s`);
  console.log(`login: ${Math.round(loginRow.rps)} req/s, p99 ${loginRow.p99} ms, ${(loginRow.rps / ceiling).toFixed(2)}x the verify ceiling, errors ${loginRow.errors}`);
  const tokens = (await (await fetch(`${server.origin}/api/v1/login`, { method: 'POST', headers: { ...host, 'content-type': 'application/json' }, body: credentials })).json()) as { data: { AccessToken: string } };
  const userRow = await measure('GET /api/v1/user (bearer)', `${server.origin}/api/v1/user?expand=USER,PERIOD,CAREGIVER`, { ...host, authorization: `Bearer ${tokens.data.AccessToken}` });
  table([baseline, userRow], baseline);

  // Enrolment: each request a new patient (new e-mail, cédula and idempotency key); argon2id hashing bounds it too.
  const signup = await autocannon({
    url: server.origin,
    connections: 8,
    duration: DURATION_S,
    headers: { ...host, 'content-type': 'application/json' },
    requests: [{ method: 'POST', path: '/api/v1/patient/signup', setupRequest: (request) => ({ ...request, body: JSON.stringify(signupBody()) }) }],
  });
  const signupRow = { name: 'POST /api/v1/patient/signup (new patient)', rps: signup.requests.average, p99: signup.latency.p99, errors: signup.errors + signup.non2xx };
  table([baseline, signupRow], baseline);
  console.log(`signup: ${(signupRow.rps / ceiling).toFixed(2)}x the argon2id ceiling (one hash per enrolment)`);
  const js = await loginRouteJs(server.origin);
  console.log(`\nJavaScript loaded by the login route (gzip): ${js.totalKb.toFixed(1)} KB against a budget of ${LOGIN_JS_BUDGET_KB} KB (${(js.totalKb / LOGIN_JS_BUDGET_KB).toFixed(2)}x)`);
  for (const file of js.files) console.log(`  ${file.file}  ${file.kb} KB`);
} finally {
  server.stop();
  await dropBenchDatabase();
}
