// The app shell on a 390 px phone and a 1366 px desktop: navigation, help phones, targets, routing, axe.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, expectNoAxeViolations, newPage, PHONE, problemsOf, waitForTitle } from './page.ts';
import { openSignedIn, setTestSession, usePortalAndBrowser } from './support.ts';
import { textsOf } from './texts.ts';

const setup = usePortalAndBrowser();

/** Every visible link, button and input smaller than 44×44 CSS px (react-aria's visually hidden inputs sit inside their 44 px label). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('a, button, [role="button"], input'))
      .filter((element) => !element.closest('[hidden]') && !element.classList.contains('skip-link'))
      .map((element) => ({ element, box: element.getBoundingClientRect(), style: getComputedStyle(element) }))
      .filter(({ box, style }) => box.width > 1 && box.height > 1 && style.visibility !== 'hidden')
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(
        ({ element, box }) =>
          `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}" ${Math.round(box.width)}x${Math.round(box.height)}`,
      ),
  );
}

const isVisible = (page: Page, selector: string) => page.locator(selector).first().isVisible();

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('the shell on a %s', (device, viewport) => {
  describe.each(['es', 'en'] as const)('in %s', (language) => {
    const texts = textsOf('alivio', language);
    const prefix = language === 'en' ? '/en' : '';

    it('logged in: the navigation fits the screen, the ribbon stays, the patient’s phones are a tap away', async () => {
      const { context, page } = await newPage(setup.browser, { viewport });
      await openSignedIn(page, `${setup.portal.origin('alivio')}${prefix}/treatments`);
      await waitForTitle(page);
      await page.getByText(texts['ribbon.logoutLink']!).waitFor();

      const nav = page.getByRole('navigation', { name: texts['app.mainNavigation']! });
      await expect.poll(() => nav.count()).toBe(1);
      const current = nav.locator('[aria-current="page"]');
      expect(await current.textContent()).toBe(texts['nav.treatments']);
      expect(await isVisible(page, '.tab-bar')).toBe(device === 'phone');
      expect(await isVisible(page, '.top-nav')).toBe(device === 'desktop');
      if (device === 'phone') {
        // A bar at the bottom of the screen, one row, every tab with its icon and label.
        const box = (await page.locator('.tab-bar').boundingBox())!;
        expect(box.y + box.height).toBe(viewport.height);
        const tabs = await page
          .locator('.tab-bar li')
          .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top));
        expect(new Set(tabs).size).toBe(1);
        expect(await page.locator('.tab-bar .nav-icon').count()).toBe(tabs.length);
      } else {
        const rows = await page
          .locator('.top-nav li')
          .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
        expect(new Set(rows).size).toBe(1);
      }

      // The program's mark at its own aspect ratio, at least 32 px tall, with the name beside it.
      const logo = await page.locator('.brand__logo').evaluate((image: HTMLImageElement) => ({
        height: image.getBoundingClientRect().height,
        width: image.getBoundingClientRect().width,
        ratio: image.naturalWidth / image.naturalHeight,
      }));
      expect(logo.height).toBeGreaterThanOrEqual(32);
      expect(logo.width / logo.height).toBeCloseTo(logo.ratio, 1);
      expect(await page.locator('.brand__name').textContent()).toBe('Alivio');

      // The demo patient lives in Costa Rica: its call center and WhatsApp, not the other countries'.
      const footer = page.locator('.site-footer');
      expect(await footer.locator('a[href="tel:+50640001234"]').count()).toBe(1);
      expect(await footer.locator('a[href="https://wa.me/50688004321"]').count()).toBe(1);
      expect(await footer.locator('a[href="tel:+5073001234"]').count()).toBe(0);
      await page.getByRole('link', { name: texts['app.help']! }).click();
      await page.getByRole('dialog').locator('a[href="tel:+50640001234"]').waitFor();
      await page.keyboard.press('Escape');

      expect(await smallTargets(page)).toEqual([]);
      await expectNoAxeViolations(page, `shell ${device} ${language}`);
      expect(problemsOf(page)).toEqual([]);
      await context.close();
    });

    it('on login: every country’s phones with tel: links, targets of 44 px, no violations', async () => {
      const { context, page } = await newPage(setup.browser, { viewport });
      await page.goto(`${setup.portal.origin('alivio')}${prefix}/login`);
      await waitForTitle(page);
      const footer = page.locator('.site-footer');
      await footer.locator('a[href="tel:+50640001234"]').waitFor();
      expect(await footer.locator('a[href="tel:+5073001234"]').count()).toBe(1);
      expect(await footer.locator('a[href="https://wa.me/50761234567"]').count()).toBe(1);
      expect(await page.getByRole('navigation', { name: texts['app.mainNavigation']! }).count()).toBe(0);
      expect(await smallTargets(page)).toEqual([]);
      await expectNoAxeViolations(page, `login ${device} ${language}`);
      await context.close();
    });
  });
});

describe('the header on a 320 px phone', () => {
  it.each([
    ['alivio', 'es'],
    ['equilibrio', 'es'],
    ['equilibrio', 'en'],
    ['piel', 'es'],
  ] as const)(
    '%s in %s: the mark, the help pill and the language toggle side by side, none over another',
    async (slug, language) => {
      const { context, page } = await newPage(setup.browser, { viewport: { width: 320, height: 640 } });
      await openSignedIn(page, `${setup.portal.origin(slug)}${language === 'en' ? '/en' : ''}/treatments`);
      await waitForTitle(page);
      // The brand link keeps the program's name as its accessible name.
      const name = { alivio: 'Alivio', equilibrio: 'Equilibrio', piel: 'Piel Plena' }[slug];
      await expect.poll(() => page.locator('.site-header').getByRole('link', { name, exact: true }).count()).toBe(1);
      const boxes = await page.evaluate(() =>
        ['.site-header .brand', '.site-header .help-button', '.site-header .language-toggle'].map((selector) => {
          const element = document.querySelector(selector)!;
          // The brand's own visible parts: a name clipped to 1 px takes no room.
          const parts = selector.endsWith('.brand')
            ? Array.from(element.children).filter((child) => child.getBoundingClientRect().width > 1)
            : [element];
          const rects = parts.map((part) => part.getBoundingClientRect());
          return {
            selector,
            left: Math.min(...rects.map((rect) => rect.left)),
            right: Math.max(...rects.map((rect) => rect.right)),
            top: Math.min(...rects.map((rect) => rect.top)),
            bottom: Math.max(...rects.map((rect) => rect.bottom)),
          };
        }),
      );
      for (const box of boxes) {
        expect(box.left, box.selector).toBeGreaterThanOrEqual(0);
        expect(box.right, box.selector).toBeLessThanOrEqual(320);
      }
      const overlaps = boxes.flatMap((one, index) =>
        boxes
          .slice(index + 1)
          .filter(
            (other) =>
              one.left < other.right && other.left < one.right && one.top < other.bottom && other.top < one.bottom,
          )
          .map((other) => `${one.selector} over ${other.selector}`),
      );
      expect(overlaps).toEqual([]);
      await context.close();
    },
  );
});

describe('routes', () => {
  const es = textsOf('alivio', 'es');
  const en = textsOf('alivio', 'en');

  it('accepts /es/... and drops the prefix', async () => {
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    await page.goto(`${setup.portal.origin('alivio')}/es/login?next=%2Fprofile`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).search).toBe('?next=%2Fprofile');
    await page
      .getByRole('heading', { level: 1, name: es['login.title']!.replace('{programName}', 'Alivio') })
      .waitFor();
    await context.close();
  });

  it('shows a logged-in patient "page not found" for an unknown path and /purchases without a product, with a way home', async () => {
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    await setTestSession(page, setup.portal.origin('alivio'));
    for (const [path, texts] of [
      ['/no-such-page', es],
      ['/purchases', es],
      ['/en/no/such/page', en],
    ] as const) {
      await page.goto(`${setup.portal.origin('alivio')}${path}`);
      await page.getByRole('heading', { level: 1, name: texts['pages.notFound.title']! }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await page.locator('.tab-bar').isVisible()).toBe(true);
    }
    await expectNoAxeViolations(page, 'not found en');
    await page.getByRole('link', { name: en['pages.notFound.home']! }).click();
    await page.waitForURL((url) => url.pathname === '/en/home');
    await context.close();
  });

  it('sends an anonymous visitor of an unknown path to signup', async () => {
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    for (const path of ['/no-such-page', '/purchases']) {
      await page.goto(`${setup.portal.origin('alivio')}${path}`);
      await page.waitForURL((url) => url.pathname === '/signup');
    }
    await context.close();
  });

  it('links the program’s own web-app manifest', async () => {
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    await page.goto(`${setup.portal.origin('piel')}/login`);
    await waitForTitle(page);
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!.href;
      return (await fetch(href)).json();
    });
    expect(manifest.name).toBe('Piel Plena');
    await context.close();
  });
});
