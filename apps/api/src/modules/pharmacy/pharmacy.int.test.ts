// The pharmacy API (decision 059) on both databases: verify, purchase, redeem and reverse, each rule; idempotency; the
// redemption race between two pharmacies; revoked and cross-program keys; the code-guessing lock and the limits.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscountCodeResponseSchema } from '@portal/contracts/benefits';
import { normaliseDiscountCode } from '@portal/contracts/discount-code';
import {
  CounterDayResponseSchema,
  PharmacyMeResponseSchema,
  PurchaseResponseSchema,
  RedemptionResponseSchema,
  VerifyResponseSchema,
} from '@portal/contracts/pharmacy';
import { todayInCountry } from '@portal/contracts/time-zones';
import { auditEvent, outbox, pharmacyApiKey } from '../../db/schema.ts';
import { createTestApp, createTestClock, hostOf, TEST_DB, type TestApp } from '../../test/app.ts';
import { callAs, enrolPatient, errorOf, MANY_PATIENTS_ENV } from '../../test/patients.ts';
import { createTestPharmacy, pharmacyCall, type TestPharmacy } from '../../test/pharmacy.ts';
import { alivioTreatment, equilibrioBody } from '../../test/signup-bodies.ts';
import { pharmacyCommand } from './commands.ts';

const clock = createTestClock(new Date('2026-11-21T15:00:00Z'));
const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(
    {
      ...MANY_PATIENTS_ENV,
      DISCOUNT_CODE_PER_MINUTE: '1000',
      PHARMACY_VERIFY_PER_MINUTE: '1000',
      PHARMACY_IDENTIFICATION_PER_DAY: '10',
    },
    { clock },
  );
});
afterAll(async () => t.close());

/** An alivio patient (Costa Rica, Migralen 50 mg: the 4+1 offer) with the product's discount code. */
async function patientWithCode(slug: 'alivio' | 'equilibrio' = 'alivio', productId = slug === 'alivio' ? 1101 : 3101) {
  const patient = await enrolPatient(t, slug);
  const made = await callAs(t, patient, 'PUT', `/api/v1/benefits/products/${productId}/discount-code`);
  expect(made.statusCode, made.body).toBe(201);
  const { code } = DiscountCodeResponseSchema.parse(made.json()).data.code;
  return { patient, code, productId };
}

const purchaseBody = (code: string, productId: number, receiptId: string, overrides: Record<string, unknown> = {}) => ({
  code,
  productId,
  quantity: 1,
  unitPrice: '10000.00',
  receiptId,
  purchasedAt: clock().toISOString(),
  ...overrides,
});

async function buy(counter: TestPharmacy, slug: string, body: Record<string, unknown>) {
  const answer = await pharmacyCall(t, counter.key, slug, '/api/v1/pharmacy/purchases', body);
  expect(answer.statusCode, answer.body).toBe(201);
  return PurchaseResponseSchema.parse(answer.json()).data;
}

/** Well-formed codes (their check character right) that no patient holds. */
function unknownCodes(count: number, except: string, seed = 0): string[] {
  return Array.from({ length: count }, (_, index) => {
    const random = String((seed + index) % 10).repeat(5) + String(Math.floor((seed + index) / 10) % 10).repeat(5);
    for (const candidate of '0123456789ABCDEFGHJKMNPQRSTVWXYZ') {
      const typed = `${random}${candidate}`;
      if (typed !== except && normaliseDiscountCode(typed)) return typed;
    }
    throw new Error('no check character');
  });
}

const redeem = (counter: TestPharmacy, slug: string, code: string, productId: number, receiptId: string) =>
  pharmacyCall(t, counter.key, slug, '/api/v1/pharmacy/redemptions', { code, productId, receiptId });

