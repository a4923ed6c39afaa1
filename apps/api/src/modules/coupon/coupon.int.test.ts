// The coupon link end to end (decision 047): a good link opens the coupon (first name only, the general benefit's one
// code); a forged, expired, other program's or mismatched link answers one and the same 410 with the phones.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUPON_LINK_TTL_MS, CouponResponseSchema } from '@portal/contracts/benefits';
import { normaliseDiscountCode } from '@portal/contracts/discount-code';
import { PhonesSchema } from '@portal/contracts/program-files';
import {
  couponLink,
  discountCode,
  featureToggle,
  planPatient,
  program,
  userAccount,
  patient,
} from '../../db/schema.ts';
import { FEATURE_TOGGLES_TTL_MS } from '../../platform/feature-toggles.ts';
import { deriveSigningKeys } from '../../platform/crypto.ts';
import { readProgramFile } from '../../platform/program-files.ts';
import { createTestApp, createTestClock, hostOf, TEST_DB, type TestApp } from '../../test/app.ts';
import { enrolPatient, errorOf, MANY_PATIENTS_ENV, type TestPatient } from '../../test/patients.ts';
import { createTestPharmacy, pharmacyCall } from '../../test/pharmacy.ts';
import { issueCouponLink } from './issue.ts';
import { couponLinkUrl, type CouponLinkIds } from './link.ts';
import { insertCouponLink } from './repository.ts';
import { couponSources } from './sources.ts';

const SIGNING_SECRET = 'a-signing-secret-for-the-coupon-link-tests-02';
/** alivio's general benefit (all its countries), a discount of alivio, and piel's and equilibrio's general benefits. */
const ALIVIO_GENERAL = 1205;
const ALIVIO_DISCOUNT = 1203;
const PIEL_GENERAL = 2204;
const EQUILIBRIO_GENERAL = 3205;
const STAFF = 7001;
const clock = createTestClock(new Date('2026-11-21T12:00:00Z'));
let t: TestApp;
let ip = 0;
const programIds: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ ...MANY_PATIENTS_ENV, SIGNING_SECRET, COUPON_LINK_PER_MINUTE: '1000' }, { clock });
  for (const row of await t.database.db.select({ id: program.id, slug: program.slug }).from(program))
    programIds[row.slug] = row.id;
});
afterAll(async () => t.close());

