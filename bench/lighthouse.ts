// Lighthouse mobile performance of /login and of the screens a patient lands on after it (home, benefits, the code,
// booking, purchases, lessons: with a session, opened through the API before each run, never typed), against a blank
// page served by the same portal server in the same run (decisions 025 and 088). Each page is measured RUNS times,
// alternating, each run in a fresh Chromium (no service worker nor cache left by the previous run); the table shows the
// medians and the runs' range. `npm run bench:lighthouse` runs it alone (after `npm run build`;
// BENCH_LIGHTHOUSE_SIGNED_IN=false measures /login only). Not a test: nothing here asserts a timing.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import type { BenefitsOverview } from '@portal/contracts/benefits';
import { DEMO_PASSWORD, demoEmail } from '../apps/api/src/db/demo-seed.ts';
import { DIST } from '../e2e/bundle-bytes.ts';
import { CHROMIUM_ARGS } from '../e2e/chromium.ts';
import { median, printTable, startServer, type Row } from './support.ts';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const SIGNED_IN = process.env.BENCH_LIGHTHOUSE_SIGNED_IN !== 'false';
/** A folder to keep each run's Lighthouse report (JSON) in, to read where the points went (decision 093). */
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;
/** Only these of the signed-in screens (names, comma-separated: home,benefits,code,booking,purchases,lessons). */
const ONLY = process.env.BENCH_LIGHTHOUSE_ONLY?.split(',').filter(Boolean);
/** The program's demo patient (the demo seed's), whose session the signed-in pages are measured with. */
const DEMO_PATIENT = { email: demoEmail('alivio'), password: DEMO_PASSWORD };
const SCORE_GOAL = 95;
const SCORE_GAP_GOAL = 5;
const LCP_GOAL_MS = 1500;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
/**
 * Written into the build for the run and removed after: the portal's static files serve it like any built file. The
 * server reads the build once, when it starts (decision 043), so the file is written before its own server starts.
 */
const BLANK_FILE = 'lighthouse-blank.html';
const BLANK_HTML =
  '<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Blank</title></head><body><p>Una página en blanco.</p></body></html>\n';

export interface LighthouseFigures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
}

/** Runs that ended without figures (Lighthouse's runtime error, e.g. NO_NAVSTART), retried up to twice each. */
let lostRuns: string[] = [];

/** One Lighthouse run, retried when Lighthouse loses the trace (it happens now and then, on the blank page as well). */
async function runOnce(url: string, isSignedIn: boolean): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runInFreshBrowser(url, isSignedIn);
    } catch (error) {
      lostRuns.push(`${new URL(url).pathname}: ${(error as Error).message.split(': ').pop()}`);
      if (attempt === 3) throw error;
    }
  }
}

/**
 * Logs the demo patient in through the API in the browser on `port`, from the blank page of `origin`, and keeps the
 * session where the app reads it (as e2e/support.ts's setTestSession). Only the blank page has been loaded: the cache
 * holds nothing of the app.
 */
async function openSession(port: number, origin: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await (browser.contexts()[0] ?? (await browser.newContext())).newPage();
    await page.goto(`${origin}/${BLANK_FILE}`);
    const ok = await page.evaluate(async (credentials) => {
      const response = await fetch('/api/v1/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(credentials),
      });
      if (!response.ok) return false;
      const { data } = (await response.json()) as { data: Record<string, string> };
      localStorage.setItem(
        'portal.session',
        JSON.stringify({ accessToken: data.AccessToken, idToken: data.IdToken, refreshToken: data.RefreshToken }),
      );
      return true;
    }, DEMO_PATIENT);
    if (!ok) throw new Error('the demo patient could not log in');
    await page.close();
  } finally {
    await browser.close();
  }
}

/**
 * One Lighthouse run (mobile, simulated throttling: Lighthouse's defaults) in a fresh browser; signed in, with a session
 * opened through the API first, which Lighthouse keeps (it resets no storage then; nothing else is stored).
 */
async function runInFreshBrowser(url: string, isSignedIn: boolean): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    if (isSignedIn) await openSession(chrome.port, new URL(url).origin);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: isSignedIn,
    });
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) throw new Error(`lighthouse on ${url}: ${lhr?.runtimeError?.code ?? 'no result'}`);
    if (REPORTS) {
      mkdirSync(REPORTS, { recursive: true });
      const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root';
      writeFileSync(path.join(REPORTS, `${name}-${Date.now()}.json`), JSON.stringify(lhr));
    }
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      speedIndex: value('speed-index'),
    };
  } finally {
    await closeChrome(chrome);
  }
}