describe(`the pharmacy API: the key's pharmacy (${TEST_DB})`, () => {
  const me = (key: string, slug = 'alivio') =>
    t.app.inject({ method: 'GET', url: '/api/v1/pharmacy/me', headers: { host: hostOf(slug), 'x-api-key': key } });

  it('tells a counter which pharmacy its key opens, with the currency of its country, and nothing else', async () => {
    const counter = await createTestPharmacy(t, 'alivio', 'PA');
    const answer = await me(counter.key);
    expect(answer.statusCode, answer.body).toBe(200);
    const { data } = PharmacyMeResponseSchema.parse(answer.json());
    expect(data).toEqual({
      name: expect.stringMatching(/^Farmacia de prueba/),
      chain: null,
      branch: null,
      country: 'PA',
      currency: 'USD',
    });
    expect(Object.keys(answer.json().data).sort()).toEqual(['branch', 'chain', 'country', 'currency', 'name']);
  });

  it('refuses a mistyped, another program’s or a revoked key with 401, as every pharmacy call', async () => {
    const counter = await createTestPharmacy(t, 'alivio', 'CR');
    const mistyped = `${counter.key.slice(0, -1)}${counter.key.endsWith('a') ? 'b' : 'a'}`;
    for (const answer of [await me(mistyped), await me(counter.key, 'equilibrio')]) {
      expect(answer.statusCode).toBe(401);
      expect(errorOf(answer.json()).code).toBe('UNAUTHENTICATED');
    }
    await pharmacyCommand('revoke', [counter.prefix], { db: t.database.db, config: t.config, now: clock() });
    expect((await me(counter.key)).statusCode).toBe(401);
  });
});

