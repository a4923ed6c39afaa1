// The login screen rendered on the server (decision 029): whole without the app, the app started by the visitor's
// first touch, hydrating the server's nodes (not drawing new ones), and what was pressed meanwhile answered at once or
// then done (decision 052; e2e/first-tap.test.ts holds the app back to check each control before it comes).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, newPage, problemsOf, PHONE } from './page.ts';
import { DEMO_PASSWORD, openSignedIn, usePortalAndBrowser } from './support.ts';
import { configOf, textsOf } from './texts.ts';

const setup = usePortalAndBrowser();

/** The scripts of the app (not the page's first one) the page has requested so far. */
function appScripts(page: Page): () => string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (
      request.resourceType() === 'script' &&
      /\/assets\/(main|shell-react|login)-/.test(new URL(request.url()).pathname)
    )
      requested.push(request.url());
  });
  return () => requested;
}

/** Marks the page's heading node, to tell later whether React kept it (hydrated) or drew a new one. */
const markHeading = (page: Page) =>
  page.evaluate(() => document.querySelector('h1')?.setAttribute('data-test-node', 'server'));
const headingIsTheServers = (page: Page) =>
  page.evaluate(() => document.querySelector('h1')?.getAttribute('data-test-node') === 'server');
const isHydrated = (page: Page) =>
  page.evaluate(() => Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__react')));

describe('the server-rendered login screen', () => {
  it('is whole without any script: the program, the form, the links and the call-center phones', async () => {
    const texts = textsOf('alivio', 'es');
    const context = await setup.browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${setup.portal.origin('alivio')}/login`);
    await page.getByRole('heading', { level: 1, name: texts['login.title']! }).waitFor();
    await page.getByLabel(texts['login.email.label']!, { exact: true }).waitFor();
    await page.getByLabel(texts['login.password.label']!, { exact: true }).waitFor();
    await page.getByRole('button', { name: texts['login.submit']!, exact: true }).waitFor();
    expect(await page.getByRole('link', { name: texts['login.signupLink']! }).getAttribute('href')).toBe('/signup');
    expect(await page.locator('a[href^="tel:"]').count()).toBeGreaterThan(0);
    expect(await page.title()).toContain(configOf('alivio').name);
    await context.close();
  });

  it('loads the app only when touched, hydrates the same nodes, and then does the submission it held (en)', async () => {
    const texts = textsOf('alivio', 'en');
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    const scripts = appScripts(page);
    await page.goto(`${setup.portal.origin('alivio')}/en/login`);
    await page.getByRole('heading', { level: 1, name: texts['login.title']! }).waitFor();
    await expectNoAxeViolations(page, 'server-rendered login');
    // Nothing but the page's first script while the visitor only reads.
    await page.waitForLoadState('networkidle');
    expect(scripts()).toEqual([]);
    await markHeading(page);
    // Typed and submitted at once: the submission waits for the app, then logs in with what was typed.
    await page.getByLabel(texts['login.email.label']!, { exact: true }).fill('demo@alivio.example');
    await page.getByLabel(texts['login.password.label']!, { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: texts['login.submit']!, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/en/home');
    expect(scripts().length).toBeGreaterThan(0);
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });

  it("answers a button pressed before the app was there, keeping the server's nodes (es, another program)", async () => {
    const texts = textsOf('piel', 'es');
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    await page.goto(`${setup.portal.origin('piel')}/login`);
    await page.getByRole('heading', { level: 1, name: texts['login.title']! }).waitFor();
    await markHeading(page);
    expect(await isHydrated(page)).toBe(false);
    // At once, before the app (decision 052); the press also starts the app, which hydrates the screen as it is.
    await page.getByRole('button', { name: texts['login.showPassword']! }).click();
    await page.getByRole('button', { name: texts['login.hidePassword']! }).waitFor();
    await expect.poll(() => isHydrated(page)).toBe(true);
    expect(await headingIsTheServers(page)).toBe(true);
    expect(logs.filter((text) => /did not match|hydrat/i.test(text))).toEqual([]);
    // The app runs the screen now: the language link is a navigation within the app.
    await page.getByRole('link', { name: texts['language.toggle']! }).click();
    await page.waitForURL((url) => url.pathname === '/en/login');
    expect(await headingIsTheServers(page)).toBe(false);
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });

  it('sends a visitor with a session home at once, without waiting for a touch', async () => {
    const { context, page } = await newPage(setup.browser);
    await openSignedIn(page, `${setup.portal.origin('alivio')}/login`);
    await page.waitForURL((url) => url.pathname === '/home');
    await context.close();
  });
});
