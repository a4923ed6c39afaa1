// The patient's purchases and redemptions (decision 059): what the pharmacies recorded, read by the patient from the
// token, with the 4+1 progress, what expires soon and the savings of the year; the features' toggles; the export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExportSchema } from '@portal/contracts/account';
import { BenefitsResponseSchema, DiscountCodeResponseSchema } from '@portal/contracts/benefits';
import { ProductPurchasesResponseSchema, RedemptionsResponseSchema } from '@portal/contracts/purchases';
import { featureToggle } from '../../db/schema.ts';
import { createTestApp, createTestClock, TEST_DB, type TestApp } from '../../test/app.ts';
import { callAs, enrolPatient, errorOf, MANY_PATIENTS_ENV, signInDemo } from '../../test/patients.ts';
import { createTestPharmacy, pharmacyCall } from '../../test/pharmacy.ts';
import { alivioTreatment } from '../../test/signup-bodies.ts';
import { and, eq } from 'drizzle-orm';

const clock = createTestClock(new Date('2026-11-21T15:00:00Z'));
const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ ...MANY_PATIENTS_ENV, RECOVERY_PER_MINUTE: '1000', EXPORT_PER_MINUTE: '1000' }, { clock });
});
afterAll(async () => t.close());

async function patientWithCode(productId: number, treatments = [alivioTreatment()]) {
  const patient = await enrolPatient(t, 'alivio', { treatments });
  const made = await callAs(t, patient, 'PUT', `/api/v1/benefits/products/${productId}/discount-code`);
  expect(made.statusCode, made.body).toBe(201);
  return { patient, code: DiscountCodeResponseSchema.parse(made.json()).data.code.code };
}