describe(`the pharmacy API: verify (${TEST_DB})`, () => {
  it('answers the products, discount, 4+1 progress and validity, the first name and the masked identification only', async () => {
    const { patient, code } = await patientWithCode();
    const counter = await createTestPharmacy(t, 'alivio', 'CR');
    const answer = await pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/verifications', {
      code: code.toLowerCase(),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { data } = VerifyResponseSchema.parse(answer.json());
    const number = (patient.body as { identification: { number: string } }).identification.number;
    expect(data.patient).toEqual({
      firstName: 'Lucía',
      identification: { type: 'IDENTIFICATION', masked: `******${number.slice(-3)}` },
    });
    expect(data.currency).toBe('CRC');
    expect(data.products).toEqual([
      expect.objectContaining({
        productId: 1101,
        discountPercent: 0,
        code,
        progress: expect.objectContaining({ unitsPerFreeUnit: 4, countedUnits: 0, freeUnitsAvailable: 0 }),
      }),
    ]);
    expect(answer.body).not.toContain('Quesada');
    expect(answer.body).not.toContain(number);
    expect(answer.headers['ratelimit-policy']).toBe('1000;w=60');
    expect(String(answer.headers.ratelimit)).toMatch(/^limit=1000, remaining=\d+, reset=\d+$/);
  });

  it('refuses a wrong check character before any lookup, and an unknown, renewed or other-program code as invalid', async () => {
    const { patient, code } = await patientWithCode();
    const counter = await createTestPharmacy(t, 'alivio', 'CR');
    const verify = (typed: string, slug = 'alivio', key = counter.key) =>
      pharmacyCall(t, key, slug, '/api/v1/pharmacy/verifications', { code: typed });
    const last = code.at(-1) === '0' ? '1' : '0';
    const mistyped = await verify(`${code.slice(0, -1)}${last}`); // XXXXX-XXXXX-C: the check character changed
    expect(mistyped.statusCode).toBe(400);
    expect(errorOf(mistyped.json()).fieldErrors).toEqual({ code: ['errors.discountCodeMistyped'] });
    const renewed = await callAs(t, patient, 'POST', '/api/v1/benefits/products/1101/discount-code/renew');
    expect(renewed.statusCode, renewed.body).toBeLessThan(300);
    expect(errorOf((await verify(code)).json()).code).toBe('DISCOUNT_CODE_INVALID');
    const fresh = DiscountCodeResponseSchema.parse(renewed.json()).data.code.code;
    expect((await verify(fresh)).statusCode).toBe(200);
    const elsewhere = await createTestPharmacy(t, 'equilibrio', 'TT');
    const foreign = await verify(fresh, 'equilibrio', elsewhere.key);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign.json()).code).toBe('DISCOUNT_CODE_INVALID');
    const audit = await t.database.db
      .select({ detail: auditEvent.detail })
      .from(auditEvent)
      .where(
        and(
          eq(auditEvent.action, 'pharmacy-verification'),
          eq(auditEvent.subject, `pharmacy-key:${await keyIdOf(counter)}`),
        ),
      );
    expect(audit.map((row) => row.detail?.result)).toEqual(['mistyped', 'invalid', 'valid']);
    expect(JSON.stringify(audit)).not.toContain(code);
  });

  it('locks a key that tries many unknown codes, with Retry-After, and lets another key go on', async () => {
    const { code } = await patientWithCode();
    const guesser = await createTestPharmacy(t, 'alivio', 'CR');
    const honest = await createTestPharmacy(t, 'alivio', 'CR');
    const unknown = unknownCodes(6, code);
    const statuses = [];
    for (const typed of unknown)
      statuses.push(
        (await pharmacyCall(t, guesser.key, 'alivio', '/api/v1/pharmacy/verifications', { code: typed })).statusCode,
      );
    expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
    const locked = await pharmacyCall(t, guesser.key, 'alivio', '/api/v1/pharmacy/verifications', { code });
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked.json()).code).toBe('RATE_LIMITED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.headers['ratelimit-policy']).toBeDefined();
    expect((await pharmacyCall(t, honest.key, 'alivio', '/api/v1/pharmacy/verifications', { code })).statusCode).toBe(
      200,
    );
    clock.advance(16 * 60 * 1000);
    expect((await pharmacyCall(t, guesser.key, 'alivio', '/api/v1/pharmacy/verifications', { code })).statusCode).toBe(
      200,
    );
  });

  it('finds a patient by identification, more strictly limited, and tells nothing of a stranger', async () => {
    const { patient, code } = await patientWithCode();
    const counter = await createTestPharmacy(t, 'alivio', 'CR');
    const identification = (patient.body as { identification: { type: string; number: string } }).identification;
    const found = await pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/verifications', { identification });
    expect(found.statusCode, found.body).toBe(200);
    // The first name and the products, never the code: the patient shows it to record a purchase (decision 066).
    const { data } = VerifyResponseSchema.parse(found.json());
    expect(data.patient.firstName).toBe('Lucía');
    expect(data.products.map((p) => [p.productId, p.code])).toEqual([[1101, null]]);
    expect(found.body).not.toContain(code);
    const stranger = await pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/verifications', {
      identification: { type: 'IDENTIFICATION', number: '799999999' },
    });
    expect(errorOf(stranger.json()).code).toBe('DISCOUNT_CODE_INVALID');
    const answers = [];
    for (let index = 0; index < 10; index += 1)
      answers.push(
        (await pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/verifications', { identification })).statusCode,
      );
    // 10 a minute and (here) 10 a day per key: 2 above, then 8 more, then refused.
    expect(answers.filter((status) => status === 429).length).toBe(2);
    // A code still verifies: only the lookups by identification are that strict.
    expect((await pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/verifications', { code })).statusCode).toBe(
      200,
    );
  });
});

describe(`the pharmacy API: lookups by identification cannot enumerate patients (${TEST_DB})`, () => {
  const lookUp = (counter: TestPharmacy, number: string, type = 'IDENTIFICATION') =>
    pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/verifications', { identification: { type, number } });
  const alertsTo = async (counter: TestPharmacy) =>
    (await t.database.db.select().from(outbox).where(eq(outbox.kind, 'pharmacy-lookup-alert'))).filter(
      (row) => row.payload.keyPrefix === counter.prefix,
    );

  it('locks a key from its third miss by identification, whatever it sends next, and mails the program’s admins', async () => {
    const { code } = await patientWithCode();
    const counter = await createTestPharmacy(t, 'alivio', 'CR');
    const statuses = [];
    for (const number of ['700000001', '700000002', '700000003', '700000004'])
      statuses.push((await lookUp(counter, number)).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429]);
    const locked = await pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/verifications', { code });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const alerts = await alertsTo(counter);
    expect(alerts.map((row) => [row.recipient, row.payload.reason])).toEqual([['farmacias@alivio.example', 'misses']]);
    expect(JSON.stringify(alerts)).not.toContain('70000000');
  });

  it('caps a key’s lookups by identification a day, and mails the program’s admins when it reaches the cap', async () => {
    const { patient, code } = await patientWithCode();
    const counter = await createTestPharmacy(t, 'alivio', 'CR');
    const { number } = (patient.body as { identification: { number: string } }).identification;
    for (let index = 0; index < 10; index += 1) expect((await lookUp(counter, number)).statusCode).toBe(200);
    const capped = await lookUp(counter, number);
    expect(capped.statusCode).toBe(429);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(60);
    expect((await alertsTo(counter)).map((row) => row.payload.reason)).toEqual(['dailyCap']);
    // Codes still verify: the cap is the lookups by identification's.
    expect((await pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/verifications', { code })).statusCode).toBe(
      200,
    );
  });
});

