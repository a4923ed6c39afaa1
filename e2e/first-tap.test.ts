// A patient's first minutes (decision 052): the server-rendered login answers its first tap before the app has loaded,
// the frame of any other page has a working "Help", and "Log in" leads home without a blank screen.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, newPage, openSignedIn, problemsOf, usePortalAndBrowser, PHONE } from './support.ts';
import { textsOf } from './texts.ts';

const setup = usePortalAndBrowser();

/** Holds the app's scripts (not the page's first one) until the returned function is called: "before the app came". */
async function holdTheApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const isHydrated = (page: Page) =>
  page.evaluate(() => Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__react')));

/** Whether the element is on screen (its box within the viewport). */
const isOnScreen = (page: Page, selector: string) =>
  page.evaluate((found) => {
    const box = document.querySelector(found)?.getBoundingClientRect();
    return box !== undefined && box.bottom > 0 && box.top < window.innerHeight && box.height > 0;
  }, selector);

describe('the login before the app has loaded', () => {
  it('shows the password, leads to the phones and keeps both once the app has hydrated (es)', async () => {
    const texts = textsOf('alivio', 'es');
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    const release = await holdTheApp(page);
    await page.goto(`${setup.portal.origin('alivio')}/login`);
    const password = page.getByLabel(texts['login.password.label']!, { exact: true });
    await password.fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: texts['login.showPassword']! }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: texts['login.hidePassword']! }).waitFor();
    expect(await isHydrated(page)).toBe(false);
    // "Help" is a link to the footer's call-center phones.
    await page.getByRole('link', { name: texts['app.help']! }).click();
    await page.waitForURL((url) => url.hash === '#help-phones');
    expect(await isOnScreen(page, '#help-phones')).toBe(true);
    expect(await page.locator('#help-phones a[href^="tel:"]').count()).toBeGreaterThan(0);
    // The app comes: it hydrates the screen as the visitor left it, and runs the toggle from then on.
    release();
    await expect.poll(() => isHydrated(page)).toBe(true);
    expect(await password.getAttribute('type')).toBe('text');
    expect(logs.filter((text) => /did not match|hydrat/i.test(text))).toEqual([]);
    await page.getByRole('button', { name: texts['login.hidePassword']! }).click();
    await expect.poll(() => password.getAttribute('type')).toBe('password');
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });

  it('follows "Forgot your password?" with the typed e-mail, and the language link, as real links (en)', async () => {
    const texts = textsOf('piel', 'en');
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    const release = await holdTheApp(page);
    await page.goto(`${setup.portal.origin('piel')}/en/login`);
    expect(await page.getByRole('link', { name: texts['language.toggle']! }).getAttribute('href')).toBe('/login');
    await page.getByLabel(texts['login.email.label']!, { exact: true }).fill('lucia@test.example');
    await page.getByRole('link', { name: texts['login.forgotPassword']! }).click();
    await page.waitForURL(
      (url) => url.pathname === '/en/password/forgot' && url.searchParams.get('e') === 'lucia@test.example',
    );
    release();
    await context.close();
  });

  it('shows the held submission as busy at once', async () => {
    const texts = textsOf('alivio', 'es');
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    const release = await holdTheApp(page);
    await page.goto(`${setup.portal.origin('alivio')}/login`);
    await page.getByLabel(texts['login.email.label']!, { exact: true }).fill('demo@alivio.example');
    await page.getByLabel(texts['login.password.label']!, { exact: true }).fill(DEMO_PASSWORD);
    const submit = page.getByRole('button', { name: texts['login.submit']!, exact: true });
    await submit.click();
    expect(await submit.getAttribute('aria-busy')).toBe('true');
    release();
    await page.waitForURL((url) => url.pathname === '/home');
    await context.close();
  });
});

describe("a page's frame while the app loads", () => {
  for (const language of ['es', 'en'] as const)
    it(`has a working "Help": the call-center phones (${language})`, async () => {
      const texts = textsOf('equilibrio', language);
      const { context, page } = await newPage(setup.browser, { viewport: PHONE });
      const release = await holdTheApp(page);
      await openSignedIn(page, `${setup.portal.origin('equilibrio')}${language === 'en' ? '/en' : ''}/home`, {
        email: 'demo@equilibrio.example',
      });
      await page.locator('#boot-frame').waitFor();
      await page.locator('#boot-frame').getByRole('link', { name: texts['app.help']! }).click();
      await page.waitForURL((url) => url.hash === '#help-phones');
      expect(await isOnScreen(page, '#help-phones')).toBe(true);
      expect(await page.locator('#help-phones').getByRole('heading', { name: texts['phones.title']! }).count()).toBe(1);
      expect(await page.locator('#help-phones a[href^="tel:"]').count()).toBeGreaterThan(0);
      release();
      await context.close();
    });
});

describe('from "Log in" to the home', () => {
  for (const language of ['es', 'en'] as const)
    it(`never shows a blank screen, and the entry screen only while the home loads (${language})`, async () => {
      const texts = textsOf('alivio', language);
      const { context, page } = await newPage(setup.browser, { viewport: PHONE });
      await page.goto(`${setup.portal.origin('alivio')}${language === 'en' ? '/en' : ''}/login`);
      await page.getByLabel(texts['login.email.label']!, { exact: true }).fill('demo2@alivio.example');
      await page.getByLabel(texts['login.password.label']!, { exact: true }).fill(DEMO_PASSWORD);
      await expect.poll(() => isHydrated(page)).toBe(true);
      // Every frame from the tap on: the login's button, the entry screen or a page's title is on screen.
      await page.evaluate(() => {
        const blank: number[] = [];
        (window as unknown as { blankFrames: number[] }).blankFrames = blank;
        const sample = () => {
          const shown = document.querySelector('button[type="submit"], .entry-transition, main h1');
          if (!shown || shown.getBoundingClientRect().height === 0) blank.push(performance.now());
          if (!document.querySelector('.home-cards')) requestAnimationFrame(sample);
        };
        requestAnimationFrame(sample);
      });
      await page.getByRole('button', { name: texts['login.submit']!, exact: true }).click();
      await page.waitForURL((url) => url.pathname === (language === 'en' ? '/en/home' : '/home'));
      await page.locator('.home-cards .ui-card').first().waitFor();
      expect(await page.evaluate(() => (window as unknown as { blankFrames: number[] }).blankFrames)).toEqual([]);
      // The entry screen went with the loading: the home is there, not behind a timer.
      expect(await page.locator('.entry-transition').count()).toBe(0);
      expect(problemsOf(page)).toEqual([]);
      await context.close();
    });
});
