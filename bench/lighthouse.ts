// Lighthouse mobile performance of /login against a blank page served by the same portal server in the same run
// (decision 025). Each page is measured RUNS times, alternating, each run in a fresh Chromium (no service
// worker nor cache left by the previous run); the table shows the medians. `npm run bench:lighthouse` runs it alone
// (after `npm run build`). Not a test: nothing here asserts a timing.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DIST } from '../e2e/bundle-bytes.ts';
import { CHROMIUM_ARGS } from '../e2e/chromium.ts';
import { median, printTable, startServer, type Row } from './support.ts';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
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
async function runOnce(url: string): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runInFreshBrowser(url);
    } catch (error) {
      lostRuns.push(`${new URL(url).pathname}: ${(error as Error).message.split(': ').pop()}`);
      if (attempt === 3) throw error;
    }
  }
}

/** One Lighthouse run (mobile, simulated throttling: Lighthouse's defaults) in a fresh browser. */
async function runInFreshBrowser(url: string): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) throw new Error(`lighthouse on ${url}: ${lhr?.runtimeError?.code ?? 'no result'}`);
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

/** Medians of RUNS alternating runs of each page of `pages` (path → label) plus the blank page, on `origin`'s server. */
export async function measurePages(
  origin: string,
  pages: string[],
): Promise<{
  blank: LighthouseFigures;
  pages: Map<string, LighthouseFigures>;
  runs: Map<string, LighthouseFigures[]>;
}> {
  lostRuns = [];
  const runs = new Map<string, LighthouseFigures[]>([
    [`/${BLANK_FILE}`, []],
    ...pages.map((page): [string, LighthouseFigures[]] => [page, []]),
  ]);
  for (let run = 0; run < RUNS; run += 1) {
    for (const [page, list] of runs) list.push(await runOnce(`${origin}${page}`));
  }
  const blank = medians(runs.get(`/${BLANK_FILE}`)!);
  return { blank, pages: new Map(pages.map((page) => [page, medians(runs.get(page)!)])), runs };
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

/** The Lighthouse rows, on a portal of their own (the program from the host: alivio). */
export async function lighthouseRows(): Promise<Row[]> {
  const { blank, pages, runs } = await withBlankPage((origin) => measurePages(origin, ['/login']));
  const login = pages.get('/login')!;
  for (const [page, list] of runs) for (const run of list) console.log(`  lighthouse ${page}: ${describe(run)}`);
  for (const lost of lostRuns) console.log(`  lighthouse run lost and retried: ${lost}`);
  const gap = blank.score - login.score;
  const rows: Row[] = [
    {
      what: `Lighthouse mobile, blank page through the same server (baseline; median of ${RUNS})`,
      figure: describe(blank),
      goal: '—',
    },
    {
      what: `Lighthouse mobile performance of /login (median of ${RUNS})`,
      figure: `${login.score} (${gap} below the blank page's ${blank.score}); FCP ${Math.round(login.fcp)} ms (${(login.fcp / blank.fcp).toFixed(2)}x the blank page's), TBT ${Math.round(login.tbt)} ms, CLS ${login.cls.toFixed(3)}`,
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
  printTable(`Lighthouse mobile (simulated slow 4G and 4x CPU; ${RUNS} runs each, a fresh Chromium per run)`, rows);
  return rows;
}

if (process.argv[1]?.endsWith('lighthouse.ts')) await lighthouseRows();
