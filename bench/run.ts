// `npm run bench`: the performance table (decision 022), each figure measured in this run against baselines of this run — a bare
// Fastify "hello" process for the API rows (ratios, not absolute numbers) — with the goal beside it, on PGlite and
// on PostgreSQL (an isolated database dropped after), then the byte budgets of the build and my care with 1,000 and
// 100,000 patients (bench/my-care.ts), and Lighthouse on /login against a blank page of the same server
// (bench/lighthouse.ts), and the login flood (bench/login-flood.ts). BENCH_TARGET=pglite|postgres runs one database;
// BENCH_MY_CARE=false skips my care, BENCH_BOOKING=false booking (bench/booking.ts), BENCH_PHARMACY=false the pharmacy loop (bench/pharmacy.ts), BENCH_ADHERENCE=false the outreach list (bench/adherence.ts), BENCH_IMPORT=false a chain's report imported (bench/import.ts), BENCH_LIGHTHOUSE=false Lighthouse, BENCH_FLOOD=false the flood, BENCH_TRACING=false the traces' rows (bench/tracing.ts), BENCH_ROUTES=false every door's calls (bench/routes.ts). Needs `npm run build` first. Not a test: nothing here asserts a timing.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { DIST, gzipKb, readBundle, sumGzipKb } from '../e2e/bundle-bytes.ts';
import { launchBrowser } from '../e2e/chromium.ts';
import { alivioBody } from '../apps/api/src/test/signup-bodies.ts';
import { lighthouseRows } from './lighthouse.ts';
import { loginFloodRows } from './login-flood.ts';
import { wayInRows } from './way-in.ts';
import { runBooking } from './booking.ts';
import { runMyCare } from './my-care.ts';
import { runImportBench } from './import.ts';
import { runPharmacy } from './pharmacy.ts';
import { runRoutes } from './routes.ts';
import { runAdherence } from './adherence.ts';
import { tracingRows } from './tracing.ts';
import {
  apiRow,
  bearerHeaders,
  CONNECTIONS,
  createBenchDatabase,
  DURATION_S,
  measure,
  pairedApiRow,
  printTable,
  startBareFastify,
  startServer,
  type Measured,
  type Row,
} from './support.ts';

const LOGIN_JS_GOAL_KB = 110;
const FIRST_VISIT_GOAL_KB = 400;
const CHUNK_GOAL_KB = 250;
const TARGETS = process.env.BENCH_TARGET ? [process.env.BENCH_TARGET] : ['pglite', 'postgres'];

/** The scripts a browser loads for /login (service worker blocked, so this is the route itself), gzip level 9. */
async function loginRouteJs(origin: string) {
  const browser = await launchBrowser({ build: 'browser' });
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
  });
  await page.goto(`${origin.replace('127.0.0.1', 'alivio.localhost')}/login`, { waitUntil: 'networkidle' });
  const kbOf = (names: Iterable<string>) =>
    [...names].map((file) => ({ file, kb: gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length / 1024 }));
  // The server-rendered screen loads the app on the first touch (decision 029): what it loads before, then once used.
  const beforeTouch = kbOf(scripts).reduce((total, file) => total + file.kb, 0);
  await page.getByRole('textbox').first().focus();
  await page.waitForFunction(() =>
    Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__react')),
  );
  await page.waitForLoadState('networkidle');
  await browser.close();
  const files = kbOf(scripts);
  return { files, beforeTouchKb: beforeTouch, totalKb: files.reduce((total, file) => total + file.kb, 0) };
}

function bytesRow(what: string, kb: number, goalKb: number): Row {
  return {
    what,
    figure: `${kb.toFixed(1)} KB (${(kb / goalKb).toFixed(2)}x the goal)`,
    goal: `≤ ${goalKb} KB`,
    met: kb <= goalKb,
  };
}

let signupCounter = 0;
/** A complete, valid enrolment in alivio's Costa Rica plan (101), unique on every call. */
function signupBody() {
  signupCounter += 1;
  const cedula = String(100_000_000 + ((process.pid * 7919 + signupCounter * 104_729) % 800_000_000)).slice(0, 9);
  return alivioBody({
    email: `bench-${randomUUID().slice(0, 12)}@bench.example`,
    identification: { type: 'IDENTIFICATION', number: cedula },
  });
}

/** How many argon2id verifies this machine does per second now: login and sign-up are bound by it. */
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

function ceilingRow(what: string, row: Measured, ceiling: number): Row {
  return {
    what,
    figure: `${(row.rps / ceiling).toFixed(2)}x the argon2id verify ceiling (${Math.round(row.rps)} req/s vs ${Math.round(ceiling)}/s), p99 ${row.p99} ms${row.errors > 0 ? `, ${row.errors} errors` : ''}`,
    goal: 'none set (bound by argon2id)',
  };
}

