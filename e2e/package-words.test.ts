// Each presentation's own word in a real browser (issue 38, decision 087): equilibrio's demo patient takes an insulin
// pen, and the home's 4+1 card, the refill estimate, the purchases screen and the redemptions count pens, never boxes,
// on a phone in Spanish and on a desktop in English. axe on every screen, screenshots at both widths
// (UNITS_SHOTS_DIR).
import { describe, expect, it } from 'vitest';
import type { ProductPurchases } from '../packages/contracts/src/purchases.ts';
import { DESKTOP, expectNoAxeViolations, newPage, PHONE, problemsOf, screenshotsIn } from './page.ts';
import { addPharmacy, apiAsPatient, productWithCode, setTestSession, usePortalAndBrowser } from './support.ts';
import { textsOf } from './texts.ts';

const setup = usePortalAndBrowser();
const shoot = screenshotsIn(process.env.UNITS_SHOTS_DIR);
const SLUG = 'equilibrio';
const DAY_MS = 24 * 60 * 60 * 1000;

describe('each presentation’s own word', () => {
  it('equilibrio: the 4+1, the refill estimate, the purchases and the redemptions count pens (es 390, en 1366)', async () => {
    const es = textsOf(SLUG, 'es');
    const en = textsOf(SLUG, 'en');
    const origin = setup.portal.origin(SLUG);
    const phone = await newPage(setup.browser, { viewport: PHONE });
    const page = phone.page;
    await setTestSession(page, origin);
    const { product, code } = await productWithCode(page);
    const bought = async () =>
      (await apiAsPatient<ProductPurchases>(page, 'GET', `/api/v1/purchases/products/${product.productId}`)).data;
    expect((await bought()).product.packageKind).toBe('pen');

    // Three pens bought at the counter: one more and the next pen is free.
    const pharmacy = await addPharmacy(setup.portal, { slug: SLUG, name: 'Farmacia Plumas', country: 'PA' });
    const buy = (index: number, daysAgo: number) =>
      pharmacy.post('/api/v1/pharmacy/purchases', {
        code,
        productId: product.productId,
        quantity: 1,
        unitPrice: '42.00',
        receiptId: `browser-pen-${index}`,
        purchasedAt: new Date(Date.now() - daysAgo * DAY_MS).toISOString(),
      });
    for (const [index, daysAgo] of [40, 20, 2].entries()) await buy(index, daysAgo);
    await page.goto(`${origin}/home`);
    const card = page.getByRole('region', { name: es['home.purchases.title']! });
    await card.getByText('3 de 4: con una compra más, la próxima pluma es gratis.').waitFor();
    await card.getByText(/Calculado con su dosis y las plumas que compró/).waitFor();
    expect(await card.getByText(/\bcajas?\b/).count()).toBe(0);
    await expectNoAxeViolations(page, 'equilibrio home with pens (es, phone)');
    await shoot(page, 'equilibrio-es-390-home');

    // The fourth: a free pen, asked for with the code; on the purchases screen too.
    await buy(3, 1);
    expect((await bought()).progress?.freeUnitsAvailable).toBe(1);
    await page.goto(`${origin}/purchases/${product.productId}`);
    await page.locator('.four-plus-one__message[data-ready]').getByText('¡Tiene una pluma gratis!').waitFor();
    await page.getByText(/Su compra más antigua \(1 pluma\)/).waitFor();
    expect(
      await page
        .locator('main')
        .getByText(/\bcajas?\b/)
        .count(),
    ).toBe(0);
    await expectNoAxeViolations(page, 'equilibrio purchases with pens (es, phone)');
    await shoot(page, 'equilibrio-es-390-purchases');
    expect(problemsOf(page)).toEqual([]);
    await phone.context.close();

    // On a desktop in English, after the counter gave the free pen: the redemption is a free pen.
    await pharmacy.post('/api/v1/pharmacy/redemptions', {
      code,
      productId: product.productId,
      receiptId: 'browser-pen-free',
    });
    const desktop = await newPage(setup.browser, { viewport: DESKTOP });
    await setTestSession(desktop.page, origin);
    await desktop.page.goto(`${origin}/en/redemptions`);
    await desktop.page.getByRole('heading', { level: 1, name: en['pages.redemptions.title']! }).waitFor();
    await desktop.page.locator('.redemption').getByText(`1 free pen of ${product.medicine}`).waitFor();
    await expectNoAxeViolations(desktop.page, 'equilibrio redemptions (en, desktop)');
    await shoot(desktop.page, 'equilibrio-en-1366-redemptions');
    await desktop.page.goto(`${origin}/en/home`);
    const desktopCard = desktop.page.getByRole('region', { name: en['home.purchases.title']! });
    await desktopCard.getByText('0 of 4: 4 more and the next pen is free.').waitFor();
    await desktopCard.getByText(/the pens you bought or got free/).waitFor();
    expect(await desktopCard.getByText(/\bbox(es)?\b/).count()).toBe(0);
    await expectNoAxeViolations(desktop.page, 'equilibrio home with pens (en, desktop)');
    await shoot(desktop.page, 'equilibrio-en-1366-home');
    expect(problemsOf(desktop.page)).toEqual([]);
    await desktop.context.close();
  }, 240_000);
});
