// Browser-test support: the real server (production build, embedded PGlite) and Debian's Chromium.
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { copyPgliteTemplate, fitsTemplate, isEmptyDataDir } from '../apps/api/src/test/pglite-template.ts';
import { launchBrowser } from './chromium.ts';

// The browser tests launch Chromium through this file, as they start the portal.
export { launchBrowser } from './chromium.ts';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface Portal {
  app: FastifyInstance;
  port: number;
  /** The origin of a program (`http://alivio.localhost:PORT`), or of plain localhost. */
  origin: (slug?: string) => string;
  restart: (env?: Record<string, string>) => Promise<void>;
  close: () => Promise<void>;
}

/** The app on `port`, its embedded database a fresh copy of the run's PGlite template when it would be seeded the same. */
async function listen(env: Record<string, string>, port: number) {
  let config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PGLITE_DATA_DIR: 'memory://',
    RATE_LIMIT_PER_MINUTE: '10000',
    LOGIN_PER_MINUTE: '10000',
    EMAIL_CHECK_PER_MINUTE: '10000',
    RECOVERY_PER_MINUTE: '10000',
    SIGNUP_PER_MINUTE: '10000',
    IDENTIFICATION_CHECK_PER_MINUTE: '10000',
    CITIZEN_LOOKUP_PER_MINUTE: '10000',
    ...env,
  });
  const template = inject('pgliteTemplate');
  let ownDataDir: string | undefined;
  if (!config.DATABASE_URL && fitsTemplate(template, config)) {
    // In memory, a restart started from nothing: a copy of its own each time. A folder the test names keeps its data
    // across restarts: the template only fills it the first time.
    if (config.PGLITE_DATA_DIR.startsWith('memory://')) {
      ownDataDir = copyPgliteTemplate(template);
      config = { ...config, PGLITE_DATA_DIR: ownDataDir };
    } else if (isEmptyDataDir(config.PGLITE_DATA_DIR)) {
      copyPgliteTemplate(template, config.PGLITE_DATA_DIR);
    }
  }
  const app = await buildApp(config);
  await app.listen({ host: 'localhost', port });
  const close = async () => {
    await app.close();
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  };
  return { app, close };
}

export async function startPortal(env: Record<string, string> = {}): Promise<Portal> {
  let running = await listen(env, 0);
  const port = (running.app.server.address() as AddressInfo).port;
  return {
    get app() {
      return running.app;
    },
    port,
    origin: (slug) => `http://${slug ? `${slug}.` : ''}localhost:${port}`,
    restart: async (next = {}) => {
      await running.close();
      running = await listen({ ...env, ...next }, port);
    },
    close: () => running.close(),
  };
}

/**
 * The portal and Chromium for one file of browser tests: started before its tests, closed after them.
 * Read them through the answer (`setup.portal`, `setup.browser`) once the tests run.
 */
export function usePortalAndBrowser(env: Record<string, string> = {}): {
  readonly portal: Portal;
  readonly browser: Browser;
} {
  let portal: Portal | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(env), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });
  return {
    get portal() {
      if (!portal) throw new Error('the portal starts in beforeAll');
      return portal;
    },
    get browser() {
      if (!browser) throw new Error('the browser starts in beforeAll');
      return browser;
    },
  };
}

export async function newPage(
  browser: Browser,
  options: {
    serviceWorkers?: 'allow' | 'block';
    viewport?: { width: number; height: number };
    /** Device pixels per CSS pixel: 2 with a viewport of half the window's width is the window at 200% zoom. */
    deviceScaleFactor?: number;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    serviceWorkers: options.serviceWorkers ?? 'block',
    viewport: options.viewport ?? { width: 1280, height: 900 },
    ...(options.deviceScaleFactor ? { deviceScaleFactor: options.deviceScaleFactor } : {}),
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy|Refused to/i.test(message.text()))
      problems.push(message.text());
  });
  (page as Page & { problems: string[] }).problems = problems;
  return { context, page };
}

/** Page errors and CSP refusals seen so far. */
export function problemsOf(page: Page): string[] {
  return (page as Page & { problems?: string[] }).problems ?? [];
}

/** The viewport of the phone the browser tests stand for (390 × 844 CSS px). */
export const PHONE = { width: 390, height: 844 };

export const DEMO_PASSWORD = 'Demo-pass-2026';

/**
 * Signs an account in through the API, as the login screen would, and keeps the session where the app reads it.
 * Without an account: the program's demo patient (`demo@<slug>.example`).
 */
export async function setTestSession(page: Page, origin: string, account: { email?: string; password?: string } = {}) {
  await page.goto(`${origin}/signup`);
  const slug = new URL(origin).hostname.split('.')[0];
  const credentials = { email: account.email ?? `demo@${slug}.example`, password: account.password ?? DEMO_PASSWORD };
  const ok = await page.evaluate(async ({ email, password }) => {
    const response = await fetch('/api/v1/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!response.ok) return false;
    const { data } = await response.json();
    localStorage.setItem(
      'portal.session',
      JSON.stringify({ accessToken: data.AccessToken, idToken: data.IdToken, refreshToken: data.RefreshToken }),
    );
    return true;
  }, credentials);
  expect(ok, `login of ${credentials.email}`).toBe(true);
}

/** Signs an account in through the API (setTestSession: the demo patient without one) and opens `url` of its program. */
export async function openSignedIn(page: Page, url: string, account?: { email?: string; password?: string }) {
  await setTestSession(page, new URL(url).origin, account);
  await page.goto(url);
}

/** Runs axe (WCAG 2.2 A/AA) on the page and expects no violation. */
/** A call of the signed-in patient with the session the page keeps (state set up through the API): status and `data`. */
export function apiAsPatient<T>(
  page: Page,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ status: number; data: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const session = JSON.parse(localStorage.getItem('portal.session') ?? '{}') as { accessToken?: string };
      const response = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${session.accessToken}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = (await response.json().catch(() => null)) as { data?: unknown } | null;
      return { status: response.status, data: answer?.data as T };
    },
    { method, path, body },
  );
}

export async function expectNoAxeViolations(page: Page, label: string) {
  // evaluate() runs outside the page's CSP, so axe needs no inline script.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: unknown,
          ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations, `axe on ${label}`).toEqual([]);
}

export async function waitForTitle(page: Page) {
  await page.locator('h1').first().waitFor({ state: 'visible' });
}