async function benchTarget(
  target: string,
  bareOrigin: string,
  ceiling: number,
  withBytes: boolean,
): Promise<{ api: Row[]; bytes: Row[] }> {
  const database = target === 'postgres' ? await createBenchDatabase(`portal_bench_${process.pid}`) : undefined;
  const serverEnv: Record<string, string> = database
    ? { DATABASE_URL: database.url }
    : { PGLITE_DATA_DIR: 'memory://' };
  const server = await startServer(serverEnv);
  try {
    const host = { host: `alivio.localhost:${server.port}` };
    const bare = await measure(bareOrigin);
    const rows = [
      await pairedApiRow(
        'GET /api/v1/resource/countries?lang=es',
        bareOrigin,
        `${server.origin}/api/v1/resource/countries?lang=es`,
        host,
        { ratio: 0.3 },
      ),
      apiRow(
        'GET /api/v1/resource/features (database)',
        await measure(`${server.origin}/api/v1/resource/features`, host),
        bare,
      ),
      apiRow(
        'GET /program/alivio/texts/text-es.json',
        await measure(`${server.origin}/program/alivio/texts/text-es.json?ts=1`, host),
        bare,
      ),
    ];
    const demo = { email: 'demo@alivio.example', password: 'Demo-pass-2026' };
    const credentials = JSON.stringify(demo);
    const auth = await bearerHeaders(server.origin, host, demo.email, demo.password);
    rows.push(
      await pairedApiRow(
        'GET /api/v1/user?expand=USER,PERIOD,CAREGIVER (bearer)',
        bareOrigin,
        `${server.origin}/api/v1/user?expand=USER,PERIOD,CAREGIVER`,
        auth,
        { ratio: 0.1, p99Ms: 25 },
      ),
      apiRow('GET /api/v1/treatments (bearer)', await measure(`${server.origin}/api/v1/treatments`, auth), bare),
      apiRow('GET /api/v1/caregiver (bearer)', await measure(`${server.origin}/api/v1/caregiver`, auth), bare),
    );
    // Traces (decision 084): servers of their own, off against none, and on at 100 %. BENCH_TRACING=false skips them.
    if (process.env.BENCH_TRACING !== 'false') rows.push(...(await tracingRows(serverEnv, bare)));
    // Identity: login and enrolment are bound by argon2id, so they are read against its ceiling on this machine now.
    // Login runs 4 connections: every attempt on the one demo account is reserved as a failure before its hash
    // (lockout.ts), so 5 or more in flight at once lock the account and the row would count refusals, not logins.
    // No warm-up: autocannon starts the measured phase while the warm-up's attempts are still being hashed, and the
    // overlap put 5-8 attempts in flight (a 1 s lock, answered 400 LOCKED: the row's occasional "errors").
    rows.push(
      ceilingRow(
        'POST /api/v1/login (4 connections, one account)',
        await measure(`${server.origin}/api/v1/login`, host, {
          method: 'POST',
          body: credentials,
          connections: 4,
          warmup: false,
        }),
        ceiling,
      ),
    );
    // Each enrolment a new patient (new e-mail, cédula and idempotency key).
    const signup = await autocannon({
      url: server.origin,
      connections: 8,
      duration: DURATION_S,
      headers: { ...host, 'content-type': 'application/json' },
      requests: [
        {
          method: 'POST',
          path: '/api/v1/patient/signup',
          setupRequest: (request) => ({ ...request, body: JSON.stringify(signupBody()) }),
        },
      ],
    });
    rows.push(
      ceilingRow(
        'POST /api/v1/patient/signup (new patient, 8 connections)',
        { rps: signup.requests.average, p99: signup.latency.p99, errors: signup.errors + signup.non2xx },
        ceiling,
      ),
    );
    rows.unshift({
      what: 'baseline: bare Fastify "hello", separate process',
      figure: `${Math.round(bare.rps)} req/s, p99 ${bare.p99} ms`,
      goal: '—',
    });
    printTable(`API on ${target} (${CONNECTIONS} connections unless said, ${DURATION_S} s each)`, rows);
    const bytes: Row[] = [];
    if (withBytes) {
      const js = await loginRouteJs(server.origin);
      const bundle = readBundle();
      const largest = bundle.chunks.map((file) => ({ file, kb: gzipKb(file) })).sort((a, b) => b.kb - a.kb)[0];
      bytes.push(
        bytesRow(
          `JavaScript the login route loads (gzip, as a browser loads it, once the screen is touched; ${js.beforeTouchKb.toFixed(1)} KB before)`,
          js.totalKb,
          LOGIN_JS_GOAL_KB,
        ),
        bytesRow(
          `first visit to /login, service-worker precache included (gzip; precache alone ${sumGzipKb(bundle.precache).toFixed(1)} KB, ${bundle.precache.length} files)`,
          sumGzipKb(bundle.firstVisit),
          FIRST_VISIT_GOAL_KB,
        ),
        bytesRow(`largest built chunk (gzip; ${largest?.file ?? 'none'})`, largest?.kb ?? 0, CHUNK_GOAL_KB),
      );
      printTable('Bytes of the production build (the same on every database)', bytes);
      for (const file of js.files) console.log(`  login route: ${file.file}  ${file.kb.toFixed(1)} KB`);
      // What a patient sees while /login loads, against a blank page of the same build in this run (bench/lighthouse.ts).
      if (process.env.BENCH_LIGHTHOUSE !== 'false')
        bytes.push(...(await lighthouseRows()).filter((row) => row.met !== undefined));
      // The way in on a slow connection: the first tap on the login, and "Log in" to the home (bench/way-in.ts).
      if (process.env.BENCH_WAY_IN !== 'false')
        bytes.push(...(await wayInRows(server.origin)).filter((row) => row.met !== undefined));
    }
    return { api: rows, bytes };
  } finally {
    await server.stop();
    await database?.drop();
  }
}

