// The pharmacy counter in a real browser (decision 060): a pharmacist enters the pharmacy's key once, verifies the demo
// patient's code and records four purchases; the patient sees them, their totals and the free box on the phone; the
// pharmacist gives the free unit; the patient sees the redemption and the progress start again. Then the counter's
// other paths in English on a phone: a mistyped and an unknown code, a rate limit, a reversal, removing the key and a
// revoked key; and the camera path, with Chromium's fake camera showing the patient's QR code. axe on every screen in
// es and en, at 390 px and 1366 px; screenshots (COUNTER_SHOTS_DIR).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ProductPurchases } from '../packages/contracts/src/purchases.ts';
import { normaliseDiscountCode } from '../packages/contracts/src/discount-code.ts';
import { pharmacyCommand } from '../apps/api/src/modules/pharmacy/commands.ts';
import { launchBrowser } from './chromium.ts';
import { DESKTOP, expectNoAxeViolations, newPage, PHONE, problemsOf, screenshotsIn } from './page.ts';
import { addPharmacy, apiAsPatient, productWithCode, setTestSession, usePortalAndBrowser } from './support.ts';
import { money, textsOf } from './texts.ts';

const setup = usePortalAndBrowser();
const shoot = screenshotsIn(process.env.COUNTER_SHOTS_DIR);
const SLUG = 'alivio';
const PHARMACY = 'Farmacia Mostrador';
const UNIT_PRICE = '12500';

/** Every control of the page is a 44 px target, and the counter's own a 56 px one (a tablet at arm's length). */
async function expectCounterTargets(page: Page) {
  const heights = await page.locator('main a, main button, [role="dialog"] button').evaluateAll((elements) =>
    elements.map((element) => ({
      text: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim(),
      height: element.getBoundingClientRect().height,
      counter: element.classList.contains('counter-button'),
    })),
  );
  expect(heights.filter((one) => one.height > 0 && one.height < (one.counter ? 56 : 44))).toEqual([]);
}

/** A pharmacy of the program in Costa Rica with one key, made as `npm run pharmacies:add` makes it. */
const addCounterPharmacy = (name = PHARMACY) => addPharmacy(setup.portal, { slug: SLUG, name, branch: 'Escazú' });

async function enterKey(page: Page, texts: Record<string, string>, key: string) {
  await page.getByLabel(texts['pharmacy.key.label']!).fill(key);
  await page.getByRole('button', { name: texts['pharmacy.key.submit']! }).click();
  await page.getByRole('button', { name: texts['pharmacy.key.remove']! }).waitFor();
}

async function verify(page: Page, texts: Record<string, string>, code: string) {
  await page.getByLabel(texts['pharmacy.verify.code.label']!).fill(code);
  await page.getByRole('button', { name: texts['pharmacy.verify.submit']! }).click();
}

async function recordPurchase(page: Page, texts: Record<string, string>, receipt: string) {
  await page.getByRole('button', { name: texts['pharmacy.product.recordPurchase']! }).click();
  await page.getByLabel(texts['pharmacy.purchase.quantity.label']!).fill('1');
  await page.getByLabel(/^(Precio unitario|Unit price)/).fill(UNIT_PRICE);
  await page.getByLabel(texts['pharmacy.receipt.label']!).fill(receipt);
  await page.getByRole('button', { name: texts['pharmacy.purchase.submit']! }).click();
}

const heading = (page: Page, name: string | RegExp, level = 1) => page.getByRole('heading', { level, name });

