// Benefits in a real browser (decision 046): each program's demo patient sees the benefits of their medicines and of
// their plan, on a phone in Spanish and on a desktop in English; activateDiscountCode=true opened twice makes one code;
// the coupon-code screen's QR code decodes back to the code; the screen opens offline after one visit and nothing of
// it stays after logout. axe on every screen in both languages.
import { describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import type { BenefitsOverview, DiscountCodeCard } from '../packages/contracts/src/benefits.ts';
import { alivioBody, alivioTreatment, uniqueEmail } from '../apps/api/src/test/signup-bodies.ts';
import { fill } from './signup-support.ts';
import { DESKTOP, expectNoAxeViolations, newPage, PHONE, problemsOf } from './page.ts';
import { apiAsPatient, setTestSession, usePortalAndBrowser } from './support.ts';
import { SLUGS, textsOf } from './texts.ts';

const setup = usePortalAndBrowser();

/** A call of the signed-in patient, with the session the page keeps. */
const overviewOf = async (page: Page) => (await apiAsPatient<BenefitsOverview>(page, 'GET', '/api/v1/benefits')).data;
const codeOf = (page: Page, productId: number) =>
  apiAsPatient<DiscountCodeCard>(page, 'GET', `/api/v1/benefits/products/${productId}/discount-code`);

/** Signs the program's demo patient (or another account) in; answers the base of its screens in that language. */
async function signIn(page: Page, slug: string, language: 'es' | 'en', account?: { email: string; password: string }) {
  const origin = setup.portal.origin(slug);
  await setTestSession(page, origin, account);
  return `${origin}${language === 'en' ? '/en' : ''}`;
}

const heading1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** The QR code on the screen, photographed and decoded. */
async function decodeQr(page: Page): Promise<string | undefined> {
  const png = PNG.sync.read(await page.locator('svg[data-symbol="qr"]').screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

/** Every benefits control is a 44 px target. */
async function expectTouchTargets(page: Page) {
  const boxes = await page
    .locator('.product-switcher__link, .benefit-card__toggle, .benefit-card .button, .coupon-code .button')
    .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height));
  expect(boxes.filter((height) => height < 44)).toEqual([]);
}

describe('benefits', () => {
  for (const slug of SLUGS) {
    it(`${slug}: the demo patient sees the benefits of each medicine and of the plan, with their conditions`, async () => {
      for (const [language, viewport] of [
        ['es', PHONE],
        ['en', DESKTOP],
      ] as const) {
        const texts = textsOf(slug, language);
        const { context, page } = await newPage(setup.browser, { viewport });
        const base = await signIn(page, slug, language);
        const overview = await overviewOf(page);
        expect(overview.products.length, `${slug} has products`).toBeGreaterThan(0);
        await page.goto(`${base}/benefits`);
        await heading1(page, texts['pages.benefits.title']!).waitFor();
        const [first] = overview.products;
        await page.getByRole('heading', { level: 2, name: first!.medicine }).waitFor();
        for (const benefit of [...first!.benefits, ...overview.general]) {
          await page.getByRole('heading', { level: 3, name: texts[benefit.texts.title]!, exact: true }).waitFor();
        }
        if (overview.general.length > 0)
          await page.getByRole('heading', { level: 2, name: texts['benefits.general.title']! }).waitFor();

        // Conditions behind read more / read less.
        const card = page.locator('.benefit-card').first();
        const conditions = texts[first!.benefits[0]?.texts.conditions ?? overview.general[0]!.texts.conditions]!;
        expect(await card.getByText(conditions).isVisible()).toBe(false);
        await card.getByRole('button', { name: texts['common.readMore']! }).click();
        await card.getByText(conditions).waitFor();
        await card.getByRole('button', { name: texts['common.readLess']! }).waitFor();
        await expectTouchTargets(page);
        await expectNoAxeViolations(page, `${slug} benefits (${language}, ${viewport.width})`);

        // A medicine the patient does not take: the first one's benefits, and a notice that says so.
        await page.goto(`${base}/benefits/not-a-medicine`);
        await page.getByText(fill(texts['benefits.products.unknown']!, { medicine: first!.medicine })).waitFor();
        await page.getByRole('heading', { level: 2, name: first!.medicine }).waitFor();
        expect(problemsOf(page)).toEqual([]);
        await context.close();
      }
    });
  }

  it('activateDiscountCode=true makes one code, however often it is opened, and leaves the address', async () => {
    const texts = textsOf('piel', 'es');
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    const base = await signIn(page, 'piel', 'es');
    const [product] = (await overviewOf(page)).products;
    expect((await codeOf(page, product!.productId)).status).toBe(404);

    const codes: string[] = [];
    for (let visit = 0; visit < 2; visit += 1) {
      await page.goto(`${base}/benefits/${product!.searchQuery}?activateDiscountCode=true`);
      await page.getByRole('link', { name: texts['benefits.code.show']! }).first().waitFor();
      await expect.poll(() => new URL(page.url()).search).toBe('');
      const { status, data } = await codeOf(page, product!.productId);
      expect(status).toBe(200);
      codes.push(data.code.code);
    }
    expect(codes[1]).toBe(codes[0]);
    // The address was replaced, not pushed: going back does not open it again.
    await page.goBack();
    expect(page.url()).not.toContain('activateDiscountCode');

    // Renew, asked first: a new code, and the old one is no longer the live one.
    await page.goto(`${base}/benefits/${product!.searchQuery}`);
    await page.getByRole('button', { name: texts['benefits.code.renew']! }).first().click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(fill(texts['benefits.code.renewBody']!, { code: codes[0]! })).waitFor();
    await expectNoAxeViolations(page, 'renew dialog (es, phone)');
    await dialog.getByRole('button', { name: texts['benefits.code.renewConfirm']! }).click();
    await page.getByText(texts['benefits.code.renewed']!).waitFor();
    const renewed = (await codeOf(page, product!.productId)).data.code.code;
    expect(renewed).not.toBe(codes[0]);
    codes[0] = renewed;

    // The home's card lists the code, one tap from its screen.
    await page.goto(`${base}/home`);
    const codeLink = page.locator('.row-links__link').filter({ hasText: codes[0]! });
    await codeLink.waitFor();
    await expectNoAxeViolations(page, 'home with a code (es, phone)');
    await codeLink.click();
    await heading1(page, texts['pages.couponCode.title']!).waitFor();
    await page.locator('.coupon-code__code').getByText(codes[0]!).waitFor();
    await context.close();
  });

  it('shows the code large, as a QR code that decodes back to it and as a barcode, in both languages', async () => {
    for (const [language, viewport] of [
      ['es', PHONE],
      ['en', DESKTOP],
    ] as const) {
      const texts = textsOf('alivio', language);
      const { context, page } = await newPage(setup.browser, { viewport });
      const base = await signIn(page, 'alivio', language);
      const [product] = (await overviewOf(page)).products;
      await page.goto(`${base}/benefits/${product!.searchQuery}/coupon-code`);
      await heading1(page, texts['pages.couponCode.title']!).waitFor();
      if (language === 'es') {
        // No code yet: the screen offers to make it.
        await page.getByText(fill(texts['couponCode.none']!, { medicine: product!.medicine })).waitFor();
        await page.getByRole('button', { name: texts['benefits.discountCode.activate']! }).click();
      }
      await page.getByText(texts['couponCode.counter']!).waitFor();
      const { data: card } = await codeOf(page, product!.productId);
      await page.locator('.coupon-code__code').getByText(card.code.code).waitFor();
      expect(await decodeQr(page)).toBe(card.code.code.replace(/-/g, ''));
      await page
        .getByRole('img', { name: fill(texts['couponCode.barcodeLabel']!, { code: card.code.code }) })
        .waitFor();
      await page.getByText(card.patientFirstName, { exact: true }).waitFor();
      // The code and its symbols fit the screen: nothing to scroll sideways at the counter.
      const widths = await page
        .locator('.coupon-code__code, svg[data-symbol]')
        .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().right));
      expect(Math.max(...widths)).toBeLessThanOrEqual(viewport.width);
      if (viewport === PHONE) {
        // On the phone the whole code, its QR code and its barcode stand above the tab bar, without scrolling.
        const { symbols, bar } = await page.evaluate(() => ({
          symbols: document.querySelector('.coupon-code .code-symbols')!.getBoundingClientRect().bottom,
          bar: document.querySelector('.tab-bar')!.getBoundingClientRect().top,
        }));
        expect(symbols).toBeLessThanOrEqual(bar);
      }
      await expectTouchTargets(page);
      await expectNoAxeViolations(page, `coupon code (${language}, ${viewport.width})`);
      expect(problemsOf(page)).toEqual([]);
      await context.close();
    }
  });

  it('switches between two medicines, and leads a patient with none to add one', async () => {
    const texts = textsOf('alivio', 'en');
    const account = { email: uniqueEmail(), password: 'Camino-del-Valle-2026' };
    const enrolment = await setup.portal.app.inject({
      method: 'POST',
      url: '/api/v1/patient/signup',
      headers: { host: `alivio.localhost:${setup.portal.port}` },
      payload: alivioBody({
        email: account.email,
        password: account.password,
        treatments: [
          alivioTreatment(),
          alivioTreatment({ productId: 1103, frequency: { amount: 1, interval: 'month' } }),
        ],
      }),
    });
    expect(enrolment.statusCode, enrolment.body).toBe(201);
    const { context, page } = await newPage(setup.browser, { viewport: DESKTOP });
    const base = await signIn(page, 'alivio', 'en', account);
    const { products } = await overviewOf(page);
    expect(products.map((product) => product.productId)).toEqual([1101, 1103]);

    await page.goto(`${base}/benefits`);
    const switcher = page.getByRole('navigation', { name: texts['benefits.products.label']! });
    await expect(switcher.locator('[aria-current="page"]').textContent()).resolves.toBe(products[0]!.medicine);
    await switcher.getByRole('link', { name: products[1]!.medicine }).click();
    await page.getByRole('heading', { level: 2, name: products[1]!.medicine }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/en/benefits/${products[1]!.searchQuery}`);
    await expect(switcher.locator('[aria-current="page"]').textContent()).resolves.toBe(products[1]!.medicine);
    await expectTouchTargets(page);
    await expectNoAxeViolations(page, 'benefits with two medicines (en, desktop)');

    // Both treatments stopped: the benefits say how to add one.
    const { data: treatments } = await apiAsPatient<{ live: { id: number }[] }>(page, 'GET', '/api/v1/treatments');
    for (const { id } of treatments.live) {
      expect((await apiAsPatient(page, 'DELETE', `/api/v1/treatments/${id}`, { reason: 'FINISHED' })).status).toBe(200);
    }
    await page.goto(`${base}/benefits`);
    await page.getByText(texts['benefits.noTreatment']!).waitFor();
    await expectNoAxeViolations(page, 'benefits without a treatment (en, desktop)');
    await page.getByRole('link', { name: texts['treatments.add']! }).click();
    await heading1(page, texts['pages.treatmentsNew.title']!).waitFor();
    await context.close();
  });

  it('opens the code screen offline after one visit, and keeps nothing of it after logout', async () => {
    const texts = textsOf('equilibrio', 'es');
    const { context, page } = await newPage(setup.browser, { viewport: PHONE, serviceWorkers: 'allow' });
    const base = await signIn(page, 'equilibrio', 'es');
    const [product] = (await overviewOf(page)).products;
    const address = `${base}/benefits/${product!.searchQuery}/coupon-code`;
    await page.goto(address);
    await page.getByRole('button', { name: texts['benefits.discountCode.activate']! }).click();
    const { data: card } = await codeOf(page, product!.productId);
    await page.locator('.coupon-code__code').getByText(card.code.code).waitFor();
    // The screen's files are kept by the service worker once the code has been shown. On a loaded machine the worker
    // may still be precaching the app when the code shows, or its install may fail (a precached file not fetched):
    // the browser tries the install again on the next visit, as a patient's next visit would. Up to three visits;
    // what is missing is named when the last wait runs out.
    const stored = () =>
      page.evaluate(async () => {
        const chunks = await (await caches.open('app-chunks')).keys();
        const resources = await (await caches.open('program-resources')).keys();
        return {
          controlled: navigator.serviceWorker.controller !== null,
          chunk: chunks.some((request) => /\/assets\/coupon-code-/.test(request.url)),
          plan: resources.some((request) => request.url.endsWith('/api/v1/resource/support/plan')),
        };
      });
    for (let visit = 1; ; visit += 1) {
      try {
        await expect
          .poll(stored, { timeout: 40_000, interval: 250 })
          .toEqual({ controlled: true, chunk: true, plan: true });
        break;
      } catch (error) {
        if (visit === 3) throw error;
        await page.goto(address);
        await page.locator('.coupon-code__code').getByText(card.code.code).waitFor();
      }
    }

    // The home, once visited online, keeps its files too (its own and its lazy cards'): the portal opens offline.
    await page.goto(`${base}/home`);
    await page.getByRole('link', { name: new RegExp(card.code.code) }).waitFor();
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const chunks = (await (await caches.open('app-chunks')).keys()).map((request) => request.url);
            return ['/assets/home-', '/assets/purchases-card-', '/assets/booking-home-card-'].filter(
              (start) => !chunks.some((url) => url.includes(start)),
            );
          }),
        { timeout: 40_000, interval: 250 },
      )
      .toEqual([]);

    await context.setOffline(true);
    expect(
      await page.evaluate(() =>
        fetch('/api/v1/benefits').then(
          () => 'online',
          () => 'offline',
        ),
      ),
    ).toBe('offline');
    await page.goto(address);
    await page.locator('.coupon-code__code').getByText(card.code.code).waitFor();
    await page.getByText(texts['couponCode.savedCopy']!.split('.')[0]!).waitFor();
    expect(await decodeQr(page)).toBe(card.code.code.replace(/-/g, ''));
    await expectNoAxeViolations(page, 'coupon code offline');

    // The home opened offline (issue 38, item 2): one calm line that says so with the saved code one tap away, and the
    // regions that need the connection saying so, not that they failed; back online, they come by themselves.
    await page.goto(`${base}/home`);
    await page.getByRole('heading', { name: texts['home.offline.title']! }).waitFor();
    await page.getByText(texts['errors.regionNeedsConnection']!).first().waitFor();
    for (const failure of ['errors.loadInformation', 'errors.benefitsLoad', 'errors.bookingAvailability'])
      expect(await page.getByText(texts[failure]!).count(), failure).toBe(0);
    await expectNoAxeViolations(page, 'home offline');
    await page.getByRole('link', { name: new RegExp(card.code.code) }).click();
    await page.locator('.coupon-code__code').getByText(card.code.code).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: texts['home.offline.title']! }).waitFor();
    await context.setOffline(false);
    await expect
      .poll(() => page.getByText(texts['errors.regionNeedsConnection']!).count(), { timeout: 30_000 })
      .toBe(0);
    expect(await page.getByRole('heading', { name: texts['home.offline.title']! }).count()).toBe(0);
    await context.setOffline(true);

    // Logout: nothing of the code stays on the device (storage, caches).
    await context.setOffline(false);
    await page.goto(`${base}/logout`);
    await page.getByRole('link', { name: texts['logout.continue']! }).waitFor();
    const left = await page.evaluate(async (code) => {
      const stored = Object.entries(localStorage).filter(
        ([key, value]) => key.startsWith('portal.patient.') || value.includes(code),
      );
      const cached: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) {
          if (/\/api\/v1\/(benefits|user)/.test(request.url)) cached.push(request.url);
        }
      }
      return { stored, cached };
    }, card.code.code);
    expect(left).toEqual({ stored: [], cached: [] });
    await context.setOffline(true);
    await page.goto(address);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/login');
    expect(await page.getByText(card.code.code).count()).toBe(0);
    await context.close();
  }, 200_000);
});
