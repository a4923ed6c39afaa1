// `npm run bench`: throughput and latency of the server against a bare endpoint of the same server,
// measured in the same run (ratios, not absolute numbers), and the gzip size of the login route's JS.
// Not a test: nothing here asserts a timing.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';

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
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '100000000', ...env },
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

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Result> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
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

const target = process.env.BENCH_TARGET ?? 'pglite';
const server = await startServer(target === 'postgres' ? { DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' } : { PGLITE_DATA_DIR: 'memory://' });
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
  const js = await loginRouteJs(server.origin);
  console.log(`\nJavaScript loaded by the login route (gzip): ${js.totalKb.toFixed(1)} KB against a budget of ${LOGIN_JS_BUDGET_KB} KB (${(js.totalKb / LOGIN_JS_BUDGET_KB).toFixed(2)}x)`);
  for (const file of js.files) console.log(`  ${file.file}  ${file.kb} KB`);
} finally {
  server.stop();
}
