// Purchases and redemptions in a real browser (decision 059): a pharmacy made with the operators' own command records
// four purchases of the demo patient's 4+1 medicine through the pharmacy API; the patient sees them with their totals
// and the free box, on a phone in Spanish and on a desktop in English; the pharmacy redeems the free box, which shows
// among the redemptions while the progress starts again; 'Redemption load failure' with Try again. axe on every
// screen, 44 px targets, screenshots of each screen at both widths (PURCHASES_SHOTS_DIR). equilibrio's loop in dollars
// on a desktop in English; piel, without the 4+1 offer, shows a discounted purchase and the savings (decision 069).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ProductPurchases, ProductRedemptions } from '../packages/contracts/src/purchases.ts';
import { DESKTOP, expectNoAxeViolations, newPage, PHONE, problemsOf, screenshotsIn } from './page.ts';
import {
  addPharmacy,
  apiAsPatient,
  productWithCode,
  setFeatureToggle,
  setTestSession,
  usePortalAndBrowser,
  type TestPharmacy,
} from './support.ts';
import { money, textsOf } from './texts.ts';

const setup = usePortalAndBrowser();
const shoot = screenshotsIn(process.env.PURCHASES_SHOTS_DIR);
const SLUG = 'alivio';
const DAY_MS = 24 * 60 * 60 * 1000;
const UNIT_PRICE = '12500.00';
const PHARMACY = 'Farmacia Prueba Navegador';

/** Every purchases control is a 44 px target. */
async function expectTouchTargets(page: Page) {
  const small = await page
    .locator('main a, main button')
    .evaluateAll((elements) =>
      elements
        .filter((element) => element.getBoundingClientRect().height < 44)
        .map((element) => element.textContent ?? ''),
    );
  expect(small).toEqual([]);
}

/** A pharmacy of the program in a country (alivio's Costa Rica unless said) with one key, as `npm run pharmacies:add`. */
const pharmacyOf = (slug = SLUG, country = 'CR') =>
  addPharmacy(setup.portal, { slug, name: PHARMACY, country, branch: 'Escazú' });

const heading1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Four purchases of the product at the counter, within the last two months. */
async function buyFour(pharmacy: TestPharmacy, code: string, productId: number, slug: string) {
  for (const [index, daysAgo] of [60, 30, 20, 5].entries())
    await pharmacy.post('/api/v1/pharmacy/purchases', {
      code,
      productId,
      quantity: 1,
      unitPrice: '1500.00',
      receiptId: `browser-${slug}-${index}`,
      purchasedAt: new Date(Date.now() - daysAgo * DAY_MS).toISOString(),
    });
}

