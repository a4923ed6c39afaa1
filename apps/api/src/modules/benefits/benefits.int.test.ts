// Benefits (decision 045): the demo patients' benefits on each program, a discount code made once however many calls
// ask for it, renewal, products that are not the caller's, the per-patient limit and the feature toggle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BenefitsResponseSchema, DiscountCodeResponseSchema } from '@portal/contracts/benefits';
import { normaliseDiscountCode } from '@portal/contracts/discount-code';
import { UserResponseSchema } from '@portal/contracts/identity';
import { TreatmentsResponseSchema } from '@portal/contracts/treatments';
import * as schema from '../../db/schema.ts';
import { createTestApp, createTestClock, TEST_DB, type TestApp } from '../../test/app.ts';
import { callAs, MANY_PATIENTS_ENV, enrolPatient, errorOf, signInDemo, type TestPatient } from '../../test/patients.ts';
import { FEATURE_TOGGLES_TTL_MS } from '../../platform/feature-toggles.ts';
import { createTestPharmacy, pharmacyCall } from '../../test/pharmacy.ts';
import { DISCOUNT_CODE_RENEWAL_WINDOW_MS } from './codes.ts';

const LIMIT = 20;
const clock = createTestClock(new Date('2026-11-21T12:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ...MANY_PATIENTS_ENV, DISCOUNT_CODE_PER_MINUTE: String(LIMIT) }, { clock });
});
afterAll(async () => t.close());

const codeUrl = (productId: number) => `/api/v1/benefits/products/${productId}/discount-code`;
const overviewOf = async (who: TestPatient | { slug: string; authorization: string }) => {
  const answer = await callAs(t, who, 'GET', '/api/v1/benefits');
  expect(answer.statusCode, answer.body).toBe(200);
  return BenefitsResponseSchema.parse(answer.json()).data;
};
const cardOf = (body: unknown) => DiscountCodeResponseSchema.parse(body).data;
const codeRows = () => t.database.db.select().from(schema.discountCode);
const auditOf = (action: 'discount-code-created' | 'discount-code-renewed', subject: string) =>
  t.database.db
    .select()
    .from(schema.auditEvent)
    .where(and(eq(schema.auditEvent.action, action), eq(schema.auditEvent.subject, subject)));

const signIn = (slug: string) => signInDemo(t, slug);