describe('the pharmacy counter', () => {
  it('verifies the demo patient’s code, records four purchases and gives the free unit, which the patient sees', async () => {
    const es = textsOf(SLUG, 'es');
    const origin = setup.portal.origin(SLUG);
    const { key } = await addCounterPharmacy();

    // The patient's phone: signed in, with the code of the 4+1 medicine.
    const phone = await newPage(setup.browser, { viewport: PHONE });
    await setTestSession(phone.page, origin);
    const { product, code } = await productWithCode(phone.page);

    // The counter, a wide screen in Spanish: the key step.
    const counter = await newPage(setup.browser, { viewport: DESKTOP });
    const page = counter.page;
    await page.goto(`${origin}/pharmacy`);
    await heading(page, es['pages.pharmacy.title']!).waitFor();
    await heading(page, es['pharmacy.key.title']!, 2).waitFor();
    // No patient's navigation on the counter's page.
    expect(await page.locator('.top-nav, .tab-bar').count()).toBe(0);
    await expectNoAxeViolations(page, 'counter key step (es, desktop)');
    await shoot(page, 'counter-key-es-desktop');
    // A mistyped key is refused before any call.
    await page.getByLabel(es['pharmacy.key.label']!).fill(`${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`);
    await page.getByRole('button', { name: es['pharmacy.key.submit']! }).click();
    await page.getByText(es['pharmacy.key.mistyped']!).waitFor();
    await enterKey(page, es, key);
    await page.getByText(`${PHARMACY} – Escazú`).waitFor();
    await expectNoAxeViolations(page, 'counter code step (es, desktop)');
    await shoot(page, 'counter-code-es-desktop');

    // The patient's code, typed as read aloud (lower case, hyphens): the patient and the 4+1 offer.
    await verify(page, es, code.toLowerCase());
    await heading(page, 'Paciente: María', 2).waitFor();
    await page.getByText(es['pharmacy.product.noDiscount']!).waitFor();
    await expectCounterTargets(page);
    await expectNoAxeViolations(page, 'counter patient (es, desktop)');
    await shoot(page, 'counter-patient-es-desktop');

    for (let index = 0; index < 4; index += 1) {
      await recordPurchase(page, es, `mostrador-${index}`);
      const result = page.locator('.form-alert--success');
      await result.getByText(`Compra registrada: 1 × ${product.medicine}`).waitFor();
      await result
        .getByText(money(UNIT_PRICE, 'es', 'CRC'))
        .first()
        .waitFor();
      if (index === 0) {
        await expectNoAxeViolations(page, 'counter purchase recorded (es, desktop)');
        await shoot(page, 'counter-purchase-es-desktop');
      }
    }
    await page.getByText('1 unidad gratis para entregar ahora.').waitFor();
    expect(await page.locator('.counter-entry').count()).toBe(4);

    // The patient sees the four purchases, their totals and the free box.
    const bought = (
      await apiAsPatient<ProductPurchases>(phone.page, 'GET', `/api/v1/purchases/products/${product.productId}`)
    ).data;
    expect(bought.purchases.map((one) => one.total)).toEqual(Array(4).fill('12500.00'));
    await phone.page.goto(`${origin}/purchases/${product.productId}`);
    await phone.page.locator('.purchase').first().waitFor();
    expect(await phone.page.locator('.purchase').count()).toBe(4);
    expect(
      await phone.page
        .locator('dd.purchase__total')
        .getByText(money(UNIT_PRICE, 'es', 'CRC'))
        .count(),
    ).toBe(4);
    await phone.page.locator('.four-plus-one__message[data-ready]').getByText('¡Tiene una caja gratis!').waitFor();

    // The pharmacist gives the free unit.
    await page.getByRole('button', { name: es['pharmacy.product.redeem']! }).click();
    await page.getByLabel(es['pharmacy.receipt.label']!).fill('mostrador-gratis');
    await expectNoAxeViolations(page, 'counter free unit form (es, desktop)');
    await page.getByRole('button', { name: es['pharmacy.redeem.submit']! }).click();
    await page.getByText(`Unidad gratis registrada: 1 × ${product.medicine}`, { exact: false }).waitFor();
    await page.getByText('Ninguna unidad gratis para entregar ahora.').waitFor();
    await page.getByText('0 de 4 unidades para la próxima unidad gratis.').waitFor();
    await expectNoAxeViolations(page, 'counter free unit given (es, desktop)');
    await shoot(page, 'counter-free-unit-es-desktop');

    // The patient sees the redemption, and the progress starting again.
    await phone.page.goto(`${origin}/redemptions/${product.searchQuery}`);
    await phone.page.locator('.redemption').getByText(`${PHARMACY} – Escazú`).waitFor();
    await phone.page.goto(`${origin}/purchases/${product.productId}`);
    await phone.page.getByText('0 de 4: con 4 compras más, la próxima caja es gratis.').waitFor();
    expect(await phone.page.locator('.four-plus-one__box[data-filled]').count()).toBe(0);

    // The next patient: the code step again, the day's list stays.
    await page.getByRole('button', { name: es['pharmacy.patient.next']! }).click();
    await page.getByLabel(es['pharmacy.verify.code.label']!).waitFor();
    expect(await page.locator('.counter-entry').count()).toBe(5);
    // The code's field has the focus: a handheld scanner types the canonical code and Enter, as a keyboard does.
    await page.keyboard.type(normaliseDiscountCode(code)!);
    await page.keyboard.press('Enter');
    await heading(page, 'Paciente: María', 2).waitFor();
    expect(problemsOf(page)).toEqual([]);
    expect(problemsOf(phone.page)).toEqual([]);
    await counter.context.close();
    await phone.context.close();
  }, 240_000);

  it('says what went wrong in English on a phone, reverses a mistake, forgets the key and leaves a revoked one', async () => {
    const en = textsOf(SLUG, 'en');
    const origin = setup.portal.origin(SLUG);
    const { key, prefix } = await addCounterPharmacy(`${PHARMACY} 2`);
    const phone = await newPage(setup.browser, { viewport: PHONE });
    await setTestSession(phone.page, origin);
    const { product, code } = await productWithCode(phone.page);
    await phone.context.close();

    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    await page.goto(`${origin}/en/pharmacy`);
    await heading(page, en['pharmacy.key.title']!, 2).waitFor();
    await expectCounterTargets(page);
    await expectNoAxeViolations(page, 'counter key step (en, phone)');
    await shoot(page, 'counter-key-en-phone');
    await enterKey(page, en, key);

    // A wrong check character: refused on the field before any call. An unknown code: the server's answer there too.
    await verify(page, en, `${code.slice(0, -1)}${code.endsWith('2') ? '3' : '2'}`);
    await page.getByText(en['errors.discountCodeMistyped']!).waitFor();
    const unknown = ['0000000000', '1111111111', '2222222222']
      .flatMap((random) => [...'0123456789ABCDEFGHJKMNPQRSTVWXYZ'].map((check) => `${random}${check}`))
      .find((candidate) => normaliseDiscountCode(candidate) === candidate)!;
    await verify(page, en, unknown);
    await page.getByText(en['errors.discountCodeInvalid']!).waitFor();
    await expectNoAxeViolations(page, 'counter code refused (en, phone)');
    await shoot(page, 'counter-code-refused-en-phone');

    // A limit: the wait it says.
    await page.route('**/api/v1/pharmacy/verifications', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': '30', 'content-type': 'application/json' },
        body: '{"error":{"code":"RATE_LIMITED","message":"errors.rateLimited"}}',
      }),
    );
    await verify(page, en, code);
    await page.getByText('Too many attempts from this counter. Try again in 30 seconds.').waitFor();
    await page.unroute('**/api/v1/pharmacy/verifications');

    // A purchase entered by mistake, reversed with its reason.
    await verify(page, en, code);
    await heading(page, 'Patient: María', 2).waitFor();
    await expectCounterTargets(page);
    await expectNoAxeViolations(page, 'counter patient (en, phone)');
    await shoot(page, 'counter-patient-en-phone');
    await recordPurchase(page, en, 'mistake-1');
    await page.getByText(`Purchase recorded: 1 × ${product.medicine}`, { exact: false }).waitFor();
    await page.getByText('1 of 4 units toward the next free unit.').waitFor();
    await page.getByRole('button', { name: `Reverse ${product.medicine}`, exact: false }).click();
    await page.getByRole('dialog').getByText(en['pharmacy.reverse.reason.wrongPrice']!).click();
    await expectNoAxeViolations(page, 'counter reversal dialog (en, phone)');
    await shoot(page, 'counter-reverse-en-phone');
    await page.getByRole('dialog').getByRole('button', { name: en['pharmacy.reverse.confirm']! }).click();
    await page.getByText(`Reversed: ${en['pharmacy.reverse.reason.wrongPrice']}`).waitFor();
    await page.getByText('0 of 4 units toward the next free unit.').waitFor();
    // The green "Purchase recorded … Total" box of the reversed purchase is no longer true: it goes.
    await page.getByText(`Purchase recorded: 1 × ${product.medicine}`, { exact: false }).waitFor({ state: 'detached' });
    await expectNoAxeViolations(page, 'counter reversed (en, phone)');
    // The same receipt again with other details (another instant): refused on the receipt's field.
    await recordPurchase(page, en, 'mistake-1');
    await page.getByText(en['pharmacy.errors.receiptReused']!).waitFor();
    await page.getByRole('button', { name: en['common.cancel']! }).click();

    // The day's list is the server's: a reload keeps both entries, and the reversal button of the one still standing.
    await recordPurchase(page, en, 'mistake-2');
    await page.getByText(`Purchase recorded: 1 × ${product.medicine}`, { exact: false }).waitFor();
    await page.reload();
    await heading(page, en['pharmacy.today.title']!, 2).waitFor();
    await page.getByText(`Reversed: ${en['pharmacy.reverse.reason.wrongPrice']}`).waitFor();
    const standing = page.getByRole('button', { name: `Reverse ${product.medicine}`, exact: false });
    expect(await standing.count()).toBe(1);
    expect(await standing.getAttribute('aria-label')).toContain('mistake-2');
    await standing.click();
    await page.getByRole('dialog').getByText(en['pharmacy.reverse.reason.enteredByMistake']!).click();
    await page.getByRole('dialog').getByRole('button', { name: en['pharmacy.reverse.confirm']! }).click();
    await page.getByText(`Reversed: ${en['pharmacy.reverse.reason.enteredByMistake']}`).waitFor();
    expect(await standing.count()).toBe(0);

    // Removing the key asks first, then comes back to the key step.
    await page.getByRole('button', { name: en['pharmacy.key.remove']! }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: en['pharmacy.key.removeConfirm']! }).click();
    await page.getByText(en['pharmacy.key.removed']!).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('portal.pharmacy.key'))).toBeNull();

    // A revoked key: the next call comes back to the key step and says why.
    await enterKey(page, en, key);
    const revoked = await pharmacyCommand('revoke', [prefix], {
      db: setup.portal.app.database.db,
      config: setup.portal.app.appConfig,
      now: new Date(),
    });
    expect(revoked.status).toBe(0);
    await verify(page, en, code);
    await page.getByText(en['pharmacy.key.refusedBefore']!).waitFor();
    await expectNoAxeViolations(page, 'counter key refused (en, phone)');
    await shoot(page, 'counter-key-refused-en-phone');
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  }, 240_000);

  it('passes axe on each screen in the other language at each width, the camera’s refusal included', async () => {
    const origin = setup.portal.origin(SLUG);
    const { key } = await addCounterPharmacy(`${PHARMACY} 4`);
    const phone = await newPage(setup.browser, { viewport: PHONE });
    await setTestSession(phone.page, origin);
    const { code } = await productWithCode(phone.page);
    await phone.context.close();
    for (const [language, viewport, width] of [
      ['es', PHONE, 'phone'],
      ['en', DESKTOP, 'desktop'],
    ] as const) {
      const texts = textsOf(SLUG, language);
      const { context, page } = await newPage(setup.browser, { viewport });
      await page.goto(`${origin}${language === 'en' ? '/en' : ''}/pharmacy`);
      await heading(page, texts['pharmacy.key.title']!, 2).waitFor();
      await expectNoAxeViolations(page, `counter key step (${language}, ${width})`);
      await enterKey(page, texts, key);
      await expectCounterTargets(page);
      await expectNoAxeViolations(page, `counter code step (${language}, ${width})`);
      // A browser context without the camera: the scanner says so and offers to type the code.
      await page.getByRole('button', { name: texts['pharmacy.scan.open']! }).click();
      const scanner = page.getByRole('dialog', { name: texts['pharmacy.scan.title']! });
      await scanner.locator('.form-alert--error').waitFor();
      await expectNoAxeViolations(page, `counter scanner without a camera (${language}, ${width})`);
      await shoot(page, `counter-scanner-refused-${language}-${width}`);
      await scanner.getByRole('button', { name: texts['pharmacy.scan.typeInstead']! }).click();
      await scanner.waitFor({ state: 'detached' });
      await verify(page, texts, code);
      await heading(page, language === 'es' ? 'Paciente: María' : 'Patient: María', 2).waitFor();
      await page.getByRole('button', { name: texts['pharmacy.product.recordPurchase']! }).click();
      await page.getByRole('button', { name: texts['pharmacy.purchase.submit']! }).click();
      await page.getByText(texts['pharmacy.receipt.required']!).waitFor();
      await expectCounterTargets(page);
      await expectNoAxeViolations(page, `counter purchase form with its errors (${language}, ${width})`);
      await shoot(page, `counter-purchase-form-${language}-${width}`);
      expect(problemsOf(page)).toEqual([]);
      await context.close();
    }
  }, 240_000);

  it('reads the patient’s QR code with the camera', async () => {
    const es = textsOf(SLUG, 'es');
    const origin = setup.portal.origin(SLUG);
    const { key } = await addCounterPharmacy(`${PHARMACY} 3`);
    const phone = await newPage(setup.browser, { viewport: PHONE });
    await setTestSession(phone.page, origin);
    const { code } = await productWithCode(phone.page);
    await phone.context.close();

    // Chromium's fake camera plays a video of the code's QR symbol, as the patient's screen draws it.
    const folder = mkdtempSync(path.join(tmpdir(), 'counter-camera-'));
    const video = path.join(folder, 'qr.y4m');
    writeFileSync(video, qrVideo(normaliseDiscountCode(code)!));
    const browser = await launchBrowser({
      args: [
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const context = await browser.newContext({ viewport: DESKTOP, permissions: ['camera'], serviceWorkers: 'block' });
      const page = await context.newPage();
      await page.goto(`${origin}/pharmacy`);
      await enterKey(page, es, key);
      await page.getByRole('button', { name: es['pharmacy.scan.open']! }).click();
      // No wait for the dialog itself: a frame read at once closes it before a wait could see it (the test failed so,
      // on a quiet machine). The patient's verified heading is what the scan leads to.
      // ZXing decodes frame after frame on a loaded machine (two browser workers, one of them this one): up to a minute
      // until a frame is read and verified (it took 30 s and more once in a full run, and a few seconds alone).
      await heading(page, /^Paciente: /, 2).waitFor({ timeout: 60_000 });
      await expectNoAxeViolations(page, 'counter after a scan (es, desktop)');
      await context.close();
    } finally {
      await browser.close();
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});

/** A few frames of 640 × 480 YUV 4:2:0 video (the y4m Chromium's fake camera reads) showing `text`'s QR code. */
function qrVideo(text: string): Buffer {
  const width = 640;
  const height = 480;
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const scale = 10;
  const side = (modules.size + 8) * scale;
  const left = (width - side) / 2;
  const top = (height - side) / 2;
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      const row = Math.floor(y / scale) - 4;
      const column = Math.floor(x / scale) - 4;
      const dark = row >= 0 && column >= 0 && row < modules.size && column < modules.size && modules.get(row, column);
      if (dark) luma[(top + y) * width + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]);
}