describe(`the pharmacy API: purchases and the 4+1 offer (${TEST_DB})`, () => {
  it('records a purchase with the benefit’s discount applied by the server, in exact decimals and the country’s currency', async () => {
    const { code } = await patientWithCode('alivio', 1101);
    const patient = await enrolPatient(t, 'alivio', { treatments: [alivioTreatment({ productId: 1103 })] });
    const made = await callAs(t, patient, 'PUT', '/api/v1/benefits/products/1103/discount-code');
    expect(made.statusCode, made.body).toBe(201);
    const neuroviaCode = DiscountCodeResponseSchema.parse(made.json()).data.code.code;
    const counter = await createTestPharmacy(t, 'alivio', 'CR');
    const { purchase, progress } = await buy(
      counter,
      'alivio',
      purchaseBody(neuroviaCode, 1103, 'N-1', { quantity: 3, unitPrice: '33333.35' }),
    );
    // 3 × 33,333.35 = 100,000.05; 20% = 20,000.01 (half up); total 80,000.04.
    expect(purchase).toMatchObject({
      quantity: 3,
      unitPrice: '33333.35',
      discountPercent: 20,
      discountAmount: '20000.01',
      total: '80000.04',
      currency: 'CRC',
    });
    expect(progress).toBeNull();
    const withPercent = await pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/purchases', {
      ...purchaseBody(code, 1101, 'X-1'),
      discountPercent: 99,
    });
    expect(withPercent.statusCode).toBe(400);
  });

  it('refuses a purchase dated in the future or more than a year back, and a product the code is not for', async () => {
    const { code } = await patientWithCode();
    const counter = await createTestPharmacy(t, 'alivio', 'CR');
    for (const purchasedAt of [
      new Date(clock().getTime() + DAY_MS).toISOString(),
      new Date(clock().getTime() - 366 * DAY_MS).toISOString(),
    ]) {
      const refused = await pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/purchases', {
        ...purchaseBody(code, 1101, `D-${purchasedAt.slice(0, 10)}`),
        purchasedAt,
      });
      expect(errorOf(refused.json()).fieldErrors).toEqual({ purchasedAt: ['errors.purchaseDateOutOfRange'] });
    }
    const other = await pharmacyCall(
      t,
      counter.key,
      'alivio',
      '/api/v1/pharmacy/purchases',
      purchaseBody(code, 1104, 'P-1'),
    );
    expect(errorOf(other.json()).fieldErrors).toEqual({ productId: ['errors.productNotOfCode'] });
  });

  it('is idempotent by receipt and by Idempotency-Key: the same body gets the same answer, another body is refused', async () => {
    const { code } = await patientWithCode();
    const counter = await createTestPharmacy(t, 'alivio', 'CR');
    const body = purchaseBody(code, 1101, 'R-100');
    const first = await buy(counter, 'alivio', body);
    const again = await buy(counter, 'alivio', body);
    expect(again).toEqual(first);
    const withKey = await pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/purchases', body, {
      'idempotency-key': 'retry-key-0001',
    });
    expect(withKey.statusCode, withKey.body).toBe(201);
    expect(PurchaseResponseSchema.parse(withKey.json()).data.purchase.id).toBe(first.purchase.id);
    const changed = await pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/purchases', {
      ...body,
      quantity: 2,
    });
    expect(errorOf(changed.json()).code).toBe('IDEMPOTENCY_KEY_REUSED');
    const reusedKey = await pharmacyCall(
      t,
      counter.key,
      'alivio',
      '/api/v1/pharmacy/purchases',
      purchaseBody(code, 1101, 'R-101'),
      { 'idempotency-key': 'retry-key-0001' },
    );
    expect(errorOf(reusedKey.json()).code).toBe('IDEMPOTENCY_KEY_REUSED');
    const simultaneous = await Promise.all(
      Array.from({ length: 6 }, () =>
        pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/purchases', purchaseBody(code, 1101, 'R-102')),
      ),
    );
    expect(simultaneous.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(
      new Set(simultaneous.map((answer) => PurchaseResponseSchema.parse(answer.json()).data.purchase.id)).size,
    ).toBe(1);
  });

  it('earns a free unit for four, redeems it with the oldest units, then answers NO_FREE_UNIT', async () => {
    const { code } = await patientWithCode();
    const counter = await createTestPharmacy(t, 'alivio', 'CR');
    const ids = [];
    for (let index = 0; index < 4; index += 1) {
      const { purchase, progress } = await buy(counter, 'alivio', purchaseBody(code, 1101, `F-${index}`));
      ids.push(purchase.id);
      expect(progress).toMatchObject({ countedUnits: index + 1, freeUnitsAvailable: index === 3 ? 1 : 0 });
    }
    const redeemed = await redeem(counter, 'alivio', code, 1101, 'F-free');
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    const { redemption, progress } = RedemptionResponseSchema.parse(redeemed.json()).data;
    expect(redemption.uses).toEqual(ids.map((purchaseId) => ({ purchaseId, units: 1 })));
    expect(progress).toMatchObject({ countedUnits: 0, freeUnitsAvailable: 0, unitsTowardNext: 0 });
    const none = await redeem(counter, 'alivio', code, 1101, 'F-free-2');
    expect(none.statusCode).toBe(409);
    expect(errorOf(none.json())).toMatchObject({ code: 'NO_FREE_UNIT', details: { reason: 'not-enough-units' } });
  });

  it('lets exactly one of two pharmacies redeem the same free unit at the same moment', async () => {
    const { code } = await patientWithCode();
    const first = await createTestPharmacy(t, 'alivio', 'CR');
    const second = await createTestPharmacy(t, 'alivio', 'CR');
    for (let index = 0; index < 4; index += 1) await buy(first, 'alivio', purchaseBody(code, 1101, `Z-${index}`));
    const answers = await Promise.all([
      redeem(first, 'alivio', code, 1101, 'Z-free'),
      redeem(second, 'alivio', code, 1101, 'Z-free'),
      redeem(second, 'alivio', code, 1101, 'Z-free-b'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('keeps the monthly cap of a program’s offer (equilibrio: one a month)', async () => {
    const { code } = await patientWithCode('equilibrio', 3101);
    const counter = await createTestPharmacy(t, 'equilibrio', 'TT');
    await buy(counter, 'equilibrio', purchaseBody(code, 3101, 'C-1', { quantity: 8 }));
    expect((await redeem(counter, 'equilibrio', code, 3101, 'C-free-1')).statusCode).toBe(201);
    const capped = await redeem(counter, 'equilibrio', code, 3101, 'C-free-2');
    expect(errorOf(capped.json())).toMatchObject({ code: 'NO_FREE_UNIT', details: { reason: 'month-cap' } });
  });
});

describe(`the pharmacy API: an offer's caps across its products (${TEST_DB})`, () => {
  it('caps the free units of an offer across all its products (equilibrio 3203: Glucanor and Metforal XR, one a month)', async () => {
    const [glucanor] = equilibrioBody().treatments as Record<string, unknown>[];
    const patient = await enrolPatient(t, 'equilibrio', {
      treatments: [glucanor, { ...glucanor, productId: 3104, unitAmount: '2' }],
    });
    const codes: Record<number, string> = {};
    for (const productId of [3101, 3104]) {
      const made = await callAs(t, patient, 'PUT', `/api/v1/benefits/products/${productId}/discount-code`);
      expect(made.statusCode, made.body).toBe(201);
      codes[productId] = DiscountCodeResponseSchema.parse(made.json()).data.code.code;
    }
    const counter = await createTestPharmacy(t, 'equilibrio', 'TT');
    for (const productId of [3101, 3104])
      await buy(counter, 'equilibrio', purchaseBody(codes[productId]!, productId, `O-${productId}`, { quantity: 4 }));
    const first = await redeem(counter, 'equilibrio', codes[3101]!, 3101, 'O-free-3101');
    expect(first.statusCode, first.body).toBe(201);
    expect(RedemptionResponseSchema.parse(first.json()).data.progress).toMatchObject({ redeemedThisMonth: 1 });
    const second = await redeem(counter, 'equilibrio', codes[3104]!, 3104, 'O-free-3104');
    expect(errorOf(second.json())).toMatchObject({ code: 'NO_FREE_UNIT', details: { reason: 'month-cap' } });
    // What the counter and the patient see of the other product: the offer's allowance, already used this month.
    const verified = VerifyResponseSchema.parse(
      (
        await pharmacyCall(t, counter.key, 'equilibrio', '/api/v1/pharmacy/verifications', { code: codes[3104] })
      ).json(),
    ).data.products[0];
    const offerWide = { freeUnitsAvailable: 0, redeemedThisMonth: 1, redeemedThisYear: 1, capReached: 'month' };
    expect(verified?.progress).toMatchObject(offerWide);
    const screen = await callAs(t, patient, 'GET', '/api/v1/purchases/products/3104');
    expect(screen.statusCode, screen.body).toBe(200);
    expect(screen.json().data.progress).toMatchObject(offerWide);
  });
});

describe(`the pharmacy API: reversals and keys (${TEST_DB})`, () => {
  it('reverses a purchase or a redemption the same day at the same pharmacy, with its reason, and never a redeemed purchase', async () => {
    const { code } = await patientWithCode();
    const counter = await createTestPharmacy(t, 'alivio', 'CR');
    const other = await createTestPharmacy(t, 'alivio', 'CR');
    const bought = [];
    for (let index = 0; index < 5; index += 1)
      bought.push((await buy(counter, 'alivio', purchaseBody(code, 1101, `V-${index}`))).purchase);
    const reverse = (who: TestPharmacy, url: string, reason = 'ENTERED_BY_MISTAKE') =>
      pharmacyCall(t, who.key, 'alivio', url, { reason });
    const lastUrl = `/api/v1/pharmacy/purchases/${bought[4]!.id}/reversal`;
    expect((await reverse(other, lastUrl)).statusCode).toBe(404);
    const reversed = await reverse(counter, lastUrl, 'WRONG_QUANTITY');
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(PurchaseResponseSchema.parse(reversed.json()).data).toMatchObject({
      purchase: { reversalReason: 'WRONG_QUANTITY', reversedAt: expect.any(String) },
      progress: { countedUnits: 4, freeUnitsAvailable: 1 },
    });
    expect(errorOf((await reverse(counter, lastUrl)).json()).details).toEqual({ reason: 'already-reversed' });
    const redeemed = RedemptionResponseSchema.parse(
      (await redeem(counter, 'alivio', code, 1101, 'V-free')).json(),
    ).data;
    const usedUrl = `/api/v1/pharmacy/purchases/${bought[0]!.id}/reversal`;
    expect(errorOf((await reverse(counter, usedUrl)).json())).toMatchObject({
      code: 'REVERSAL_NOT_ALLOWED',
      details: { reason: 'redeemed' },
    });
    const freeUrl = `/api/v1/pharmacy/redemptions/${redeemed.redemption.id}/reversal`;
    const givenBack = await reverse(counter, freeUrl);
    expect(givenBack.statusCode, givenBack.body).toBe(200);
    expect(RedemptionResponseSchema.parse(givenBack.json()).data.progress).toMatchObject({ freeUnitsAvailable: 1 });
    expect((await reverse(counter, usedUrl)).statusCode).toBe(200);
    clock.advance(DAY_MS);
    const nextDay = await reverse(counter, `/api/v1/pharmacy/purchases/${bought[1]!.id}/reversal`);
    expect(errorOf(nextDay.json()).details).toEqual({ reason: 'not-same-day' });
  });

  it('lists what this key recorded today, newest first with its reversals, and nothing of another key or day', async () => {
    const { code } = await patientWithCode();
    const counter = await createTestPharmacy(t, 'alivio', 'CR');
    const other = await createTestPharmacy(t, 'alivio', 'CR');
    const today = async (who: TestPharmacy) => {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/api/v1/pharmacy/today',
        headers: { host: hostOf('alivio'), 'x-api-key': who.key },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return CounterDayResponseSchema.parse(answer.json()).data;
    };
    expect((await today(counter)).entries).toEqual([]);
    const bought = [];
    for (let index = 0; index < 4; index += 1) {
      bought.push((await buy(counter, 'alivio', purchaseBody(code, 1101, `D-${index}`))).purchase);
      clock.advance(1000);
    }
    await buy(other, 'alivio', purchaseBody(code, 1101, 'D-other'));
    const free = await redeem(counter, 'alivio', code, 1101, 'D-free');
    expect(free.statusCode, free.body).toBe(201);
    const freeId = RedemptionResponseSchema.parse(free.json()).data.redemption.id;
    const reversed = await pharmacyCall(t, counter.key, 'alivio', `/api/v1/pharmacy/redemptions/${freeId}/reversal`, {
      reason: 'WRONG_PATIENT',
    });
    expect(reversed.statusCode, reversed.body).toBe(200);

    const day = await today(counter);
    expect(day.day).toBe(todayInCountry('CR', clock()));
    expect(day.entries.map((entry) => `${entry.kind}:${entry.receiptId}`)).toEqual([
      'redemption:D-free',
      'purchase:D-3',
      'purchase:D-2',
      'purchase:D-1',
      'purchase:D-0',
    ]);
    expect(day.entries[0]).toMatchObject({
      id: freeId,
      medicine: 'Migralen 50 mg',
      quantity: 1,
      total: null,
      currency: 'CRC',
      reversalReason: 'WRONG_PATIENT',
      reversedAt: expect.any(String),
    });
    expect(day.entries[1]).toMatchObject({
      id: bought[3]!.id,
      total: bought[3]!.total,
      currency: 'CRC',
      reversalReason: null,
      reversedAt: null,
    });
    expect(JSON.stringify(day)).not.toContain(code.slice(0, 5));
    expect((await today(other)).entries.map((entry) => entry.receiptId)).toEqual(['D-other']);

    clock.advance(DAY_MS);
    expect(await today(counter)).toEqual({ day: todayInCountry('CR', clock()), entries: [] });
  });

  it('refuses a revoked key at once, and a key on another program’s host', async () => {
    const { code } = await patientWithCode();
    const counter = await createTestPharmacy(t, 'alivio', 'CR');
    const verify = (slug: string) => pharmacyCall(t, counter.key, slug, '/api/v1/pharmacy/verifications', { code });
    expect((await verify('alivio')).statusCode).toBe(200);
    expect((await verify('equilibrio')).statusCode).toBe(401);
    const revoked = await pharmacyCommand('revoke', [counter.prefix], {
      db: t.database.db,
      config: t.config,
      now: clock(),
    });
    expect(revoked.status).toBe(0);
    const refused = await verify('alivio');
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused.json()).code).toBe('UNAUTHENTICATED');
  });
});

describe(`the pharmacy API: replays and the guessing count (${TEST_DB})`, () => {
  const verifyCode = (counter: TestPharmacy, code: string) =>
    pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/verifications', { code });

  it('takes a resend written differently (the code spaced and in lower case, +00:00, 10000) as the same sale', async () => {
    const { code } = await patientWithCode();
    const counter = await createTestPharmacy(t, 'alivio', 'CR');
    const body = purchaseBody(code, 1101, 'S-1');
    const key = { 'idempotency-key': 'same-sale-0001' };
    const first = await pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/purchases', body, key);
    expect(first.statusCode, first.body).toBe(201);
    const written = {
      ...body,
      code: code.toLowerCase().replaceAll('-', ' '),
      purchasedAt: clock().toISOString().replace('.000Z', '+00:00'),
      unitPrice: '10000',
    };
    for (const headers of [key, {}]) {
      const again = await pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/purchases', written, headers);
      expect(again.statusCode, again.body).toBe(201);
      expect(PurchaseResponseSchema.parse(again.json()).data.purchase.id).toBe(
        PurchaseResponseSchema.parse(first.json()).data.purchase.id,
      );
    }
  });

  it('answers a replay after a reversal with the purchase and the free unit as they now stand', async () => {
    const { code } = await patientWithCode();
    const counter = await createTestPharmacy(t, 'alivio', 'CR');
    const call = (url: string, body: unknown, headers: Record<string, string> = {}) =>
      pharmacyCall(t, counter.key, 'alivio', url, body, headers);
    const key = { 'idempotency-key': 'replay-after-reversal-1' };
    const bought = await call('/api/v1/pharmacy/purchases', purchaseBody(code, 1101, 'RR-0'), key);
    const { purchase } = PurchaseResponseSchema.parse(bought.json()).data;
    const reversal = { reason: 'ENTERED_BY_MISTAKE' };
    expect((await call(`/api/v1/pharmacy/purchases/${purchase.id}/reversal`, reversal)).statusCode).toBe(200);
    for (const headers of [key, {}]) {
      const replay = await call('/api/v1/pharmacy/purchases', purchaseBody(code, 1101, 'RR-0'), headers);
      expect(replay.statusCode, replay.body).toBe(201);
      expect(PurchaseResponseSchema.parse(replay.json()).data).toMatchObject({
        purchase: { id: purchase.id, reversedAt: expect.any(String), reversalReason: 'ENTERED_BY_MISTAKE' },
        progress: { countedUnits: 0 },
      });
    }
    for (let index = 1; index <= 4; index += 1) await buy(counter, 'alivio', purchaseBody(code, 1101, `RR-${index}`));
    const freeKey = { 'idempotency-key': 'replay-after-reversal-2' };
    const redeemBody = { code, productId: 1101, receiptId: 'RR-free' };
    const redeemed = await call('/api/v1/pharmacy/redemptions', redeemBody, freeKey);
    const { redemption } = RedemptionResponseSchema.parse(redeemed.json()).data;
    expect((await call(`/api/v1/pharmacy/redemptions/${redemption.id}/reversal`, reversal)).statusCode).toBe(200);
    const replay = await call('/api/v1/pharmacy/redemptions', redeemBody, freeKey);
    expect(RedemptionResponseSchema.parse(replay.json()).data).toMatchObject({
      redemption: { id: redemption.id, reversedAt: expect.any(String) },
      progress: { freeUnitsAvailable: 1 },
    });
  });

  it('counts only unknown codes toward the lock: a known code between guesses never clears it', async () => {
    const { code } = await patientWithCode();
    const counter = await createTestPharmacy(t, 'alivio', 'CR');
    const body = purchaseBody(code, 1101, 'G-1');
    await buy(counter, 'alivio', body);
    const guesses = [];
    for (const round of [0, 1]) {
      for (const typed of unknownCodes(4, code, 10 + round * 4))
        guesses.push((await verifyCode(counter, typed)).statusCode);
      if (round === 0) await buy(counter, 'alivio', body); // a replay of a purchase already recorded
    }
    expect(guesses).toEqual([404, 404, 404, 404, 404, 429, 429, 429]);
    // Locked: a known code is refused too, so that a locked key learns nothing.
    expect((await verifyCode(counter, code)).statusCode).toBe(429);
  });

  it('never counts valid codes in flight as guesses: twenty identical purchases at once are one purchase', async () => {
    const { code } = await patientWithCode();
    const counter = await createTestPharmacy(t, 'alivio', 'CR');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/purchases', purchaseBody(code, 1101, 'I-1')),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 20 }, () => 201));
    expect(new Set(answers.map((answer) => PurchaseResponseSchema.parse(answer.json()).data.purchase.id)).size).toBe(1);
    expect((await verifyCode(counter, code)).statusCode).toBe(200);
  });
});

async function keyIdOf(counter: TestPharmacy): Promise<number> {
  const [row] = await t.database.db.select().from(pharmacyApiKey).where(eq(pharmacyApiKey.prefix, counter.prefix));
  return row!.id;
}
