// Browser-test support: the real server (production build, embedded PGlite), Debian's Chromium, the signed-in
// patient and what tests set up through the API (a discount code, a pharmacy with its key). What a test does with a
// page (viewports, errors, axe, screenshots) is page.ts's.
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { FeatureKey } from '../packages/contracts/src/resources.ts';
import type { BenefitsOverview } from '../packages/contracts/src/benefits.ts';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { pharmacyCommand } from '../apps/api/src/modules/pharmacy/commands.ts';
import {
  fillFromTemplate,
  fitsTemplate,
  isEmptyDataDir,
  openFromTemplate,
} from '../apps/api/src/test/pglite-template.ts';
import type { Database } from '../apps/api/src/platform/db.ts';
import { featureToggle } from '../apps/api/src/db/schema.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../apps/api/src/test/smtp.ts';
import { launchBrowser } from './chromium.ts';

// The browser tests launch Chromium through this file, as they start the portal.
export { launchBrowser } from './chromium.ts';
// A browser test written before page.ts took the page helpers from here: they still answer here.
export { DESKTOP, expectNoAxeViolations, newPage, PHONE, problemsOf, waitForTitle } from './page.ts';

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
  const config = loadConfig({
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
  let database: Database | undefined;
  if (!config.DATABASE_URL && fitsTemplate(template, config)) {
    // In memory, a restart started from nothing: the template's data each time, as a test file's database. A folder
    // the test names keeps its data across restarts, and the app opens it: the template only fills it the first time.
    if (config.PGLITE_DATA_DIR.startsWith('memory://')) database = await openFromTemplate(template);
    else if (isEmptyDataDir(config.PGLITE_DATA_DIR)) await fillFromTemplate(template, config.PGLITE_DATA_DIR);
  }
  const app = await buildApp(config, database ? { database } : {});
  await app.listen({ host: 'localhost', port });
  const close = async () => {
    await app.close();
    await database?.close();
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
 * The portal and Chromium for one file of browser tests: started before its tests, closed after them. With
 * `{ smtp: true }` the portal sends its mails to a real SMTP server of the file's (`setup.smtp`), not the dev mailbox.
 * Read them through the answer (`setup.portal`, `setup.browser`) once the tests run.
 */
export function usePortalAndBrowser(
  env: Record<string, string> = {},
  options: { smtp?: boolean } = {},
): {
  readonly portal: Portal;
  readonly browser: Browser;
  readonly smtp: TestSmtpServer;
} {
  let portal: Portal | undefined;
  let browser: Browser | undefined;
  let smtp: TestSmtpServer | undefined;
  beforeAll(async () => {
    if (options.smtp) smtp = await startTestSmtpServer();
    [portal, browser] = await Promise.all([startPortal(smtp ? { SMTP_URL: smtp.url, ...env } : env), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.close();
    await smtp?.close();
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
    get smtp() {
      if (!smtp) throw new Error('the SMTP server starts in beforeAll, with { smtp: true }');
      return smtp;
    },
  };
}

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

/** The signed-in patient's discount code for a product, made (or given again) through the API. */
export async function discountCodeFor(page: Page, productId: number): Promise<string> {
  const made = await apiAsPatient<{ code: { code: string } }>(
    page,
    'PUT',
    `/api/v1/benefits/products/${productId}/discount-code`,
  );
  expect(made.status).toBeLessThan(300);
  return made.data.code.code;
}

/** The signed-in patient's medicine with the 4+1 offer (without it: any with a benefit) and its discount code. */
export async function productWithCode(page: Page, withOffer = true) {
  const overview = (await apiAsPatient<BenefitsOverview>(page, 'GET', '/api/v1/benefits')).data;
  const product = overview.products.find((one) =>
    withOffer ? one.benefits.some((benefit) => benefit.kind === 'preventive4plus1') : one.benefits.length > 0,
  )!;
  expect(product, withOffer ? 'a medicine with the 4+1 offer' : 'a medicine with a benefit').toBeDefined();
  return { product, code: await discountCodeFor(page, product.productId) };
}

/**
 * A pharmacy of a program with one key, made as `npm run pharmacies:add` makes it (in Costa Rica unless said): the
 * key, its readable start, and its POSTs to the pharmacy API through the app, each expected to answer 201.
 */
export async function addPharmacy(
  portal: Portal,
  pharmacy: { slug: string; name: string; country?: string; branch?: string },
) {
  const app = portal.app;
  const branch = pharmacy.branch ? ['--branch', pharmacy.branch] : [];
  const made = await pharmacyCommand('add', [pharmacy.slug, pharmacy.name, pharmacy.country ?? 'CR', ...branch], {
    db: app.database.db,
    config: app.appConfig,
    now: new Date(),
  });
  expect(made.status, made.stderr).toBe(0);
  const key = /psp_test_\w+/.exec(made.stdout)![0];
  const host = new URL(portal.origin(pharmacy.slug)).host;
  return {
    key,
    prefix: key.slice(0, 17),
    post: async (url: string, payload: unknown): Promise<unknown> => {
      const answer = await app.inject({
        method: 'POST',
        url,
        headers: { host, 'x-api-key': key },
        payload: payload as Record<string, unknown>,
      });
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json();
    },
  };
}
export type TestPharmacy = Awaited<ReturnType<typeof addPharmacy>>;

/**
 * Turns a program's feature on or off in the portal's database, as operations do. The web reads the toggles afresh
 * when a page loads; the API's gate within its 15 s cache (FEATURE_TOGGLES_TTL_MS).
 */
export async function setFeatureToggle(portal: Portal, slug: string, feature: FeatureKey, enabled: boolean) {
  const programId = portal.app.programs.get(slug)!.id;
  await portal.app.database.db
    .update(featureToggle)
    .set({ enabled })
    .where(and(eq(featureToggle.programId, programId), eq(featureToggle.key, feature)));
}