/** Opens a link's call as the page does: the link's query on the host the request came to. */
function open(link: string, slug = new URL(link).hostname.split('.')[0]!) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/coupon${new URL(link).search}`,
    headers: { host: hostOf(slug) },
    remoteAddress: `10.77.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`,
  });
}

async function planOf(who: TestPatient) {
  const [row] = await t.database.db.select().from(planPatient).where(eq(planPatient.patientId, who.patientId));
  return row!;
}

async function issue(who: TestPatient, benefitId = ALIVIO_GENERAL, language: 'es' | 'en' = 'es') {
  const plan = await planOf(who);
  const { link } = await issueCouponLink(t.database.db, {
    program: { id: programIds[who.slug]!, slug: who.slug },
    patientPlanId: plan.id,
    benefitId,
    staffUserId: STAFF,
    language,
    now: clock(),
    config: t.config,
    findBenefit: couponSources().findBenefit,
  });
  return { link, plan };
}

/** A link signed with the server's key for any ids (as if the issuer had been fooled), recorded as issued. */
async function signedAndRecorded(slug: string, ids: Omit<CouponLinkIds, 'programId' | 'expiresAt'>, record = true) {
  const programId = programIds[slug]!;
  const expiresAt = Math.floor((clock().getTime() + COUPON_LINK_TTL_MS) / 1000);
  if (record) {
    await insertCouponLink(t.database.db, {
      programId,
      planPatientId: ids.patientPlanId,
      benefitId: ids.benefitId,
      staffUserId: ids.staffUserId,
      issuedAt: clock(),
      expiresAt: new Date(expiresAt * 1000),
    });
  }
  return couponLinkUrl(t.config, slug, 'es', { ...ids, programId, expiresAt });
}

const withParam = (link: string, name: string, value: string) => {
  const url = new URL(link);
  url.searchParams.set(name, value);
  return url.toString();
};

const alivioPhones = () => readProgramFile(t.config.PROGRAMS_DIR, 'alivio', 'phones/phones.json', PhonesSchema);

describe(`the coupon link (${TEST_DB})`, () => {
  it("opens the coupon of a good link: the general benefit, its code valid to the plan's end, the first name only", async () => {
    const who = await enrolPatient(t, 'alivio');
    const { link, plan } = await issue(who);
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe('http://alivio.localhost:3000/coupon');
    expect([...url.searchParams.keys()]).toEqual(['pp', 'sp', 'gb', 'iumb', 'e', 's']);
    expect(url.searchParams.get('sp')).toBe(String(plan.supportPlanId));

    const response = await open(link);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = CouponResponseSchema.parse(response.json());
    expect(data.patientFirstName).toBe('Lucía');
    expect(data.benefit).toMatchObject({ id: ALIVIO_GENERAL, kind: 'general' });
    // Where and how the coupon is used: its code is no pharmacy's (decision 075).
    expect(data.benefit.texts.howToUse).toBe('benefits.catalogue.1205.howToUse');
    expect(data.code.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]$/);
    expect(normaliseDiscountCode(data.code.code)).toBe(data.code.code.replaceAll('-', ''));
    expect(data.code.validUntil).toBe(plan.endPeriod);
    // Nothing else of the patient: no last name, e-mail, identification.
    const body = response.body;
    for (const other of ['Quesada', 'Mora', who.email, String((who.body.identification as { number: string }).number)])
      expect(body).not.toContain(other);
  });

  it('is refused at the counter with its own answer, never as a guess: a coupon is no pharmacy discount', async () => {
    const who = await enrolPatient(t, 'alivio');
    const { link } = await issue(who);
    const { code } = CouponResponseSchema.parse((await open(link)).json()).data.code;
    const counter = await createTestPharmacy(t, 'alivio', 'CR');
    // More than the five unknown codes that lock a key: a coupon's code is a real code, it never locks the counter.
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const answer = await pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/verifications', { code });
      expect(answer.statusCode, answer.body).toBe(422);
      expect(errorOf(answer.json()).code).toBe('DISCOUNT_CODE_NOT_AT_COUNTER');
    }
    const bought = await pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/purchases', {
      code,
      productId: 1101,
      quantity: 1,
      unitPrice: '100.00',
      receiptId: 'coupon-1',
      purchasedAt: clock().toISOString(),
    });
    expect(errorOf(bought.json()).code).toBe('DISCOUNT_CODE_NOT_AT_COUNTER');
    // Another program's counter does not know it at all.
    const other = await createTestPharmacy(t, 'equilibrio', 'PA');
    const elsewhere = await pharmacyCall(t, other.key, 'equilibrio', '/api/v1/pharmacy/verifications', { code });
    expect(errorOf(elsewhere.json()).code).toBe('DISCOUNT_CODE_INVALID');
  });

  it('gives the same one code at every opening, also when opened many times at once', async () => {
    const who = await enrolPatient(t, 'alivio');
    const { link, plan } = await issue(who);
    const answers = await Promise.all(Array.from({ length: 8 }, () => open(link)));
    const codes = answers.map((answer) => {
      expect(answer.statusCode, answer.body).toBe(200);
      return CouponResponseSchema.parse(answer.json()).data.code.code;
    });
    expect(new Set(codes).size).toBe(1);
    const again = CouponResponseSchema.parse((await open(link)).json()).data.code.code;
    expect(again).toBe(codes[0]);
    const rows = await t.database.db
      .select()
      .from(discountCode)
      .where(and(eq(discountCode.planPatientId, plan.id), eq(discountCode.benefitId, ALIVIO_GENERAL)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.revokedAt).toBeNull();
  });

  it('refuses every bad link with one and the same answer, the program phones in it', async () => {
    const who = await enrolPatient(t, 'alivio');
    const other = await enrolPatient(t, 'alivio');
    const { link, plan } = await issue(who);
    const otherPlan = await planOf(other);
    const ids = {
      patientPlanId: plan.id,
      supportPlanId: plan.supportPlanId,
      benefitId: ALIVIO_GENERAL,
      staffUserId: STAFF,
    };
    const signature = new URL(link).searchParams.get('s')!;
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const otherKeys = deriveSigningKeys(`${SIGNING_SECRET}-another`);
    const bad: Record<string, string> = {
      'a forged signature': withParam(link, 's', flipped),
      'a signature of another secret': couponLinkUrl(
        { PUBLIC_URL: t.config.PUBLIC_URL, signingKeys: otherKeys },
        'alivio',
        'es',
        { ...ids, programId: programIds.alivio!, expiresAt: Number(new URL(link).searchParams.get('e')) },
      ),
      'another patient plan in the link': withParam(link, 'pp', String(otherPlan.id)),
      'another staff user in the link': withParam(link, 'iumb', String(STAFF + 1)),
      'a later expiry in the link': withParam(link, 'e', String(Number(new URL(link).searchParams.get('e')) + 86_400)),
      'another benefit in the link': withParam(link, 'gb', String(ALIVIO_DISCOUNT)),
      'a missing signature': (() => {
        const url = new URL(link);
        url.searchParams.delete('s');
        return url.toString();
      })(),
      'a malformed id': withParam(link, 'pp', 'abc'),
      // Signed by the server's own key, so only the database's checks can refuse them:
      'a plan of another support plan': await signedAndRecorded('alivio', { ...ids, supportPlanId: 102 }),
      'a benefit that is not general': await signedAndRecorded('alivio', { ...ids, benefitId: ALIVIO_DISCOUNT }),
      "another program's general benefit": await signedAndRecorded('alivio', { ...ids, benefitId: PIEL_GENERAL }),
      'a link nobody issued (another staff user, signed)': await signedAndRecorded(
        'alivio',
        { ...ids, staffUserId: STAFF + 2 },
        false,
      ),
      'another patient plan, signed': await signedAndRecorded('alivio', { ...ids, patientPlanId: otherPlan.id }, false),
    };
    const answers = await Promise.all(
      Object.entries(bad).map(async ([why, url]) => [why, await open(url, 'alivio')] as const),
    );
    const expected = {
      code: 'COUPON_LINK_INVALID',
      message: 'errors.coupon.body',
      details: { phones: alivioPhones() },
    };
    for (const [why, answer] of answers) {
      expect(answer.statusCode, why).toBe(410);
      expect(errorOf(answer.json()), why).toEqual(expected);
    }
    expect(new Set(answers.map(([, answer]) => answer.body)).size).toBe(1);
    // The good link still opens.
    expect((await open(link)).statusCode).toBe(200);
  });

  it("refuses a link on another program's host (with that program's phones)", async () => {
    const who = await enrolPatient(t, 'alivio');
    const { link } = await issue(who);
    const answer = await open(link, 'piel');
    expect(answer.statusCode).toBe(410);
    expect(errorOf(answer.json())).toEqual({
      code: 'COUPON_LINK_INVALID',
      message: 'errors.coupon.body',
      details: { phones: readProgramFile(t.config.PROGRAMS_DIR, 'piel', 'phones/phones.json', PhonesSchema) },
    });
  });

  it('opens until its expiry and not a second after; a disabled account closes it', async () => {
    const who = await enrolPatient(t, 'alivio');
    const { link } = await issue(who);
    const expiry = Number(new URL(link).searchParams.get('e')) * 1000;
    const start = clock().getTime();
    try {
      clock.set(new Date(expiry - 1000));
      expect((await open(link)).statusCode).toBe(200);
      clock.set(new Date(expiry));
      expect((await open(link)).statusCode).toBe(410);
    } finally {
      clock.set(new Date(start));
    }
    expect((await open(link)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(patient).where(eq(patient.id, who.patientId));
    await t.database.db.update(userAccount).set({ status: 'DISABLED' }).where(eq(userAccount.id, row!.userId));
    expect((await open(link)).statusCode).toBe(410);
  });

  it('withdraws a link when its record is deleted', async () => {
    const who = await enrolPatient(t, 'alivio');
    const { link, plan } = await issue(who);
    expect((await open(link)).statusCode).toBe(200);
    await t.database.db.delete(couponLink).where(eq(couponLink.planPatientId, plan.id));
    expect((await open(link)).statusCode).toBe(410);
  });

  it('opens on alivio and equilibrio, and answers FEATURE_DISABLED while a program turns the coupon off', async () => {
    const general = { alivio: ALIVIO_GENERAL, equilibrio: EQUILIBRIO_GENERAL } as const;
    const links: Record<string, string> = {};
    for (const slug of ['alivio', 'equilibrio'] as const) {
      const who = await enrolPatient(t, slug);
      links[slug] = (await issue(who, general[slug])).link;
      expect((await open(links[slug])).statusCode, slug).toBe(200);
    }
    const setCouponToggle = async (enabled: boolean) => {
      await t.database.db
        .update(featureToggle)
        .set({ enabled })
        .where(and(eq(featureToggle.programId, programIds.equilibrio!), eq(featureToggle.key, 'couponCode')));
      clock.advance(FEATURE_TOGGLES_TTL_MS);
    };
    await setCouponToggle(false);
    try {
      const refused = await open(links.equilibrio!);
      expect(refused.statusCode).toBe(404);
      expect(errorOf(refused.json()).code).toBe('FEATURE_DISABLED');
      // The other programs keep their coupons.
      expect((await open(links.alivio!)).statusCode).toBe(200);
    } finally {
      await setCouponToggle(true);
    }
    expect((await open(links.equilibrio!)).statusCode).toBe(200);
  });

  it("never logs the link's parameters nor the code", async () => {
    const who = await enrolPatient(t, 'alivio');
    const { link } = await issue(who);
    const answer = await open(link);
    const { code } = CouponResponseSchema.parse(answer.json()).data.code;
    await open(withParam(link, 's', 'forged-signature-xxxxxxxxxx'));
    const logs = t.logs();
    expect(logs).toContain('/api/v1/coupon');
    for (const secret of [new URL(link).searchParams.get('s')!, 'forged-signature', code, code.replaceAll('-', '')])
      expect(logs).not.toContain(secret);
    expect(logs).not.toMatch(/[?&](pp|iumb|s)=/);
  });

  it('is declared in the OpenAPI document with its operation id, summary and error answers', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<
        string,
        Record<
          string,
          { operationId?: string; summary?: string; security?: unknown; responses: Record<string, unknown> }
        >
      >;
    }>();
    const operation = document.paths['/api/v1/coupon']?.get;
    expect(operation?.operationId).toBe('getCoupon');
    expect(operation?.summary).toBeTruthy();
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['200', '410', '429']));
    // Public: the signed link is its credential (an empty security list, decision 057).
    expect(operation?.security).toEqual([]);
  });
});

describe(`the link's record (${TEST_DB})`, () => {
  it('keeps who issued it, when, and until when, for the program and plan', async () => {
    const who = await enrolPatient(t, 'alivio');
    const { plan } = await issue(who);
    const rows = await t.database.db.select().from(couponLink).where(eq(couponLink.planPatientId, plan.id));
    expect(rows).toEqual([
      expect.objectContaining({
        programId: programIds.alivio,
        benefitId: ALIVIO_GENERAL,
        staffUserId: STAFF,
        issuedAt: clock(),
        expiresAt: new Date(Math.floor((clock().getTime() + COUPON_LINK_TTL_MS) / 1000) * 1000),
      }),
    ]);
  });
});

