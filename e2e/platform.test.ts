import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectNoAxeViolations, newPage, problemsOf, waitForTitle } from './page.ts';
import { launchBrowser, setTestSession, startPortal, type Portal } from './support.ts';
import { configOf, SLUGS, textsOf } from './texts.ts';

/** A link of the program's main navigation (the home also links to the same screens from its cards). */
const navLink = (page: Page, texts: Record<string, string>, key: string) =>
  page.getByRole('navigation', { name: texts['app.mainNavigation']! }).getByRole('link', { name: texts[key]! });

let portal: Portal;
let browser: Browser;
// On disk, so that a restart (a new app version) keeps the accounts and sessions: the logged-in screens call the API.
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal({ PGLITE_DATA_DIR: dataDir }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

describe('routing and language', () => {
  it('sends anonymous visitors of a protected route to login with next, in both languages', async () => {
    const { context, page } = await newPage(browser);
    const en = textsOf('alivio', 'en');
    await page.goto(`${portal.origin('alivio')}/en/profile?tab=caregiver`);
    await page.waitForURL((url) => url.pathname === '/en/login');
    expect(pathOf(page.url())).toBe('/en/login?next=%2Fen%2Fprofile%3Ftab%3Dcaregiver');
    await expect.poll(() => page.locator('h1').textContent()).toBe(en['login.title']);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

    await page.goto(`${portal.origin('alivio')}/benefits/migraine?activateDiscountCode=true`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(pathOf(page.url())).toBe('/login?next=%2Fbenefits%2Fmigraine%3FactivateDiscountCode%3Dtrue');
    await expect.poll(() => page.locator('h1').textContent()).toBe(textsOf('alivio', 'es')['login.title']);
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });

  it('switches language and path with the toggle, adding and removing the prefix', async () => {
    const { context, page } = await newPage(browser);
    const es = textsOf('piel', 'es');
    const en = textsOf('piel', 'en');
    await page.goto(`${portal.origin('piel')}/signup?v=ppr`);
    await waitForTitle(page);
    // A real link (decision 052), so it works before the app has loaded.
    await page.getByRole('link', { name: es['language.toggle']! }).click();
    await page.waitForURL((url) => url.pathname === '/en/signup');
    expect(new URL(page.url()).search).toBe('?v=ppr');
    await expect.poll(() => page.locator('h1').textContent()).toBe(en['pages.signup.title']);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.getByRole('link', { name: en['language.toggle']! }).click();
    await page.waitForURL((url) => url.pathname === '/signup');
    await expect.poll(() => page.locator('h1').textContent()).toBe(es['pages.signup.title']);
    // The language chosen stays: an English path now loses its prefix.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/en/coupon?pp=1');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL((url) => url.pathname === '/coupon');
    await context.close();
  });

  it('sends logged-in users from the public auth routes to home', async () => {
    const { context, page } = await newPage(browser);
    await setTestSession(page, portal.origin('alivio'));
    for (const [from, to] of [
      ['/en/login', '/en/home'],
      ['/password/forgot?e=a%40b.example', '/home'],
      ['/en/password/recover?n=x&s=y', '/en/home'],
    ] as const) {
      await page.goto(`${portal.origin('alivio')}${from}`);
      await page.waitForURL((url) => url.pathname === to);
    }
    await context.close();
  });

  it('sends any other path to signup, and takes only a numeric, unprefixed booking id', async () => {
    const { context, page } = await newPage(browser);
    const origin = portal.origin('equilibrio');
    for (const [from, to] of [
      ['/en/nothing', '/en/signup'],
      ['/en/benefit/12/booking', '/en/signup'],
      // The booking route has no prefix: the user's language (English here, from the visit before) decides.
      ['/benefit/abc/booking', '/en/signup'],
      ['/nothing/here', '/signup'],
    ] as const) {
      await page.goto(`${origin}${from}`);
      await page.waitForURL((url) => url.pathname === to);
    }
    await page.goto(`${origin}/benefit/12/booking`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(pathOf(page.url())).toBe('/login?next=%2Fbenefit%2F12%2Fbooking');
    await setTestSession(page, origin);
    await page.goto(`${origin}/benefit/12/booking`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(textsOf('equilibrio', 'es')['pages.booking.title']);
    await context.close();
  });
});

describe('programs', () => {
  it('brands each program by its host: name, logo and colours', async () => {
    for (const slug of SLUGS) {
      const config = configOf(slug);
      const { context, page } = await newPage(browser);
      await page.goto(`${portal.origin(slug)}/en/login`);
      await waitForTitle(page);
      await expect.poll(() => page.locator('.brand__name').textContent()).toBe(config.name);
      // The program's mark as a picture drawn from its logo, loaded at three times its 40 px (decision 032), and its tab icon.
      const logo = page.locator('.brand__logo');
      expect(await logo.getAttribute('src')).toBe(`/program/${slug}/icons/mark.png`);
      await expect
        .poll(() => logo.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalHeight : 0)))
        .toBe(120);
      expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe(`/program/${slug}/icons/icon-32.png`);
      const primary = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim(),
      );
      expect(primary.toLowerCase()).toBe(config.branding.colors.primary.toLowerCase());
      expect(await page.title()).toContain(config.name);
      expect(problemsOf(page)).toEqual([]);
      await context.close();
    }
  });

  it('serves the default program on plain localhost', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${portal.origin()}/login`);
    await expect.poll(() => page.locator('.brand__name').textContent()).toBe(configOf('alivio').name);
    await context.close();
  });
});

describe('errors and resilience', () => {
  it('offers a reload when a screen’s code cannot load', async () => {
    const { context, page } = await newPage(browser);
    await page.route(/\/assets\/signup-[^/]+\.js$/, (route) => route.abort());
    await page.goto(`${portal.origin('alivio')}/en/signup`);
    const en = textsOf('alivio', 'en');
    await page.getByRole('heading', { name: en['errors.chunkLoad.title'] }).waitFor();
    await page.unroute(/\/assets\/signup-[^/]+\.js$/);
    await page.getByRole('button', { name: en['errors.chunkLoad.reload'] }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe(en['pages.signup.title']);
    await context.close();
  });

  it('clears the session and goes to login with ref=session-expired on a 401', async () => {
    const { context, page } = await newPage(browser);
    const origin = portal.origin('alivio');
    await setTestSession(page, origin);
    await page.clock.install();
    await page.goto(`${origin}/en/home`);
    await waitForTitle(page);
    // Stand-in for an expired token until identity lands: the server answers 401.
    await page.route('**/api/v1/resource/features', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: 'errors.sessionExpired' } }),
      }),
    );
    await page.clock.fastForward('02:00');
    await navLink(page, textsOf('alivio', 'en'), 'nav.treatments').click();
    await page.waitForURL((url) => url.pathname === '/en/login');
    expect(new URL(page.url()).searchParams.get('ref')).toBe('session-expired');
    expect(await page.evaluate(() => localStorage.getItem('portal.session'))).toBeNull();
    await context.close();
  });

  it('serves a returning visitor the program’s page from the server, not the service worker’s copy of the shell', async () => {
    const { context, page } = await newPage(browser, { serviceWorkers: 'allow' });
    await page.goto(`${portal.origin('equilibrio')}/en/login`);
    await waitForTitle(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // A visit under the service worker's control: the page is the server's (its program, language, colours and the
    // rendered login screen), which the precached shell has none of.
    const response = await page.reload();
    expect(response?.fromServiceWorker()).toBe(true);
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('<meta name="program" content="equilibrio"');
    expect(html).toMatch(/<link rel="stylesheet" href="\/theme\.css\?v=/);
    expect(html).toContain('data-server-rendered');
    await context.close();
  });

  it('shows a friendly page, not the browser’s error, when visited offline', async () => {
    const { context, page } = await newPage(browser, { serviceWorkers: 'allow' });
    await page.goto(`${portal.origin('piel')}/login`);
    await waitForTitle(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: /Sin conexión/ }).waitFor();
    expect(await page.getByRole('heading').textContent()).toContain('You are offline');
    await expectNoAxeViolations(page, 'offline page');
    await context.close();
  });
});

describe('app version', () => {
  it('reloads at the next navigation when the server’s version changes (navigation strategy)', async () => {
    const { context, page } = await newPage(browser);
    const origin = portal.origin('alivio');
    const en = textsOf('alivio', 'en');
    await setTestSession(page, origin);
    await page.clock.install();
    await page.goto(`${origin}/en/home`);
    await waitForTitle(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await portal.restart({ APP_VERSION: '99.0.0-next' });
    await page.clock.fastForward('02:00');
    await navLink(page, en, 'nav.treatments').click();
    await expect.poll(() => page.locator('h1').textContent()).toBe(en['pages.treatments.title']);
    // The first navigation only learnt of the new version; the page has not reloaded.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await page.waitForTimeout(50);
    await navLink(page, en, 'nav.profile').click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { marker?: number }).marker ?? 'reloaded'))
      .toBe('reloaded');
    expect(new URL(page.url()).pathname).toBe('/en/profile');
    await context.close();
  });

  it('reloads at once with the immediate strategy', async () => {
    const { context, page } = await newPage(browser);
    const origin = portal.origin('piel');
    await setTestSession(page, origin);
    await page.clock.install();
    await page.goto(`${origin}/home`);
    await waitForTitle(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await portal.restart({ APP_VERSION: '100.0.0-now' });
    await page.clock.fastForward('02:00');
    await navLink(page, textsOf('piel', 'es'), 'nav.treatments').click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { marker?: number }).marker ?? 'reloaded'))
      .toBe('reloaded');
    expect(new URL(page.url()).pathname).toBe('/treatments');
    await context.close();
  });
});

describe('accessibility', () => {
  const publicPaths = ['/login', '/password/forgot', '/password/recover', '/logout', '/signup', '/coupon'];
  const privatePaths = [
    '/home',
    '/learning',
    '/treatments',
    '/treatments/new',
    '/caregiver/add',
    '/purchases/1',
    '/redemptions',
    '/redemptions/x/menu',
    '/benefits',
    '/benefits/x/coupon-code',
    '/profile',
  ];

  const cases = [
    ['alivio', 'es', { width: 1280, height: 900 }],
    ['alivio', 'en', { width: 375, height: 740 }],
    ['piel', 'en', { width: 1280, height: 900 }],
    ['equilibrio', 'es', { width: 375, height: 740 }],
  ] as const;

  it.each(cases)('has no axe violations on any page of %s in %s (%o)', async (slug, language, viewport) => {
    const { context, page } = await newPage(browser, { viewport });
    const origin = portal.origin(slug);
    const prefix = language === 'en' ? '/en' : '';
    for (const path of publicPaths) {
      await page.goto(`${origin}${prefix}${path}`);
      await waitForTitle(page);
      await expectNoAxeViolations(page, `${slug} ${language} ${path}`);
    }
    await setTestSession(page, origin);
    for (const path of privatePaths) {
      await page.goto(`${origin}${prefix}${path}`);
      await waitForTitle(page);
      await expectNoAxeViolations(page, `${slug} ${language} ${path}`);
    }
    await page.goto(`${origin}/benefit/3/booking`);
    await waitForTitle(page);
    await expectNoAxeViolations(page, `${slug} booking`);
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });
});