/**
 * Kills the run's Chromium and waits until it has gone, then a second more: the next run's Chromium, whose start-up
 * is inside the measured navigation, must not share the two cores with this one's exit (decision 032).
 */
async function closeChrome(chrome: chromeLauncher.LaunchedChrome): Promise<void> {
  const exited = chrome.process.exitCode !== null || chrome.process.signalCode !== null;
  const closed = exited
    ? Promise.resolve()
    : new Promise<void>((resolve) => chrome.process.once('close', () => resolve()));
  chrome.kill();
  await closed;
  await new Promise((resolve) => setTimeout(resolve, 1000));
}

function medians(runs: LighthouseFigures[]): LighthouseFigures {
  const of = (key: keyof LighthouseFigures) => median(runs.map((run) => run[key]));
  return {
    score: of('score'),
    fcp: of('fcp'),
    lcp: of('lcp'),
    tbt: of('tbt'),
    cls: of('cls'),
    speedIndex: of('speedIndex'),
  };
}

const describe = (figures: LighthouseFigures) =>
  `score ${figures.score}, FCP ${Math.round(figures.fcp)} ms, LCP ${Math.round(figures.lcp)} ms, TBT ${Math.round(figures.tbt)} ms, CLS ${figures.cls.toFixed(3)}`;

/**
 * Medians of RUNS alternating runs of each page of `pages` plus the blank page, on `origin`'s server; the pages of
 * `signedIn` with the demo patient's session.
 */
export async function measurePages(
  origin: string,
  pages: string[],
  signedIn: string[] = [],
): Promise<{
  blank: LighthouseFigures;
  pages: Map<string, LighthouseFigures>;
  runs: Map<string, LighthouseFigures[]>;
}> {
  lostRuns = [];
  const runs = new Map<string, LighthouseFigures[]>([
    [`/${BLANK_FILE}`, []],
    ...[...pages, ...signedIn].map((page): [string, LighthouseFigures[]] => [page, []]),
  ]);
  for (let run = 0; run < RUNS; run += 1) {
    for (const [page, list] of runs) {
      const figures = await runOnce(`${origin}${page}`, signedIn.includes(page));
      // As they come: a long run can be read while it goes.
      console.log(`  lighthouse ${page}, run ${run + 1}: ${describe(figures)}`);
      list.push(figures);
    }
  }
  const blank = medians(runs.get(`/${BLANK_FILE}`)!);
  return {
    blank,
    pages: new Map([...pages, ...signedIn].map((page) => [page, medians(runs.get(page)!)])),
    runs,
  };
}

/**
 * The screens a patient lands on after the login, for the demo patient: home, benefits, the code of a medicine with a
 * benefit (made through the API if it has none yet), booking of the plan's service benefit, that medicine's purchases,
 * and the lessons. Ids from the API, once, before the runs.
 */
async function signedInPages(origin: string): Promise<Record<string, string>> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    await openSession(chrome.port, origin);
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    try {
      const page = await browser.contexts()[0]!.newPage();
      await page.goto(`${origin}/${BLANK_FILE}`);
      // tsx (esbuild's keepNames) wraps the named functions of the page's callbacks in `__name(...)`: the page needs it.
      await page.evaluate('globalThis.__name = (target) => target;');
      const overview = await page.evaluate(async () => {
        const { accessToken } = JSON.parse(localStorage.getItem('portal.session') ?? '{}') as { accessToken?: string };
        const call = async (method: string, path: string) =>
          (await fetch(path, { method, headers: { authorization: `Bearer ${accessToken}` } })).json() as Promise<{
            data: unknown;
          }>;
        const benefits = (await call('GET', '/api/v1/benefits')).data as BenefitsOverview;
        const product = benefits.products.find((one) => one.benefits.length > 0);
        if (product && !product.code) await call('PUT', `/api/v1/benefits/products/${product.productId}/discount-code`);
        return benefits;
      });
      const product = overview.products.find((one) => one.benefits.length > 0);
      const service = [...overview.general, ...overview.products.flatMap((one) => one.benefits)].find(
        (benefit) => benefit.kind === 'service',
      );
      if (!product || !service)
        throw new Error('the demo patient has no medicine with a benefit or no service benefit');
      const all: Record<string, string> = {
        home: '/home',
        benefits: '/benefits',
        code: `/benefits/${product.searchQuery}/coupon-code`,
        booking: `/benefit/${service.id}/booking`,
        purchases: `/purchases/${product.productId}`,
        lessons: '/learning',
      };
      return Object.fromEntries(Object.entries(all).filter(([name]) => !ONLY || ONLY.includes(name)));
    } finally {
      await browser.close();
    }
  } finally {
    await closeChrome(chrome);
  }
}