describe('purchases and redemptions', () => {
  it('shows the purchases, the free box and the savings, the redemption, and the progress starting again', async () => {
    const es = textsOf(SLUG, 'es');
    const en = textsOf(SLUG, 'en');
    const origin = setup.portal.origin(SLUG);
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    await setTestSession(page, origin);

    // The demo patient's medicine with the 4+1 offer, and its discount code, which the counter records with.
    const { product, code } = await productWithCode(page);

    // Four purchases, the oldest 340 days ago: it stops counting within the month.
    const pharmacy = await pharmacyOf();
    for (const [index, daysAgo] of [340, 90, 30, 5].entries()) {
      await pharmacy.post('/api/v1/pharmacy/purchases', {
        code,
        productId: product.productId,
        quantity: 1,
        unitPrice: UNIT_PRICE,
        receiptId: `browser-${index}`,
        purchasedAt: new Date(Date.now() - daysAgo * DAY_MS).toISOString(),
      });
    }
    const bought = (
      await apiAsPatient<ProductPurchases>(page, 'GET', `/api/v1/purchases/products/${product.productId}`)
    ).data;
    expect(bought.purchases).toHaveLength(4);
    expect(bought.progress?.freeUnitsAvailable).toBe(1);
    const currency = bought.purchases[0]!.currency;

    // The phone, in Spanish: the purchases with their totals, the four boxes and the free one, the expiry warning.
    await page.goto(`${origin}/purchases/${product.productId}`);
    await heading1(page, es['pages.purchases.title']!).waitFor();
    await page.locator('.purchase').first().waitFor();
    expect(await page.locator('.purchase').count()).toBe(4);
    // No discount with the 4+1 alone: each total is the unit price.
    expect(bought.purchases.map((purchase) => purchase.total)).toEqual(Array(4).fill(UNIT_PRICE));
    expect(
      await page
        .locator('dd.purchase__total')
        .getByText(money(UNIT_PRICE, 'es', currency))
        .count(),
    ).toBe(4);
    await page.getByText(`${PHARMACY} – Escazú`).first().waitFor();
    expect(await page.locator('.four-plus-one__box[data-filled]').count()).toBe(4);
    await page.locator('.four-plus-one__message[data-ready]').getByText('¡Tiene una caja gratis!').waitFor();
    await page.locator('.purchases-warning').getByText('1 caja comprada deja de contar').waitFor();
    await page.getByText(es['purchases.savings.none']!).waitFor();
    await expectTouchTargets(page);
    await expectNoAxeViolations(page, 'purchases (es, phone)');
    await shoot(page, 'purchases-es-phone');

    // The home's card: the progress and the way to the purchases.
    await page.goto(`${origin}/home`);
    const card = page.locator('.home-purchases__link');
    await card.locator('.four-plus-one__message[data-ready]').waitFor();
    await expectNoAxeViolations(page, 'home with the 4+1 card (es, phone)');
    await shoot(page, 'home-es-phone');

    // The counter redeems the free box: it shows among the redemptions, and the progress starts again.
    await pharmacy.post('/api/v1/pharmacy/redemptions', {
      code,
      productId: product.productId,
      receiptId: 'browser-free',
    });
    await page.goto(`${origin}/redemptions/${product.searchQuery}`);
    await heading1(page, es['pages.redemptions.title']!).waitFor();
    const redemption = page.locator('.redemption');
    await redemption.getByText(`${PHARMACY} – Escazú`).waitFor();
    await redemption.getByText(`1 caja gratis de ${product.medicine}`).waitFor();
    await expectTouchTargets(page);
    await expectNoAxeViolations(page, 'redemptions (es, phone)');
    await shoot(page, 'redemptions-es-phone');

    await page.getByRole('link', { name: es['redemptions.menu.purchases']! }).click();
    await heading1(page, es['pages.purchases.title']!).waitFor();
    await page.getByText('0 de 4: con 4 compras más, la próxima caja es gratis.').waitFor();
    expect(await page.locator('.four-plus-one__box[data-filled]').count()).toBe(0);
    await page.getByText(`Ha ahorrado ${money(UNIT_PRICE, 'es', currency)} este año.`).waitFor();
    await shoot(page, 'purchases-after-es-phone');

    // The menu: the patient chooses the product.
    await page.goto(`${origin}/redemptions/${product.searchQuery}/menu`);
    await heading1(page, es['pages.redemptionsMenu.title']!).waitFor();
    await expectTouchTargets(page);
    await expectNoAxeViolations(page, 'redemptions menu (es, phone)');
    await shoot(page, 'redemptions-menu-es-phone');
    await page.getByRole('link', { name: es['redemptions.menu.all']! }).click();
    await heading1(page, es['pages.redemptions.title']!).waitFor();
    await page.locator('.redemption').first().waitFor();

    // 'Redemption load failure', in its region, with Try again.
    await page.route('**/api/v1/redemptions', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"UNAVAILABLE"}}' }),
    );
    await page.goto(`${origin}/redemptions`);
    await page.getByText(es['errors.redemptionsLoad']!).waitFor();
    await expectNoAxeViolations(page, 'redemptions failure (es, phone)');
    await shoot(page, 'redemptions-failure-es-phone');
    await page.unroute('**/api/v1/redemptions');
    await page.getByRole('button', { name: es['common.retry']! }).click();
    await page.locator('.redemption').first().waitFor();

    // A product that is not the patient's (an old or mistyped link): said so, with the way to the benefits.
    await page.goto(`${origin}/purchases/999999`);
    await page.getByText(es['purchases.notFound']!).waitFor();
    await page.getByRole('link', { name: es['redemptions.menu.benefits']! }).waitFor();
    await expectNoAxeViolations(page, 'purchases of a product not the patient’s (es, phone)');
    expect(problemsOf(page).filter((problem) => !/503|404/.test(problem))).toEqual([]);
    await context.close();

    // The desktop, in English.
    const desktop = await newPage(setup.browser, { viewport: DESKTOP });
    await setTestSession(desktop.page, origin);
    await desktop.page.goto(`${origin}/en/purchases/${product.productId}`);
    await heading1(desktop.page, en['pages.purchases.title']!).waitFor();
    await desktop.page.locator('.purchase').first().waitFor();
    expect(
      await desktop.page
        .locator('dd.purchase__total')
        .getByText(money(UNIT_PRICE, 'en', currency))
        .count(),
    ).toBe(4);
    await desktop.page.getByText('0 of 4: 4 more and the next box is free.').waitFor();
    await desktop.page.getByText(`You have saved ${money(UNIT_PRICE, 'en', currency)} this year.`).waitFor();
    await expectNoAxeViolations(desktop.page, 'purchases (en, desktop)');
    await shoot(desktop.page, 'purchases-en-desktop');
    await desktop.page.goto(`${origin}/en/redemptions`);
    await desktop.page.locator('.redemption').getByText(`1 free box of ${product.medicine}`).waitFor();
    const redemptions = (await apiAsPatient<ProductRedemptions>(desktop.page, 'GET', '/api/v1/redemptions')).data;
    expect(redemptions.find((one) => one.productId === product.productId)?.redemptions).toHaveLength(1);
    await expectNoAxeViolations(desktop.page, 'redemptions (en, desktop)');
    await shoot(desktop.page, 'redemptions-en-desktop');
    await desktop.page.goto(`${origin}/en/home`);
    await desktop.page.locator('.home-purchases__link').waitFor();
    await expectNoAxeViolations(desktop.page, 'home (en, desktop)');
    await shoot(desktop.page, 'home-en-desktop');
    expect(problemsOf(desktop.page)).toEqual([]);
    await desktop.context.close();
  }, 240_000);
  // equilibrio's 4+1 (capped at one free unit a month) in Panama's dollars, on a desktop in English.
  it("equilibrio: the counter's purchases, their totals in dollars and the free unit, then its redemption (en, 1366)", async () => {
    const texts = textsOf('equilibrio', 'en');
    const origin = setup.portal.origin('equilibrio');
    const { context, page } = await newPage(setup.browser, { viewport: DESKTOP });
    await setTestSession(page, origin);
    const { product, code } = await productWithCode(page);
    const pharmacy = await pharmacyOf('equilibrio', 'PA');
    await buyFour(pharmacy, code, product.productId, 'equilibrio');
    const bought = (
      await apiAsPatient<ProductPurchases>(page, 'GET', `/api/v1/purchases/products/${product.productId}`)
    ).data;
    expect(bought.purchases.map((purchase) => purchase.currency)).toEqual(Array(4).fill('USD'));
    expect(bought.progress?.freeUnitsAvailable).toBe(1);

    await page.goto(`${origin}/en/purchases/${product.productId}`);
    await heading1(page, texts['pages.purchases.title']!).waitFor();
    await page.locator('.purchase').first().waitFor();
    const total = money(bought.purchases[0]!.total, 'en', 'USD');
    expect(await page.locator('dd.purchase__total').getByText(total).count()).toBe(4);
    expect(await page.locator('.four-plus-one__box[data-filled]').count()).toBe(4);
    await expectTouchTargets(page);
    await expectNoAxeViolations(page, 'equilibrio purchases (en, desktop)');

    await pharmacy.post('/api/v1/pharmacy/redemptions', {
      code,
      productId: product.productId,
      receiptId: 'browser-equilibrio-free',
    });
    await page.goto(`${origin}/en/redemptions`);
    await heading1(page, texts['pages.redemptions.title']!).waitFor();
    await page.locator('.redemption').getByText(`${PHARMACY} – Escazú`).first().waitFor();
    await expectNoAxeViolations(page, 'equilibrio redemptions (en, desktop)');
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });

  // piel has no 4+1 offer, only discounts (decision 069): from its redemptions, "See purchases" opens José's discounted
  // purchase and the year's savings, without the 4+1 boxes. A program that turns purchases or redemptions off shows no
  // link to the screen that would only say the feature is not there.
  it('piel: from the redemptions to the discounted purchase and the savings, no 4+1 boxes, no link to a feature that is off (es, 390)', async () => {
    const texts = textsOf('piel', 'es');
    const origin = setup.portal.origin('piel');
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    await setTestSession(page, origin);
    const { product, code } = await productWithCode(page, false);
    const pharmacy = await pharmacyOf('piel', 'MX');
    await pharmacy.post('/api/v1/pharmacy/purchases', {
      code,
      productId: product.productId,
      quantity: 2,
      unitPrice: '1234.55',
      receiptId: 'browser-piel-discount',
      purchasedAt: new Date(Date.now() - DAY_MS).toISOString(),
    });
    const bought = (
      await apiAsPatient<ProductPurchases>(page, 'GET', `/api/v1/purchases/products/${product.productId}`)
    ).data;
    const [purchase] = bought.purchases;
    expect(purchase).toMatchObject({ quantity: 2, unitPrice: '1234.55', discountPercent: 15, currency: 'MXN' });

    await page.goto(`${origin}/redemptions/${product.searchQuery}`);
    await heading1(page, texts['pages.redemptions.title']!).waitFor();
    await page.getByRole('link', { name: texts['redemptions.menu.purchases']! }).click();
    await heading1(page, texts['pages.purchases.title']!).waitFor();
    const item = page.locator('.purchase');
    await item.first().waitFor();
    expect(await item.count()).toBe(1);
    await item.getByText(`15 % (${money(purchase!.discountAmount, 'es', 'MXN')})`).waitFor();
    await item
      .locator('dd.purchase__total')
      .getByText(money(purchase!.total, 'es', 'MXN'))
      .waitFor();
    await page.getByText(`Ha ahorrado ${money(purchase!.discountAmount, 'es', 'MXN')} este año.`).waitFor();
    expect(await page.locator('.four-plus-one').count()).toBe(0);
    expect(await page.getByText(texts['errors.featureDisabled']!).count()).toBe(0);
    await page.getByRole('link', { name: texts['redemptions.menu.history']! }).waitFor();
    await expectTouchTargets(page);
    await expectNoAxeViolations(page, 'piel purchases with a discount (es, phone)');
    await shoot(page, 'piel-purchases-es-phone');

    // The program turns purchases off: the redemptions show no way to them; turned back on, redemptions off: the
    // purchases show no way to the redemptions.
    await setFeatureToggle(setup.portal, 'piel', 'purchases', false);
    try {
      await page.goto(`${origin}/redemptions/${product.searchQuery}`);
      await heading1(page, texts['pages.redemptions.title']!).waitFor();
      await page.locator('.redemption-list, .empty-state').first().waitFor();
      expect(await page.getByRole('link', { name: texts['redemptions.menu.purchases']! }).count()).toBe(0);
    } finally {
      await setFeatureToggle(setup.portal, 'piel', 'purchases', true);
    }
    await setFeatureToggle(setup.portal, 'piel', 'redemptions', false);
    try {
      await page.goto(`${origin}/purchases/${product.productId}`);
      await page.locator('.purchase').first().waitFor();
      await page.getByRole('link', { name: texts['redemptions.menu.benefits']! }).waitFor();
      expect(await page.getByRole('link', { name: texts['redemptions.menu.history']! }).count()).toBe(0);
    } finally {
      await setFeatureToggle(setup.portal, 'piel', 'redemptions', true);
    }
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });
});
