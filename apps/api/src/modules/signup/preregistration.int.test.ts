import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PREREGISTRATION_LINK_TTL_MS } from '@portal/contracts/constants';
import { ErrorBodySchema } from '@portal/contracts/errors';
import {
  PreregistrationResponseSchema,
  SignupResponseSchema,
  type PreregisteredPatient,
} from '@portal/contracts/signup';
import { auditEvent, outbox, patient, preregistration, program, userAccount } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { ProgramRow } from '../../platform/programs.ts';
import { createTestApp, createTestClock, hostOf, TEST_DB, type TestApp } from '../../test/app.ts';
import { alivioBody, cedula, uniqueEmail } from '../../test/signup-bodies.ts';
import { preregisterPatient } from './preregistration.ts';

const clock = createTestClock(new Date('2026-11-21T12:00:00Z'));
let t: TestApp;
let ipCounter = 0;
const nextIp = () => `10.45.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_PER_MINUTE: '100000', SIGNUP_PER_MINUTE: '1000', PREREGISTRATION_PER_MINUTE: '5' },
    { clock },
  );
});
afterAll(async () => t.close());

async function programRow(slug: string): Promise<ProgramRow> {
  const [row] = await t.database.db.select().from(program).where(eq(program.slug, slug));
  return row!;
}
const errorOf = (body: unknown) => ErrorBodySchema.parse(body).error;

/** What a call center holds of a Costa Rican patient of alivio: names, identification, phone, a treatment. */
function heldData(email = uniqueEmail()): PreregisteredPatient {
  return {
    supportPlanId: 101,
    country: 'CR',
    email,
    identification: { type: 'IDENTIFICATION', number: cedula() },
    personalInfo: { firstName: 'Rosa', lastName: 'Jiménez', secondSurname: 'Solano', gender: 'FEMALE' },
    birthDate: '1958-02-03',
    contact: { phone: { country: 'CR', phoneNumber: '88771234' } },
    treatment: { productId: 1101, unitAmount: '1', frequency: { amount: 1, interval: 'day' } },
  };
}

/** Pre-registers a patient as the operator command does; the link comes from the queued invitation mail. */
async function invite(slug = 'alivio', data = heldData(), language: 'es' | 'en' = 'es') {
  await preregisterPatient(t.database.db, {
    program: await programRow(slug),
    data,
    language,
    now: clock(),
    config: t.config,
  });
  const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.recipient, data.email));
  const link = new URL(String(mail!.payload.link));
  return { data, mail: mail!, link, n: link.searchParams.get('n')!, s: link.searchParams.get('s')! };
}

function open(slug: string, payload: Record<string, unknown>, ip = nextIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/patient/preregistration',
    headers: { host: hostOf(slug) },
    remoteAddress: ip,
    payload,
  });
}
function signup(slug: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/patient/signup',
    headers: { host: hostOf(slug) },
    remoteAddress: nextIp(),
    payload: body,
  });
}
/** The sign-up a pre-registered patient sends after completing the wizard from the held data. */
function completion(
  held: PreregisteredPatient,
  link: { n: string; s: string },
  overrides: Record<string, unknown> = {},
) {
  return alivioBody({
    email: held.email,
    identification: held.identification,
    personalInfo: held.personalInfo,
    birthDate: held.birthDate,
    preregistration: { n: link.n, s: link.s },
    ...overrides,
  });
}

describe(`pre-registered patients (v=ppr) (${TEST_DB})`, () => {
  it('mails an invitation to the program’s sign-up with v=ppr, and opens the held data with it', async () => {
    const { data, mail, link, n, s } = await invite('alivio', heldData(), 'en');
    expect(mail).toMatchObject({ kind: 'preregistration', language: 'en', status: 'PENDING' });
    expect(mail.payload.patientName).toBe('Rosa Jiménez');
    expect(`${link.origin}${link.pathname}`).toBe(
      `${new URL(t.config.PUBLIC_URL).protocol}//alivio.${new URL(t.config.PUBLIC_URL).host}/en/signup`,
    );
    expect(link.searchParams.get('v')).toBe('ppr');
    // Only a hash of the nonce is kept.
    const [row] = await t.database.db.select().from(preregistration).where(eq(preregistration.email, data.email));
    expect(row!.nonceHash).not.toContain(n);

    const response = await open('alivio', { n, s });
    expect(response.statusCode, response.body).toBe(200);
    expect(PreregistrationResponseSchema.parse(response.json()).data).toEqual(data);
  });

  it('refuses a forged, unknown or malformed link, a link of another program, and an expired one', async () => {
    const { n, s } = await invite();
    const forged = await open('alivio', { n, s: `${s.slice(0, -2)}AA` });
    expect(forged.statusCode).toBe(410);
    expect(errorOf(forged.json())).toMatchObject({
      code: 'PREREGISTRATION_LINK_INVALID',
      message: 'signup.preregistered.invalid',
    });
    expect(errorOf((await open('alivio', { n: `${n.slice(0, -2)}AA`, s })).json()).code).toBe(
      'PREREGISTRATION_LINK_INVALID',
    );
    expect(errorOf((await open('alivio', { n: 'short', s })).json()).code).toBe('VALIDATION_FAILED');
    // Another program's pool never sees alivio's patients.
    expect(errorOf((await open('piel', { n, s })).json()).code).toBe('PREREGISTRATION_LINK_INVALID');

    clock.advance(PREREGISTRATION_LINK_TTL_MS + 1000);
    try {
      expect(errorOf((await open('alivio', { n, s })).json()).code).toBe('PREREGISTRATION_LINK_INVALID');
    } finally {
      clock.advance(-(PREREGISTRATION_LINK_TTL_MS + 1000));
    }
  });

  it('enrols the patient from the invitation, uses it up, and keeps its e-mail', async () => {
    const { data, n, s } = await invite();
    const changed = await signup('alivio', completion(data, { n, s }, { email: uniqueEmail() }));
    expect(changed.statusCode).toBe(400);
    expect(errorOf(changed.json()).fieldErrors).toEqual({ email: ['signup.preregistered.emailChanged'] });

    const response = await signup('alivio', completion(data, { n, s }));
    expect(response.statusCode, response.body).toBe(201);
    const answer = SignupResponseSchema.parse(response.json()).data;
    expect(answer).toMatchObject({ email: data.email, patientName: 'Rosa Jiménez', accountStatus: 'CONFIRMED' });
    const [row] = await t.database.db.select().from(preregistration).where(eq(preregistration.email, data.email));
    expect(row).toMatchObject({ patientId: answer.patientId });
    expect(row!.usedAt).toBeInstanceOf(Date);
    const [audit] = await t.database.db
      .select()
      .from(auditEvent)
      .where(eq(auditEvent.subject, `patient:${answer.patientId}`));
    expect(audit!.detail).toMatchObject({ preregistered: true });

    // Used: neither the held data nor a second enrolment is available from it any more.
    expect(errorOf((await open('alivio', { n, s })).json()).code).toBe('PREREGISTRATION_LINK_INVALID');
    const again = await signup(
      'alivio',
      completion(data, { n, s }, { identification: { type: 'IDENTIFICATION', number: cedula() } }),
    );
    expect(again.statusCode).toBe(410);
    expect(errorOf(again.json()).code).toBe('PREREGISTRATION_LINK_INVALID');
    // Neither the link nor the held personal data reach the logs (but for the development mailbox's own line,
    // which prints links so a developer can follow them; it is off in production).
    const logs = t
      .logs()
      .split('\n')
      .filter((entry) => !entry.includes('dev mailbox'));
    for (const secret of [n, s, data.email, data.identification!.number]) {
      const line = logs.find((entry) => entry.includes(secret));
      expect(line, line).toBeUndefined();
    }
  });

  it('lets one of two simultaneous enrolments from the same invitation through', async () => {
    const { data, n, s } = await invite();
    const [a, b] = await Promise.all([
      signup('alivio', completion(data, { n, s })),
      signup('alivio', completion(data, { n, s })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, expect.any(Number)].sort());
    expect([a.statusCode, b.statusCode].filter((code) => code === 201)).toHaveLength(1);
    const refused = a.statusCode === 201 ? b : a;
    expect(['EMAIL_ALREADY_REGISTERED', 'IDENTIFICATION_ALREADY_REGISTERED', 'PREREGISTRATION_LINK_INVALID']).toContain(
      errorOf(refused.json()).code,
    );
    expect(await t.database.db.select().from(userAccount).where(eq(userAccount.email, data.email))).toHaveLength(1);
    expect(
      await t.database.db.select().from(patient).where(eq(patient.legalIdentification, data.identification!.number)),
    ).toHaveLength(1);
  });

  it('leaves the invitation usable when the enrolment is refused', async () => {
    const { data, n, s } = await invite();
    const refused = await signup(
      'alivio',
      completion(data, { n, s }, { consent: { accepted: true, termsVersion: '1.0' } }),
    );
    expect(refused.statusCode).toBe(400);
    expect((await open('alivio', { n, s })).statusCode).toBe(200);
  });

  it('refuses to pre-register into another program’s plan or with data that breaks the contracts', async () => {
    const piel = await programRow('piel');
    await expect(
      preregisterPatient(t.database.db, {
        program: piel,
        data: heldData(),
        language: 'es',
        now: clock(),
        config: t.config,
      }),
    ).rejects.toMatchObject({
      code: 'SUPPORT_PLAN_NOT_FOUND',
    });
    await expect(
      preregisterPatient(t.database.db, {
        program: await programRow('alivio'),
        data: { ...heldData(), country: 'MX' },
        language: 'es',
        now: clock(),
        config: t.config,
      }),
    ).rejects.toBeInstanceOf(AppError);
    await expect(
      preregisterPatient(t.database.db, {
        program: await programRow('alivio'),
        data: { ...heldData(), email: 'not an e-mail' },
        language: 'es',
        now: clock(),
        config: t.config,
      }),
    ).rejects.toThrow();
  });

  it('limits the opening of invitations per address', async () => {
    const ip = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1)
      codes.push((await open('alivio', { n: 'A'.repeat(32), s: 'B'.repeat(43) }, ip)).statusCode);
    expect(codes.slice(0, 5)).toEqual([410, 410, 410, 410, 410]);
    expect(codes[5]).toBe(429);
  });
});