describe(`the patient's purchases and redemptions (${TEST_DB})`, () => {
  it('shows the last year’s purchases with their pharmacy and totals, the 4+1 progress, what expires soon and the savings', async () => {
    const { patient, code } = await patientWithCode(1101);
    const counter = await createTestPharmacy(t, 'alivio', 'CR');
    const buy = (receiptId: string, daysAgo: number, unitPrice = '12500.50') =>
      pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/purchases', {
        code,
        productId: 1101,
        quantity: 1,
        unitPrice,
        receiptId,
        purchasedAt: new Date(clock().getTime() - daysAgo * DAY_MS).toISOString(),
      });
    // One bought 350 days ago (expires within the month), then four more: a free unit uses the oldest four.
    for (const [receipt, daysAgo] of [
      ['A', 350],
      ['B', 200],
      ['C', 100],
      ['D', 10],
      ['E', 1],
    ] as const)
      expect((await buy(receipt, daysAgo)).statusCode).toBe(201);
    const before = ProductPurchasesResponseSchema.parse(
      (await callAs(t, patient, 'GET', '/api/v1/purchases/products/1101')).json(),
    ).data;
    expect(before.purchases.map((row) => row.quantity)).toEqual([1, 1, 1, 1, 1]);
    expect(before.purchases[0]).toMatchObject({
      pharmacy: { name: expect.stringContaining('Farmacia de prueba') },
      unitPrice: '12500.50',
      total: '12500.50',
      currency: 'CRC',
      countedUnits: 1,
    });
    expect(before.progress).toMatchObject({ countedUnits: 5, freeUnitsAvailable: 1, unitsTowardNext: 1 });
    expect(before.expiringSoon).toEqual({ units: 1, expiresAt: expect.any(String) });
    expect(before.product).toMatchObject({ productId: 1101, searchQuery: 'migralen-50-mg' });

    const free = await pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/redemptions', {
      code,
      productId: 1101,
      receiptId: 'FREE',
    });
    expect(free.statusCode, free.body).toBe(201);
    const after = ProductPurchasesResponseSchema.parse(
      (await callAs(t, patient, 'GET', '/api/v1/purchases/products/1101')).json(),
    ).data;
    expect(after.progress).toMatchObject({ countedUnits: 1, freeUnitsAvailable: 0, redeemedThisYear: 1 });
    expect(after.purchases.map((row) => row.countedUnits)).toEqual([1, 0, 0, 0, 0]);
    expect(after.expiringSoon).toBeNull();
    // The free unit was worth the newest unit it used (12,500.50); the 4+1 product has no discount.
    expect(after.savingsThisYear).toEqual([{ currency: 'CRC', amount: '12500.50' }]);

    const redemptions = RedemptionsResponseSchema.parse(
      (await callAs(t, patient, 'GET', '/api/v1/redemptions')).json(),
    );
    expect(redemptions.data).toEqual([
      expect.objectContaining({
        productId: 1101,
        redemptions: [expect.objectContaining({ pharmacy: expect.objectContaining({ chain: null }) })],
      }),
    ]);
  });

  it('names what one package of each product is, as its program file does: a box, a pen, a syringe (decision 087)', async () => {
    for (const [slug, productId, packageKind] of [
      ['alivio', 1101, 'box'],
      ['equilibrio', 3101, 'pen'],
      ['piel', 2101, 'syringe'],
    ] as const) {
      const demo = await signInDemo(t, slug);
      const answer = await callAs(t, demo, 'GET', `/api/v1/purchases/products/${productId}`);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(ProductPurchasesResponseSchema.parse(answer.json()).data.product).toMatchObject({
        productId,
        packageKind,
      });
    }
    const { patient } = await patientWithCode(1101);
    const redemptions = RedemptionsResponseSchema.parse(
      (await callAs(t, patient, 'GET', '/api/v1/redemptions')).json(),
    );
    expect(redemptions.data).toEqual([expect.objectContaining({ productId: 1101, packageKind: 'box' })]);
  });

  it('answers 404 for a product the patient neither takes nor bought', async () => {
    const patient = await enrolPatient(t, 'alivio');
    const answer = await callAs(t, patient, 'GET', '/api/v1/purchases/products/1104');
    expect(answer.statusCode).toBe(404);
    expect(errorOf(answer.json()).code).toBe('NOT_FOUND');
    const empty = ProductPurchasesResponseSchema.parse(
      (await callAs(t, patient, 'GET', '/api/v1/purchases/products/1101')).json(),
    ).data;
    expect(empty).toMatchObject({ purchases: [], savingsThisYear: [], progress: { countedUnits: 0 } });
  });

  it('adds the discounts to the year’s savings, and shows the purchases and redemptions in the data export', async () => {
    const { patient, code } = await patientWithCode(1103, [alivioTreatment({ productId: 1103 })]);
    const counter = await createTestPharmacy(t, 'alivio', 'CR');
    const bought = await pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/purchases', {
      code,
      productId: 1103,
      quantity: 2,
      unitPrice: '100000.00',
      receiptId: 'N-1',
      purchasedAt: clock().toISOString(),
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const view = ProductPurchasesResponseSchema.parse(
      (await callAs(t, patient, 'GET', '/api/v1/purchases/products/1103')).json(),
    ).data;
    expect(view.progress).toBeNull();
    expect(view.savingsThisYear).toEqual([{ currency: 'CRC', amount: '40000.00' }]);
    const exported = await callAs(t, patient, 'POST', '/api/v1/account/export', { currentPassword: patient.password });
    expect(exported.statusCode, exported.body).toBe(200);
    const data = AccountExportSchema.parse(exported.json());
    expect(data.purchases).toEqual([
      expect.objectContaining({ medicine: 'Neurovia 140 mg/mL', receiptId: 'N-1', total: '160000.00' }),
    ]);
    expect(data.redemptions).toEqual([]);
  });

  // piel has no 4+1 offer, only discounts (decision 069): its purchases are there, with the discount and the savings.
  it('piel: shows a discounted purchase and the savings without the 4+1 progress', async () => {
    const jose = await signInDemo(t, 'piel');
    const overview = BenefitsResponseSchema.parse((await callAs(t, jose, 'GET', '/api/v1/benefits')).json()).data;
    const product = overview.products.find((one) => one.benefits.some((benefit) => benefit.discountPercent === 15))!;
    expect(product.benefits.map((benefit) => benefit.kind)).not.toContain('preventive4plus1');
    const made = await callAs(t, jose, 'PUT', `/api/v1/benefits/products/${product.productId}/discount-code`);
    expect(made.statusCode, made.body).toBeLessThan(300);
    const code = DiscountCodeResponseSchema.parse(made.json()).data.code.code;
    const counter = await createTestPharmacy(t, 'piel', 'MX');
    const bought = await pharmacyCall(t, counter.key, 'piel', '/api/v1/pharmacy/purchases', {
      code,
      productId: product.productId,
      quantity: 2,
      unitPrice: '1234.55',
      receiptId: 'PIEL-1',
      purchasedAt: clock().toISOString(),
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const answer = await callAs(t, jose, 'GET', `/api/v1/purchases/products/${product.productId}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const view = ProductPurchasesResponseSchema.parse(answer.json()).data;
    expect(view.progress).toBeNull();
    expect(view.purchases).toEqual([
      expect.objectContaining({ quantity: 2, unitPrice: '1234.55', discountPercent: 15, currency: 'MXN' }),
    ]);
    const [purchase] = view.purchases;
    expect(view.savingsThisYear).toEqual([{ currency: 'MXN', amount: purchase!.discountAmount }]);
    expect(Number(purchase!.discountAmount)).toBeGreaterThan(0);
  });

  it('answers FEATURE_DISABLED where the program turns purchases or redemptions off', async () => {
    const patient = await enrolPatient(t, 'alivio');
    const programId = t.app.programs.get('alivio')!.id;
    const toggle = (key: string, enabled: boolean) =>
      t.database.db
        .update(featureToggle)
        .set({ enabled })
        .where(and(eq(featureToggle.programId, programId), eq(featureToggle.key, key)));
    await toggle('purchases', false);
    await toggle('redemptions', false);
    clock.advance(20_000);
    try {
      for (const url of ['/api/v1/purchases/products/1101', '/api/v1/redemptions']) {
        const answer = await callAs(t, patient, 'GET', url);
        expect(answer.statusCode).toBe(404);
        expect(errorOf(answer.json()).code).toBe('FEATURE_DISABLED');
      }
    } finally {
      await toggle('purchases', true);
      await toggle('redemptions', true);
      clock.advance(20_000);
    }
  });
});