describe(`benefits (${TEST_DB})`, () => {
  it.each([
    // slug, the demo patient's product and its slug, its benefits, and the general benefits of the plan's country
    ['alivio', 1101, 'migralen-50-mg', [1201, 1202], [1205]],
    ['piel', 2101, 'plaquexa-45-mg', [2201, 2202], [2204, 2205]],
    ['equilibrio', 3101, 'glucanor-basal-100-ui-ml', [3201, 3202, 3203], [3205, 3206]],
  ] as const)(
    'shows the demo patient of %s the benefits of its medicine and of its plan, and makes its code',
    async (slug, productId, searchQuery, benefitIds, generalIds) => {
      const who = await signIn(slug);
      const before = await overviewOf(who);
      expect(before.products.map((product) => [product.productId, product.searchQuery])).toEqual([
        [productId, searchQuery],
      ]);
      expect(before.products[0]!.benefits.map((benefit) => benefit.id)).toEqual(benefitIds);
      expect(before.products[0]!.benefits[0]!.texts.title).toBe(`benefits.catalogue.${benefitIds[0]}.title`);
      expect(before.general.map((benefit) => benefit.id)).toEqual(generalIds);
      expect(before.general.every((benefit) => benefit.kind === 'general')).toBe(true);

      const made = await callAs(t, who, 'PUT', codeUrl(productId));
      expect(made.statusCode, made.body).toBe(201);
      const card = cardOf(made.json());
      expect(card.code.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]$/);
      expect(normaliseDiscountCode(card.code.code)).toBe(card.code.code.replaceAll('-', ''));
      // Valid to the plan period's end (the demo's plan runs a year from its enrolment, dated from the seeding day).
      const profile = UserResponseSchema.parse((await callAs(t, who, 'GET', '/api/v1/user')).json()).data;
      expect(card.code.validUntil).toBe(profile.endPeriod);
      expect(card.patientFirstName.length).toBeGreaterThan(0);
      expect(card.searchQuery).toBe(searchQuery);
      expect((await overviewOf(who)).products[0]!.code).toEqual(card.code);
    },
  );

  it('makes one code for 16 simultaneous calls: one 201, the others 200 with the same code, one audit event', async () => {
    const patient = await enrolPatient(t, 'alivio');
    const answers = await Promise.all(Array.from({ length: 16 }, () => callAs(t, patient, 'PUT', codeUrl(1101))));
    expect(answers.map((answer) => answer.statusCode).sort((a, b) => a - b)).toEqual([
      ...Array<number>(15).fill(200),
      201,
    ]);
    const codes = new Set(answers.map((answer) => cardOf(answer.json()).code.code));
    expect(codes.size).toBe(1);
    const [code] = [...codes];
    const rows = (await codeRows()).filter((row) => row.code === code!.replaceAll('-', ''));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.validUntil).toBe('2027-11-21');
    expect(await auditOf('discount-code-created', `discount-code:${rows[0]!.id}`)).toHaveLength(1);
    const read = await callAs(t, patient, 'GET', codeUrl(1101));
    expect(read.statusCode).toBe(200);
    expect(cardOf(read.json()).code.code).toBe(code);
    // The audit trail and the answers carry ids; the code itself is never written to the audit trail.
    const audit = JSON.stringify(await t.database.db.select().from(schema.auditEvent));
    expect(audit).not.toContain(code!.replaceAll('-', ''));
  });

  it('answers 404 before a code is made, and renews: the old code stops at once, the new one is the live one', async () => {
    const patient = await enrolPatient(t, 'equilibrio');
    const none = await callAs(t, patient, 'GET', codeUrl(3101));
    expect(none.statusCode).toBe(404);
    expect(errorOf(none.json()).code).toBe('NOT_FOUND');
    const first = cardOf((await callAs(t, patient, 'PUT', codeUrl(3101))).json());
    const renewed = await callAs(t, patient, 'POST', `${codeUrl(3101)}/renew`);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const second = cardOf(renewed.json());
    expect(second.code.code).not.toBe(first.code.code);
    expect(normaliseDiscountCode(second.code.code)).toBeDefined();
    expect(cardOf((await callAs(t, patient, 'GET', codeUrl(3101))).json()).code.code).toBe(second.code.code);
    expect(cardOf((await callAs(t, patient, 'PUT', codeUrl(3101))).json()).code.code).toBe(second.code.code);
    expect((await overviewOf(patient)).products[0]!.code?.code).toBe(second.code.code);
    const old = (await codeRows()).find((row) => row.code === first.code.code.replaceAll('-', ''));
    expect(old!.revokedAt).not.toBeNull();
    const current = (await codeRows()).find((row) => row.code === second.code.code.replaceAll('-', ''));
    expect(current!.revokedAt).toBeNull();
    expect(await auditOf('discount-code-renewed', `discount-code:${current!.id}`)).toHaveLength(1);
  });

  it('answers simultaneous renewals with the one new code, which the pharmacy verifies; a renewal later makes another', async () => {
    const patient = await enrolPatient(t, 'alivio');
    const counter = await createTestPharmacy(t, 'alivio', 'CR');
    const verify = (code: string) => pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/verifications', { code });
    const first = cardOf((await callAs(t, patient, 'PUT', codeUrl(1101))).json()).code.code;
    // Two renewals at once (two tabs, two instances), or the second just after the first answered (a double tap the
    // network delivered in order): each round answers one code.
    const renew = () => callAs(t, patient, 'POST', `${codeUrl(1101)}/renew`);
    const rounds = [
      () => Promise.all([renew(), renew()]),
      async () => [await renew(), await renew()],
      () => Promise.all([renew(), renew()]),
    ];
    let previous = first;
    const seen = [first];
    for (const [round, renewTwice] of rounds.entries()) {
      const answers = await renewTwice();
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const [one, other] = answers.map((answer) => cardOf(answer.json()).code.code);
      expect(other, `round ${round}`).toBe(one);
      expect(one).not.toBe(previous);
      expect((await verify(one!)).statusCode, `round ${round}`).toBe(200);
      if (round === 0) expect((await verify(previous)).statusCode).toBe(404);
      // The next renewal is a new one: past the window, the patient asks again on purpose.
      clock.advance(DISCOUNT_CODE_RENEWAL_WINDOW_MS);
      previous = one!;
      seen.push(one!);
    }
    const rows = (await codeRows()).filter((row) => seen.some((code) => code.replaceAll('-', '') === row.code));
    expect(rows.filter((row) => row.revokedAt === null).map((row) => row.code)).toEqual([previous.replaceAll('-', '')]);
    expect(rows).toHaveLength(4);
  });

  it('answers 404 and changes nothing for a product that is not among the caller’s live treatments', async () => {
    const patient = await enrolPatient(t, 'alivio');
    const before = await codeRows();
    // Another medicine of the program, a medicine of another program, and one that does not exist.
    for (const productId of [1103, 3101, 999_999]) {
      for (const method of ['GET', 'PUT'] as const) {
        const answer = await callAs(t, patient, method, codeUrl(productId));
        expect(answer.statusCode, `${method} ${productId}`).toBe(404);
        expect(errorOf(answer.json()).code).toBe('NOT_FOUND');
      }
      expect((await callAs(t, patient, 'POST', `${codeUrl(productId)}/renew`)).statusCode).toBe(404);
    }
    // A treatment deleted: its product's code is not the caller's to have any more.
    const made = cardOf((await callAs(t, patient, 'PUT', codeUrl(1101))).json());
    const { live } = TreatmentsResponseSchema.parse(
      (await callAs(t, patient, 'GET', '/api/v1/treatments')).json(),
    ).data;
    expect(
      (await callAs(t, patient, 'DELETE', `/api/v1/treatments/${live[0]!.id}`, { reason: 'COST' })).statusCode,
    ).toBe(200);
    expect((await callAs(t, patient, 'GET', codeUrl(1101))).statusCode).toBe(404);
    expect((await callAs(t, patient, 'POST', `${codeUrl(1101)}/renew`)).statusCode).toBe(404);
    expect((await overviewOf(patient)).products).toEqual([]);
    const after = await codeRows();
    expect(after.filter((row) => !before.some((old) => old.id === row.id)).map((row) => row.code)).toEqual([
      made.code.code.replaceAll('-', ''),
    ]);
    expect(after.find((row) => row.code === made.code.code.replaceAll('-', ''))!.revokedAt).toBeNull();
  });

  it('limits making and renewing codes per patient, both calls together: past the limit, RATE_LIMITED', async () => {
    const patient = await enrolPatient(t, 'alivio');
    for (let call = 0; call < LIMIT; call += 1) {
      const answer = await callAs(t, patient, call % 2 ? 'POST' : 'PUT', `${codeUrl(1101)}${call % 2 ? '/renew' : ''}`);
      expect(answer.statusCode, answer.body).toBeLessThan(300);
    }
    const live = cardOf((await callAs(t, patient, 'GET', codeUrl(1101))).json());
    for (const [method, url] of [
      ['PUT', codeUrl(1101)],
      ['POST', `${codeUrl(1101)}/renew`],
    ] as const) {
      const refused = await callAs(t, patient, method, url);
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused.json()).code).toBe('RATE_LIMITED');
    }
    // Reading is not limited, and the refused renewal changed nothing.
    expect(cardOf((await callAs(t, patient, 'GET', codeUrl(1101))).json()).code.code).toBe(live.code.code);
    // Another patient has a counter of its own.
    expect((await callAs(t, await enrolPatient(t, 'alivio'), 'PUT', codeUrl(1101))).statusCode).toBe(201);
  });

  it('declares every call in the OpenAPI document with its operationId, summary and error answers', async () => {
    await t.app.ready();
    const document = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, { operationId?: string; summary?: string; responses: object }>>;
    };
    const code = '/api/v1/benefits/products/{productId}/discount-code';
    const operations = [
      document.paths['/api/v1/benefits']?.get,
      document.paths[code]?.get,
      document.paths[code]?.put,
      document.paths[`${code}/renew`]?.post,
    ];
    expect(operations.map((operation) => operation?.operationId)).toEqual([
      'getBenefits',
      'getDiscountCode',
      'ensureDiscountCode',
      'renewDiscountCode',
    ]);
    for (const operation of operations) {
      expect(operation!.summary!.length).toBeGreaterThan(20);
      expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(['200', '401', '404', '429']));
    }
    expect(Object.keys(document.paths[code]!.put!.responses)).toContain('201');
  });

  it('answers FEATURE_DISABLED where the program turns benefits off', async () => {
    const patient = await enrolPatient(t, 'equilibrio');
    const programId = t.app.programs.get('equilibrio')!.id;
    const toggle = and(eq(schema.featureToggle.programId, programId), eq(schema.featureToggle.key, 'benefits'));
    await t.database.db.update(schema.featureToggle).set({ enabled: false }).where(toggle);
    clock.advance(FEATURE_TOGGLES_TTL_MS + 1000);
    try {
      const before = (await codeRows()).length;
      for (const [method, url] of [
        ['GET', '/api/v1/benefits'],
        ['PUT', codeUrl(3101)],
      ] as const) {
        const answer = await callAs(t, patient, method, url);
        expect(answer.statusCode).toBe(404);
        expect(errorOf(answer.json()).code).toBe('FEATURE_DISABLED');
      }
      expect((await codeRows()).length).toBe(before);
    } finally {
      await t.database.db.update(schema.featureToggle).set({ enabled: true }).where(toggle);
      clock.advance(FEATURE_TOGGLES_TTL_MS + 1000);
    }
  });
});