/** Starts a portal on PGlite whose build holds the blank page, for `measure`; removes the page after. */
async function withBlankPage<T>(measure: (origin: string) => Promise<T>): Promise<T> {
  writeFileSync(path.join(DIST, BLANK_FILE), BLANK_HTML);
  try {
    const server = await startServer({ PGLITE_DATA_DIR: 'memory://' });
    try {
      return await measure(server.origin.replace('127.0.0.1', 'alivio.localhost'));
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(path.join(DIST, BLANK_FILE), { force: true });
  }
}

const rangeOf = (list: LighthouseFigures[], key: keyof LighthouseFigures) =>
  `${Math.min(...list.map((run) => run[key]))}–${Math.max(...list.map((run) => run[key]))}`;

/** The Lighthouse rows, on a portal of their own (the program from the host: alivio). */
export async function lighthouseRows(): Promise<Row[]> {
  const { blank, pages, runs, named } = await withBlankPage(async (origin) => {
    const named = SIGNED_IN ? await signedInPages(origin) : {};
    return { ...(await measurePages(origin, ['/login'], Object.values(named))), named };
  });
  const login = pages.get('/login')!;
  for (const lost of lostRuns) console.log(`  lighthouse run lost and retried: ${lost}`);
  const blankRuns = runs.get(`/${BLANK_FILE}`)!;
  const gap = blank.score - login.score;
  const rows: Row[] = [
    {
      what: `Lighthouse mobile, blank page through the same server (baseline; median of ${RUNS})`,
      figure: `${describe(blank)} (score runs ${rangeOf(blankRuns, 'score')})`,
      goal: '—',
    },
    {
      what: `Lighthouse mobile performance of /login (median of ${RUNS})`,
      figure: `${login.score} (runs ${rangeOf(runs.get('/login')!, 'score')}; ${gap} below the blank page's ${blank.score}); FCP ${Math.round(login.fcp)} ms (${(login.fcp / blank.fcp).toFixed(2)}x the blank page's), TBT ${Math.round(login.tbt)} ms, CLS ${login.cls.toFixed(3)}`,
      goal: `≥ ${SCORE_GOAL} and within ${SCORE_GAP_GOAL} of the blank page`,
      met: login.score >= SCORE_GOAL && gap <= SCORE_GAP_GOAL,
    },
    {
      what: `Lighthouse mobile LCP of /login (median of ${RUNS})`,
      figure: `${Math.round(login.lcp)} ms (${(login.lcp / blank.lcp).toFixed(2)}x the blank page's ${Math.round(blank.lcp)} ms)`,
      goal: `≤ ${LCP_GOAL_MS} ms`,
      met: login.lcp <= LCP_GOAL_MS,
    },
  ];
  // The screens after the login, each with a session (decision 088): within SCORE_GAP_GOAL of the same run's blank page.
  for (const [name, page] of Object.entries(named)) {
    const figures = pages.get(page)!;
    const pageGap = blank.score - figures.score;
    rows.push({
      what: `Lighthouse mobile performance of ${name} (${page}), signed in (median of ${RUNS})`,
      figure: `${figures.score} (runs ${rangeOf(runs.get(page)!, 'score')}; ${pageGap} below the blank page's ${blank.score}); FCP ${Math.round(figures.fcp)} ms, LCP ${Math.round(figures.lcp)} ms, TBT ${Math.round(figures.tbt)} ms, CLS ${figures.cls.toFixed(3)}`,
      goal: `within ${SCORE_GAP_GOAL} of the blank page`,
      met: pageGap <= SCORE_GAP_GOAL,
    });
  }
  printTable(`Lighthouse mobile (simulated slow 4G and 4x CPU; ${RUNS} runs each, a fresh Chromium per run)`, rows);
  return rows;
}

if (process.argv[1]?.endsWith('lighthouse.ts')) await lighthouseRows();