describe(`the link's limit per patient plan (${TEST_DB})`, () => {
  // The configured limit (10 openings a minute per plan), in an app of its own: the tests above open links freely.
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ ...MANY_PATIENTS_ENV, SIGNING_SECRET }, { clock });
  });
  afterAll(async () => limited.close());

  const openFrom = (link: string, remoteAddress: string) =>
    limited.app.inject({
      method: 'GET',
      url: `/api/v1/coupon${new URL(link).search}`,
      headers: { host: hostOf('alivio') },
      remoteAddress,
    });

  it("counts only links whose signature verifies: forged ones cannot block a patient's genuine link", async () => {
    expect(limited.config.COUPON_LINK_PER_MINUTE).toBe(10);
    const who = await enrolPatient(limited, 'alivio');
    const [plan] = await limited.database.db.select().from(planPatient).where(eq(planPatient.patientId, who.patientId));
    const { link } = await issueCouponLink(limited.database.db, {
      program: { id: programIds.alivio!, slug: 'alivio' },
      patientPlanId: plan!.id,
      benefitId: ALIVIO_GENERAL,
      staffUserId: STAFF,
      language: 'es',
      now: clock(),
      config: limited.config,
      findBenefit: couponSources().findBenefit,
    });
    // Ten forged requests for the plan from one address: refused, and counted toward that address only.
    for (let index = 0; index < 10; index += 1) {
      const forged = await openFrom(withParam(link, 's', `junk${index}`), '10.78.0.1');
      expect(forged.statusCode).toBe(410);
    }
    const genuine = await openFrom(link, '10.78.0.2');
    expect(genuine.statusCode, genuine.body).toBe(200);
    // The genuine openings still count toward the plan's limit: ten a minute, then 429.
    const more = [];
    for (let index = 0; index < 10; index += 1) more.push((await openFrom(link, `10.78.1.${index + 1}`)).statusCode);
    expect(more).toEqual([...Array<number>(9).fill(200), 429]);
  });
});