console.log(`bench: ${CONNECTIONS} connections, ${DURATION_S} s each, databases ${TARGETS.join(' and ')}`);
const ceiling = await argon2VerifyCeiling();
const bare = await startBareFastify();
const summary: Row[] = [];
try {
  for (const [index, target] of TARGETS.entries()) {
    const { api, bytes } = await benchTarget(target, bare.origin, ceiling, index === 0);
    summary.push(
      ...api.filter((row) => row.met !== undefined).map((row) => ({ ...row, what: `${target}: ${row.what}` })),
    );
    summary.push(...bytes.map((row) => ({ ...row, what: `build: ${row.what}` })));
  }
} finally {
  await bare.stop();
}
// The login flood (bench/login-flood.ts, decision 043): pages and files under unknown-e-mail logins from many addresses.
if (process.env.BENCH_FLOOD !== 'false')
  for (const target of TARGETS) {
    const rows = await loginFloodRows(target);
    printTable(`Login flood on ${target} (p99 with the flood as a ratio to the same requests without it)`, rows);
    summary.push(
      ...rows
        .filter((row) => row.met !== undefined)
        .map((row) => ({ ...row, what: `${target}, login flood: ${row.what}` })),
    );
  }
if (process.env.BENCH_MY_CARE !== 'false')
  summary.push(
    ...(await runMyCare())
      .filter((row) => row.met !== undefined)
      .map((row) => ({ ...row, what: `postgres, my care: ${row.what}` })),
  );
// Every call of the patient, pharmacy and staff doors, reads and writes apart (bench/routes.ts, decision 091).
if (process.env.BENCH_ROUTES !== 'false')
  summary.push(
    ...(await runRoutes())
      .filter((row) => row.met !== undefined)
      .map((row) => ({ ...row, what: `postgres, every door: ${row.what}` })),
  );
// Booking with 10,000 live bookings (bench/booking.ts, decision 058).
if (process.env.BENCH_BOOKING !== 'false')
  summary.push(
    ...(await runBooking())
      .filter((row) => row.met !== undefined)
      .map((row) => ({ ...row, what: `postgres, booking: ${row.what}` })),
  );
// The pharmacy loop with 100,000 patients and 2,000,000 purchases (bench/pharmacy.ts, decision 059).
if (process.env.BENCH_PHARMACY !== 'false')
  summary.push(
    ...(await runPharmacy())
      .filter((row) => row.met !== undefined)
      .map((row) => ({ ...row, what: `postgres, pharmacy loop: ${row.what}` })),
  );
// The outreach list with 100,000 patients and 2,000,000 purchases, and the summaries' full refresh (bench/adherence.ts,
// decision 080).
if (process.env.BENCH_ADHERENCE !== 'false')
  summary.push(
    ...(await runAdherence())
      .filter((row) => row.met !== undefined)
      .map((row) => ({ ...row, what: `postgres, adherence: ${row.what}` })),
  );
// A chain's report of 10,000 and of 100,000 lines imported (bench/import.ts, decision 059).
if (process.env.BENCH_IMPORT !== 'false')
  summary.push(
    ...(await runImportBench())
      .filter((row) => row.met !== undefined)
      .map((row) => ({ ...row, what: `postgres, purchases import: ${row.what}` })),
  );
printTable('Goals in this run (decision 022)', summary);
