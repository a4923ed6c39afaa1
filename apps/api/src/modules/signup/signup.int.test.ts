import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { ERROR_CATALOGUE, ErrorBodySchema } from '@portal/contracts/errors';
import { LoginResponseSchema, UserResponseSchema } from '@portal/contracts/identity';
import { LocationSearchResponseSchema, PlanProductsResponseSchema } from '@portal/contracts/patient-fields';
import { CitizenResponseSchema, SignupResponseSchema } from '@portal/contracts/signup';
import {
  auditEvent,
  caregiver,
  consentRecord,
  idempotencyKey,
  outbox,
  patient,
  planPatient,
  program,
  treatment,
  userAccount,
} from '../../db/schema.ts';
import { demoEmail } from '../../db/demo-seed.ts';
import { createTestApp, createTestClock, hostOf, TEST_DB, type TestApp } from '../../test/app.ts';
import {
  alivioBody,
  alivioCaregiver,
  alivioMinor,
  alivioTreatment,
  cedula,
  equilibrioBody,
  pielBody,
  pielMexicoBody,
  pielTreatment,
  uniqueEmail,
} from '../../test/signup-bodies.ts';
import type { ProgramRow } from '../../platform/programs.ts';
import { createHttpCitizenRegister, createLocalCitizenRegister } from './citizen-register.ts';
import { DEMO_CITIZENS } from './data/demo-citizens.ts';
import { createGazetteerDirectory } from './locations.ts';
import { createSignupService } from './service.ts';

const TODAY = '2026-11-21';
const clock = createTestClock(new Date(`${TODAY}T12:00:00Z`));
const LIMIT = 40;
let t: TestApp;
let ipCounter = 0;
const nextIp = () => `10.44.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await createTestApp(
    {
      LOGIN_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
      SIGNUP_PER_MINUTE: String(LIMIT),
      IDENTIFICATION_CHECK_PER_MINUTE: String(LIMIT),
      CITIZEN_LOOKUP_PER_MINUTE: String(LIMIT),
    },
    { clock },
  );
});
afterAll(async () => t.close());

function signup(slug: string, body: unknown, ip = nextIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/patient/signup',
    headers: { host: hostOf(slug) },
    remoteAddress: ip,
    payload: body as Record<string, unknown>,
  });
}
function get(slug: string, url: string, ip = nextIp()) {
  return t.app.inject({ method: 'GET', url, headers: { host: hostOf(slug) }, remoteAddress: ip });
}
function dosage(slug: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/treatment/dosage/check',
    headers: { host: hostOf(slug) },
    remoteAddress: nextIp(),
    payload: payload as Record<string, unknown>,
  });
}
const idCheckUrl = (plan: number | string, number: string, type: string, country: string) =>
  `/api/v1/plan/${encodeURIComponent(plan)}/patient/identification/${encodeURIComponent(number)}/type/${encodeURIComponent(type)}/country/${encodeURIComponent(country)}/check`;
const errorOf = (body: unknown) => ErrorBodySchema.parse(body).error;
async function programRow(slug: string): Promise<ProgramRow> {
  const [row] = await t.database.db.select().from(program).where(eq(program.slug, slug));
  return row!;
}

describe(`enrolment (${TEST_DB})`, () => {
  it('enrols a patient in one go: account, patient, plan period, treatment, consent, audit and the mail; then the account logs in', async () => {
    const body = alivioBody();
    const response = await signup('alivio', body);
    expect(response.statusCode, response.body).toBe(201);
    const answer = SignupResponseSchema.parse(response.json()).data;
    expect(answer).toMatchObject({
      planName: { es: 'Alivio Costa Rica', en: 'Alivio Costa Rica' },
      email: body.email,
      patientName: 'Lucía Quesada',
      accountStatus: 'CONFIRMED',
    });

    const db = t.database.db;
    const [row] = await db.select().from(patient).where(eq(patient.id, answer.patientId));
    expect(row).toMatchObject({
      userId: answer.userId,
      country: 'CR',
      secondLastName: 'Mora',
      phoneNumber: '88001234',
      latestTermsAccepted: '3.1',
      weight: null,
    });
    expect(row!.address).toMatchObject({
      line: 'De la iglesia 200 m al norte, casa 12',
      location: { id: 'CR-san-jose-escazu', region: 'San José', city: 'Escazú' },
    });
    const [plan] = await db.select().from(planPatient).where(eq(planPatient.patientId, answer.patientId));
    expect(plan).toMatchObject({ supportPlanId: 101, startPeriod: TODAY, endPeriod: '2027-11-21' });
    const treatments = await db.select().from(treatment).where(eq(treatment.planPatientId, plan!.id));
    expect(treatments).toHaveLength(1);
    expect(treatments[0]).toMatchObject({
      productId: 1101,
      startDate: null,
      doctorLastName: 'Vargas',
      healthCenterType: 'PRIVATE',
    });
    expect(Number(treatments[0]!.unitAmount)).toBe(1);
    const [consent] = await db.select().from(consentRecord).where(eq(consentRecord.patientId, answer.patientId));
    expect(consent!.termsVersion).toBe('3.1');
    expect(consent!.acceptedAt.toISOString()).toBe(clock().toISOString());
    const audits = await db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.actorUserId, answer.userId), eq(auditEvent.action, 'signup')));
    expect(audits).toHaveLength(1);
    const mails = await db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, String(body.email)));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'enrolment',
      language: 'es',
      payload: { link: 'http://alivio.localhost:3000/login', patientName: 'Lucía Quesada' },
    });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { host: hostOf('alivio') },
      remoteAddress: nextIp(),
      payload: { email: body.email, password: body.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const tokens = LoginResponseSchema.parse(login.json()).data;
    const profile = await t.app.inject({
      url: '/api/v1/user',
      headers: { host: hostOf('alivio'), authorization: `Bearer ${tokens.AccessToken}` },
    });
    expect(UserResponseSchema.parse(profile.json()).data).toMatchObject({
      firstName: 'Lucía',
      lastName: 'Quesada Mora',
      idPlanPatient: plan!.id,
      startPeriod: TODAY,
    });
  });

  it('links the mail to the English login for an English enrolment, and keeps the account in its own program only', async () => {
    const body = equilibrioBody();
    const response = await signup('equilibrio', body);
    expect(response.statusCode, response.body).toBe(201);
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, String(body.email)));
    expect(mail!.payload).toMatchObject({
      link: 'http://equilibrio.localhost:3000/en/login',
      patientName: 'Kevin Ramdial',
    });
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { host: hostOf('alivio') },
      remoteAddress: nextIp(),
      payload: { email: body.email, password: body.password },
    });
    expect(errorOf(elsewhere.json()).code).toBe('NotAuthorizedException');
  });

  it('applies each plan’s field settings: weight, second surname, custom therapy, health center', async () => {
    // equilibrio TT: weight required; second surname hidden (ignored even when nonsense is sent).
    const noWeight = await signup('equilibrio', equilibrioBody({ weight: undefined }));
    expect(errorOf(noWeight.json())).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { weight: ['signup.weight.required'] },
    });
    const badWeight = await signup('equilibrio', equilibrioBody({ weight: { value: 2000, unit: 'lb' } }));
    expect(errorOf(badWeight.json()).fieldErrors).toEqual({ 'weight.value': ['signup.weight.invalidLb'] });
    const hiddenSurname = await signup(
      'equilibrio',
      equilibrioBody({
        personalInfo: { firstName: 'Kevin', lastName: 'Ramdial', secondSurname: '###', gender: 'MALE' },
      }),
    );
    expect(hiddenSurname.statusCode, hiddenSurname.body).toBe(201);
    const [stored] = await t.database.db
      .select()
      .from(patient)
      .where(eq(patient.id, SignupResponseSchema.parse(hiddenSurname.json()).data.patientId));
    expect(stored).toMatchObject({ secondLastName: null, weight: '180.00', weightUnit: 'lb' });

    // alivio CR: weight step off (a weight is not required and is dropped); second surname required.
    const alivio = await signup('alivio', alivioBody({ weight: { value: 'heavy', unit: 'stone' } }));
    expect(alivio.statusCode, alivio.body).toBe(201);
    const noSurname = await signup(
      'alivio',
      alivioBody({ personalInfo: { firstName: 'Lucía', lastName: 'Quesada', gender: 'FEMALE' } }),
    );
    expect(errorOf(noSurname.json())).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { 'personalInfo.secondSurname': ['signup.personalInfo.secondSurname.required'] },
    });

    // piel CR: the custom-therapy step is on, and a code is needed when the patient says yes.
    const pielWithTherapy = (therapy: unknown) => pielBody({ treatments: [pielTreatment({ customTherapy: therapy })] });
    expect(errorOf((await signup('piel', pielWithTherapy(undefined))).json()).fieldErrors).toEqual({
      'treatments.0.customTherapy': ['signup.customTherapy.code.required'],
    });
    expect(errorOf((await signup('piel', pielWithTherapy({ hasCode: true }))).json()).fieldErrors).toEqual({
      'treatments.0.customTherapy.code': ['signup.customTherapy.code.required'],
    });
    const withCode = await signup('piel', pielWithTherapy({ hasCode: true, code: 'ct-2026' }));
    expect(withCode.statusCode, withCode.body).toBe(201);
  });

  it('reports every field error of a wrong payload with its message key', async () => {
    const response = await signup(
      'alivio',
      alivioBody({
        email: 'not-an-email',
        identification: { type: 'IDENTIFICATION', number: '12345' },
        personalInfo: { firstName: '', lastName: 'Quesada', secondSurname: 'Mora', gender: 'X' },
        contact: { phone: { country: 'CR', phoneNumber: '123' } },
        treatments: [
          alivioTreatment({
            unitAmount: 'abc',
            frequency: { amount: 0, interval: 'day' },
            doctor: { firstName: 'Dr. #1', lastName: 'Vargas' },
            healthCenter: { name: 'X', type: 'PRIVATE' },
          }),
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.json())).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: {
        email: ['login.email.invalid'],
        'personalInfo.firstName': ['signup.personalInfo.firstName.required'],
        'personalInfo.gender': ['signup.personalInfo.gender.required'],
        'contact.phone.phoneNumber': ['signup.contact.phone.invalid'],
        'treatments.0.unitAmount': ['signup.details.dose.invalid'],
        'treatments.0.frequency.amount': ['signup.details.frequency.required'],
        'treatments.0.doctor.firstName': ['signup.doctor.invalidCharacters'],
      },
    });
    const future = await signup('alivio', alivioBody({ birthDate: '2026-11-22' }));
    expect(errorOf(future.json()).fieldErrors).toEqual({ birthDate: ['signup.birthdate.future'] });
    const ancient = await signup('alivio', alivioBody({ birthDate: '1900-01-01' }));
    expect(errorOf(ancient.json()).fieldErrors).toEqual({ birthDate: ['signup.birthdate.tooOld'] });
    const badId = await signup('alivio', alivioBody({ identification: { type: 'IDENTIFICATION', number: '12345' } }));
    expect(errorOf(badId.json()).fieldErrors).toEqual({ 'identification.number': ['signup.idNumber.wrongLength'] });
    const wrongType = await signup(
      'alivio',
      alivioBody({ identification: { type: 'IDENTIFICATION_GT', number: '1234567890123' } }),
    );
    expect(errorOf(wrongType.json()).fieldErrors).toEqual({
      'identification.type': ['signup.idNumber.type.notAvailable'],
    });
    const outsideCountry = await signup(
      'alivio',
      alivioBody({ address: { line: 'Calle 5', location: { id: 'GT-guatemala-mixco' } } }),
    );
    expect(errorOf(outsideCountry.json()).fieldErrors).toEqual({
      'address.location': ['signup.address.search.required'],
    });
  });

  it('refuses a CURP whose check digit is wrong, and a birth date that is not the one the CURP carries (decision 053)', async () => {
    const body = pielMexicoBody();
    const curp = (body.identification as { number: string }).number;
    const wrongDigit = `${curp.slice(0, 17)}${(Number(curp[17]) + 1) % 10}`;
    const badDigit = await signup('piel', { ...body, identification: { type: 'IDENTIFICATION', number: wrongDigit } });
    expect(badDigit.statusCode).toBe(400);
    expect(errorOf(badDigit.json())).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'errors.validation',
      fieldErrors: { 'identification.number': ['signup.idNumber.wrongCheckDigit'] },
    });
    // 12/03/1985 typed as a Mexican writes it, read as mm/dd/yyyy: 3 December, not the CURP's 12 March.
    const misread = await signup('piel', { ...body, idempotencyKey: crypto.randomUUID(), birthDate: '1985-12-03' });
    expect(misread.statusCode).toBe(400);
    expect(errorOf(misread.json())).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'errors.validation',
      fieldErrors: { birthDate: ['signup.birthdate.notAsIdentification'] },
    });
    // The check call says what is wrong too; a DPI's check digit is checked the same way.
    const checked = await get('piel', idCheckUrl(201, wrongDigit, 'IDENTIFICATION', 'MX'));
    expect(errorOf(checked.json())).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { number: ['signup.idNumber.wrongCheckDigit'] },
    });
    const dpi = await get('alivio', idCheckUrl(103, '2547812340101', 'IDENTIFICATION_GT', 'GT'));
    expect(errorOf(dpi.json()).fieldErrors).toEqual({ number: ['signup.idNumber.wrongCheckDigit'] });
    // With the CURP's own date the enrolment goes through.
    const enrolled = await signup('piel', { ...body, idempotencyKey: crypto.randomUUID() });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
  });

  it('refuses a consent of an older terms version', async () => {
    const response = await signup('alivio', alivioBody({ consent: { accepted: true, termsVersion: '3.0' } }));
    expect(errorOf(response.json())).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'errors.validation',
      fieldErrors: { 'consent.termsVersion': ['signup.consent.outdated'] },
    });
    const notAccepted = await signup('alivio', alivioBody({ consent: { accepted: false, termsVersion: '3.1' } }));
    expect(errorOf(notAccepted.json()).fieldErrors).toEqual({ 'consent.accepted': ['signup.consent.accept.required'] });
  });

  it('refuses a common or breached password, or the patient’s own name, with the meter’s message; enrols a strong one (decision 041)', async () => {
    for (const password of ['12345678', 'password', 'Password1', 'Qwerty2026!', 'Contraseña1']) {
      const response = await signup('alivio', alivioBody({ password }));
      expect(response.statusCode, password).toBe(400);
      expect(errorOf(response.json()), password).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'errors.validation',
        fieldErrors: { password: ['signup.password.tooWeak'] },
      });
    }
    const personalInfo = { firstName: 'Lucía', lastName: 'Zeledón', secondSurname: 'Mora', gender: 'FEMALE' };
    const named = await signup('alivio', alivioBody({ personalInfo, password: 'Zeledon2026' }));
    expect(errorOf(named.json()).fieldErrors).toEqual({ password: ['signup.password.tooWeak'] });
    expect((await signup('alivio', alivioBody({ password: 'Volcan-de-Agua-2026!' }))).statusCode).toBe(201);
  });

  it('asks a minor for a caregiver, enrols the minor with one, and refuses a caregiver who already cares for another patient', async () => {
    const minor = (caregiverNumber?: string) =>
      alivioBody({
        ...alivioMinor(),
        ...(caregiverNumber ? { caregiver: alivioCaregiver(caregiverNumber) } : {}),
      });
    const without = await signup('alivio', minor());
    expect(errorOf(without.json())).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { caregiver: ['signup.caregiver.required'] },
    });
    const caregiverNumber = cedula();
    const withCaregiver = await signup('alivio', minor(caregiverNumber));
    expect(withCaregiver.statusCode, withCaregiver.body).toBe(201);
    const patientId = SignupResponseSchema.parse(withCaregiver.json()).data.patientId;
    const [care] = await t.database.db.select().from(caregiver).where(eq(caregiver.patientId, patientId));
    expect(care).toMatchObject({
      relation: 'DIRECT_FAMILY',
      legalIdentification: caregiverNumber,
      phoneNumber: '70001111',
      email: null,
    });
    const again = await signup('alivio', minor(caregiverNumber));
    expect(again.statusCode).toBe(409);
    expect(errorOf(again.json())).toMatchObject({
      code: 'CAREGIVER_ALREADY_REGISTERED',
      fieldErrors: { 'caregiver.identification.number': ['signup.caregiver.alreadyRegistered'] },
    });
  });

  it('refuses a dose over the product’s maximum, a product of another age or country, and the same product twice', async () => {
    const treatmentWith = (over: Record<string, unknown>) => [
      { ...(alivioBody().treatments as Record<string, unknown>[])[0], ...over },
    ];
    const overdose = await signup('alivio', alivioBody({ treatments: treatmentWith({ unitAmount: '2.5' }) }));
    expect(overdose.statusCode).toBe(422);
    expect(errorOf(overdose.json())).toMatchObject({
      code: 'DOSE_NOT_APPROVED',
      fieldErrors: { 'treatments.0.unitAmount': ['signup.details.doseNotApproved'] },
    });
    const zero = await signup('alivio', alivioBody({ treatments: treatmentWith({ unitAmount: '0' }) }));
    expect(errorOf(zero.json()).code).toBe('DOSE_NOT_APPROVED');
    const childProduct = await signup('alivio', alivioBody({ treatments: treatmentWith({ productId: 1102 }) }));
    expect(errorOf(childProduct.json()).fieldErrors).toEqual({
      'treatments.0.productId': ['signup.treatment.medicine.notAvailable'],
    });
    const otherProgram = await signup('alivio', alivioBody({ treatments: treatmentWith({ productId: 2101 }) }));
    expect(errorOf(otherProgram.json()).fieldErrors).toEqual({
      'treatments.0.productId': ['signup.treatment.medicine.notAvailable'],
    });
    const twice = await signup(
      'alivio',
      alivioBody({ treatments: [...treatmentWith({}), ...treatmentWith({ unitAmount: '2' })] }),
    );
    expect(errorOf(twice.json()).fieldErrors).toEqual({
      'treatments.1.productId': ['signup.treatment.alreadyRegistered'],
    });
  });

  it('refuses an e-mail or an identification already registered in the program, and accepts them in another program', async () => {
    const first = alivioBody();
    expect((await signup('alivio', first)).statusCode).toBe(201);
    const sameEmail = await signup('alivio', alivioBody({ email: String(first.email).toUpperCase() }));
    expect(errorOf(sameEmail.json())).toMatchObject({
      code: 'EMAIL_ALREADY_REGISTERED',
      fieldErrors: { email: ['signup.email.alreadyRegistered'] },
    });
    const demo = await signup('alivio', alivioBody({ email: demoEmail('alivio') }));
    expect(errorOf(demo.json()).code).toBe('EMAIL_ALREADY_REGISTERED');
    const sameId = await signup('alivio', alivioBody({ identification: first.identification }));
    expect(sameId.statusCode).toBe(409);
    expect(errorOf(sameId.json()).code).toBe('IDENTIFICATION_ALREADY_REGISTERED');
    const otherProgram = await signup('piel', pielBody({ email: first.email, identification: first.identification }));
    expect(otherProgram.statusCode, otherProgram.body).toBe(201);
  });

  it('refuses a support plan of another program', async () => {
    const response = await signup('piel', alivioBody());
    expect(response.statusCode).toBe(404);
    expect(errorOf(response.json()).code).toBe('SUPPORT_PLAN_NOT_FOUND');
  });

  it('creates the account UNCONFIRMED in skip-password mode and mails the link that sets the password', async () => {
    const body = alivioBody({ password: undefined, skipPassword: true });
    const response = await signup('alivio', body);
    expect(response.statusCode, response.body).toBe(201);
    expect(SignupResponseSchema.parse(response.json()).data.accountStatus).toBe('UNCONFIRMED');
    const [account] = await t.database.db
      .select()
      .from(userAccount)
      .where(eq(userAccount.email, String(body.email)));
    expect(account!.status).toBe('UNCONFIRMED');
    const missing = await signup('alivio', alivioBody({ password: undefined }));
    expect(errorOf(missing.json()).fieldErrors).toEqual({ password: ['signup.password.required'] });

    // The patient gets a one-hour link to choose the password; using it confirms the account.
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, String(body.email)));
    expect(mails.map((mail) => mail.kind).sort()).toEqual(['enrolment', 'password-reset']);
    const link = new URL(String(mails.find((mail) => mail.kind === 'password-reset')!.payload.link));
    const recover = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/password/recover',
        headers: { host: hostOf('alivio') },
        remoteAddress: nextIp(),
        payload,
      });
    const n = link.searchParams.get('n')!;
    const s = link.searchParams.get('s')!;
    expect((await recover({ step: 'reset', n, s, password: 'Chosen-later-44' })).statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { host: hostOf('alivio') },
      remoteAddress: nextIp(),
      payload: { email: body.email, password: 'Chosen-later-44' },
    });
    expect(login.statusCode, login.body).toBe(200);
  });
});

describe(`enrolment is all or nothing, retry-safe and race-safe (${TEST_DB})`, () => {
  it('leaves nothing behind when a step after the account insert fails', async () => {
    const alivio = await programRow('alivio');
    const failing = createSignupService({
      db: t.database.db,
      clock,
      config: t.config,
      citizens: createLocalCitizenRegister(),
      locations: createGazetteerDirectory(),
      passwords: t.app.passwords,
      afterAccountInsert: async () => {
        throw new Error('injected failure');
      },
    });
    const body = alivioBody();
    await expect(failing.signup(alivio, body as never)).rejects.toThrow('injected failure');
    const db = t.database.db;
    expect(
      await db
        .select()
        .from(userAccount)
        .where(eq(userAccount.email, String(body.email))),
    ).toHaveLength(0);
    expect(
      await db
        .select()
        .from(patient)
        .where(eq(patient.legalIdentification, (body.identification as { number: string }).number)),
    ).toHaveLength(0);
    expect(
      await db
        .select()
        .from(outbox)
        .where(eq(outbox.recipient, String(body.email))),
    ).toHaveLength(0);
    expect(
      await db
        .select()
        .from(idempotencyKey)
        .where(eq(idempotencyKey.key, String(body.idempotencyKey))),
    ).toHaveLength(0);
    // The same submission goes through once the failure is gone.
    expect((await signup('alivio', body)).statusCode).toBe(201);
  });

  it('answers a repeated submission with the first answer and creates one patient; refuses the key with another payload', async () => {
    const body = alivioBody();
    const first = await signup('alivio', body);
    const second = await signup('alivio', body);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    const number = (body.identification as { number: string }).number;
    expect(await t.database.db.select().from(patient).where(eq(patient.legalIdentification, number))).toHaveLength(1);
    const changed = await signup('alivio', {
      ...body,
      personalInfo: { firstName: 'Otra', lastName: 'Persona', secondSurname: 'Mora', gender: 'FEMALE' },
    });
    expect(changed.statusCode).toBe(409);
    expect(errorOf(changed.json()).code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('creates one patient for a double click (two simultaneous submissions with the same key)', async () => {
    const body = alivioBody();
    const answers = await Promise.all([signup('alivio', body), signup('alivio', body)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(answers[0]!.json()).toEqual(answers[1]!.json());
    expect(
      await t.database.db
        .select()
        .from(userAccount)
        .where(eq(userAccount.email, String(body.email))),
    ).toHaveLength(1);
  });

  it('lets exactly one of two simultaneous enrolments with the same e-mail succeed', async () => {
    const email = uniqueEmail();
    const answers = await Promise.all([
      signup('alivio', alivioBody({ email })),
      signup('alivio', alivioBody({ email })),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(errorOf(answers.find((answer) => answer.statusCode === 409)!.json()).code).toBe('EMAIL_ALREADY_REGISTERED');
    expect(await t.database.db.select().from(userAccount).where(eq(userAccount.email, email))).toHaveLength(1);
  });

  it('lets exactly one of two simultaneous enrolments with the same identification succeed', async () => {
    const identification = { type: 'IDENTIFICATION', number: cedula() };
    const bodies = [alivioBody({ identification }), alivioBody({ identification })];
    const answers = await Promise.all(bodies.map((body) => signup('alivio', body)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const loser = answers.findIndex((answer) => answer.statusCode === 409);
    expect(errorOf(answers[loser]!.json()).code).toBe('IDENTIFICATION_ALREADY_REGISTERED');
    expect(
      await t.database.db.select().from(patient).where(eq(patient.legalIdentification, identification.number)),
    ).toHaveLength(1);
    // The loser's account was rolled back with the rest.
    expect(
      await t.database.db
        .select()
        .from(userAccount)
        .where(eq(userAccount.email, String(bodies[loser]!.email))),
    ).toHaveLength(0);
  });
});

describe(`enrolment check calls (${TEST_DB})`, () => {
  it('tells whether an identification is registered in the requesting program only', async () => {
    const body = alivioBody();
    const { number } = body.identification as { number: string };
    const before = await get('alivio', idCheckUrl(101, number, 'IDENTIFICATION', 'CR'));
    expect(before.json()).toEqual({ data: { registered: false } });
    expect((await signup('alivio', body)).statusCode).toBe(201);
    expect(
      (
        await get(
          'alivio',
          idCheckUrl(101, `${number.slice(0, 1)}-${number.slice(1, 5)}-${number.slice(5)}`, 'IDENTIFICATION', 'CR'),
        )
      ).json(),
    ).toEqual({ data: { registered: true } });
    expect((await get('piel', idCheckUrl(204, number, 'IDENTIFICATION', 'CR'))).json()).toEqual({
      data: { registered: false },
    });
    const crossProgram = await get('piel', idCheckUrl(101, number, 'IDENTIFICATION', 'CR'));
    expect(crossProgram.statusCode).toBe(404);
    expect(errorOf(crossProgram.json()).code).toBe('SUPPORT_PLAN_NOT_FOUND');
    const invalid = await get('alivio', idCheckUrl(101, '12', 'IDENTIFICATION', 'CR'));
    expect(errorOf(invalid.json())).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { number: ['signup.idNumber.wrongLength'] },
    });
    expect((await get('alivio', idCheckUrl(101, '1234567890123', 'IDENTIFICATION_GT', 'GT'))).json()).toEqual({
      data: { registered: false },
    });
  });

  it('approves a dose within the product’s maximum for the plan’s country and the patient’s age', async () => {
    const check = async (payload: Record<string, unknown>, slug = 'alivio') => {
      const response = await dosage(slug, {
        supportPlanId: 101,
        productId: 1101,
        unitAmount: '1',
        frequency: { amount: 1, interval: 'day' },
        ...payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.approved as boolean;
    };
    expect(await check({})).toBe(true);
    expect(await check({ unitAmount: '2' })).toBe(true);
    expect(await check({ unitAmount: '2.01' })).toBe(false);
    expect(await check({ unitAmount: '0' })).toBe(false);
    expect(await check({ unitAmount: '-1' })).toBe(false);
    expect(await check({ unitAmount: 'NaN' })).toBe(false);
    expect(await check({ unitAmount: '1,5' })).toBe(true);
    expect(await check({ productId: 2101 })).toBe(false); // another program's product
    expect(await check({ productId: 1103, supportPlanId: 103 })).toBe(false); // not sold in Guatemala
    expect(await check({ productId: 1102, birthDate: '1980-01-01' })).toBe(false); // a children's product for an adult
    expect(await check({ productId: 1102, birthDate: '2015-01-01' })).toBe(true);
    const crossProgram = await dosage('piel', { supportPlanId: 101, productId: 1101, unitAmount: '1' });
    expect(errorOf(crossProgram.json()).code).toBe('SUPPORT_PLAN_NOT_FOUND');
  });

  it('lists the products of the plan’s country for an age, and none for an age with no medicines', async () => {
    const ids = async (slug: string, url: string) =>
      PlanProductsResponseSchema.parse((await get(slug, url)).json()).data.map((item) => item.id);
    expect(await ids('alivio', '/api/v1/support/plan/101/products?birthDate=1990-01-01')).toEqual([1101, 1103, 1104]);
    expect(await ids('alivio', '/api/v1/support/plan/101/products?birthDate=2014-01-01')).toEqual([1102, 1104]);
    expect(await ids('alivio', '/api/v1/support/plan/101/products?birthDate=2024-01-01')).toEqual([]);
    expect(await ids('piel', '/api/v1/support/plan/204/products?birthDate=2016-05-01')).toEqual([]);
    expect(await ids('alivio', '/api/v1/support/plan/103/products')).toEqual([1101, 1102, 1104]);
    const crossProgram = await get('equilibrio', '/api/v1/support/plan/101/products');
    expect(errorOf(crossProgram.json()).code).toBe('SUPPORT_PLAN_NOT_FOUND');
    const badDate = await get('alivio', '/api/v1/support/plan/101/products?birthDate=2024-02-30');
    expect(errorOf(badDate.json())).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { birthDate: ['signup.birthdate.invalid'] },
    });
  });

  it('looks a Costa Rican citizen up in the local register', async () => {
    const found = await get('alivio', '/api/v1/citizen/IDENTIFICATION/101110111');
    // María Fernanda Quesada Mora, born 1985-03-14: the register's entry, whole.
    expect(CitizenResponseSchema.parse(found.json()).data).toEqual(
      DEMO_CITIZENS.find((citizen) => citizen.legalIdentification === '101110111'),
    );
    expect((await get('alivio', '/api/v1/citizen/IDENTIFICATION/1-0111-0111')).statusCode).toBe(200);
    expect(errorOf((await get('alivio', '/api/v1/citizen/IDENTIFICATION/199999999')).json()).code).toBe('NOT_FOUND');
    expect(errorOf((await get('alivio', '/api/v1/citizen/PASSPORT/101110111')).json()).code).toBe('NOT_FOUND');
    expect(errorOf((await get('alivio', '/api/v1/citizen/IDENTIFICATION/12ab')).json()).code).toBe('VALIDATION_FAILED');
    expect(errorOf((await get('alivio', '/api/v1/citizen/NOPE/101110111')).json()).code).toBe('VALIDATION_FAILED');
  });

  it('reads the real register over HTTP when configured, and calls its failures unavailable', async () => {
    const citizen = {
      typeIdentification: 'IDENTIFICATION',
      legalIdentification: '123456789',
      firstName: 'Ana',
      lastName: 'Soto',
      secondSurname: null,
      birthDate: '1980-01-01',
      gender: 'FEMALE',
    };
    const answer = (status: number, body: unknown) =>
      (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;
    const urls: string[] = [];
    const recording = (async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify(citizen), { status: 200 });
    }) as unknown as typeof fetch;
    expect(
      await createHttpCitizenRegister('https://register.example/api/', 500, recording).lookup(
        'IDENTIFICATION',
        '123456789',
      ),
    ).toEqual(citizen);
    expect(urls).toEqual(['https://register.example/api/IDENTIFICATION/123456789']);
    expect(
      await createHttpCitizenRegister('https://register.example', 500, answer(404, {})).lookup(
        'IDENTIFICATION',
        '123456789',
      ),
    ).toBeUndefined();
    await expect(
      createHttpCitizenRegister('https://register.example', 500, answer(500, {})).lookup('IDENTIFICATION', '1'),
    ).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await expect(
      createHttpCitizenRegister('https://register.example', 500, answer(200, { nope: true })).lookup(
        'IDENTIFICATION',
        '1',
      ),
    ).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    const hanging = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) =>
        init.signal!.addEventListener('abort', () => reject(init.signal!.reason as Error)),
      )) as unknown as typeof fetch;
    await expect(
      createHttpCitizenRegister('https://register.example', 100, hanging).lookup('IDENTIFICATION', '1'),
    ).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });

  it('searches the gazetteer without minding accents or case, in the asked language, at most 20 places', async () => {
    const search = async (query: string) =>
      LocationSearchResponseSchema.parse((await get('alivio', `/api/v1/resource/locations?${query}`)).json()).data;
    const sanJose = await search('country=CR&q=SAN%20JOSE');
    expect(sanJose[0]).toEqual({ id: 'CR-san-jose', country: 'CR', region: 'San José', city: null, label: 'San José' });
    expect(sanJose.map((place) => place.id)).toContain('CR-san-jose-escazu');
    expect((await search('country=CR&q=escaz'))[0]).toMatchObject({
      id: 'CR-san-jose-escazu',
      label: 'Escazú, San José',
    });
    expect((await search('country=CR&q=zu'))[0]!.city).toBe('Escazú'); // substring
    expect((await search('country=MX&q=mexico&lang=en')).map((place) => place.label)).toContain('Mexico City');
    expect((await search('country=MX&q=mexico&lang=es')).map((place) => place.label)).toContain('Ciudad de México');
    expect(await search('country=PA&q=escazu')).toEqual([]);
    expect(await search('country=MX&q=a')).toHaveLength(20);
    const missing = await get('alivio', '/api/v1/resource/locations?country=CR&q=');
    expect(errorOf(missing.json()).code).toBe('VALIDATION_FAILED');
  });

  it('limits the identification check, the citizen lookup and the sign-up per address', async () => {
    for (const [url, method] of [
      [idCheckUrl(101, '101110113', 'IDENTIFICATION', 'CR'), 'GET'],
      ['/api/v1/citizen/IDENTIFICATION/101110113', 'GET'],
      ['/api/v1/patient/signup', 'POST'],
    ] as const) {
      const ip = nextIp();
      const send = () =>
        t.app.inject({
          method,
          url,
          headers: { host: hostOf('alivio') },
          remoteAddress: ip,
          ...(method === 'POST' ? { payload: {} } : {}),
        });
      const answers = [];
      for (let i = 0; i <= LIMIT; i += 1) answers.push(await send());
      expect(answers.at(-1)!.statusCode, url).toBe(429);
      expect(
        answers.filter((answer) => answer.statusCode === 429),
        url,
      ).toHaveLength(1);
      expect(errorOf(answers.find((answer) => answer.statusCode === 429)!.json()).code).toBe('RATE_LIMITED');
    }
  });
});

describe(`enrolment properties (${TEST_DB})`, () => {
  const documented = (status: number, body: unknown) => {
    expect(status, JSON.stringify(body)).toBeLessThan(500);
    if (status >= 400) {
      const parsed = ErrorBodySchema.safeParse(body);
      expect(parsed.success, `${status} ${JSON.stringify(body)}`).toBe(true);
      const error = parsed.data!.error;
      expect(ERROR_CATALOGUE[error.code].status).toBe(status);
    }
  };
  const anyJson = fc.oneof(
    fc.constant(undefined),
    fc.constant(null),
    fc.string({ maxLength: 30 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
  );
  const paths = [
    'email',
    'country',
    'supportPlanId',
    'language',
    'birthDate',
    'identification',
    'identification.number',
    'identification.type',
    'personalInfo.firstName',
    'personalInfo.secondSurname',
    'personalInfo.gender',
    'weight',
    'caregiver',
    'contact',
    'contact.phone.phoneNumber',
    'address',
    'address.location.id',
    'password',
    'skipPassword',
    'consent.termsVersion',
    'treatments',
    'treatments.0.productId',
    'treatments.0.unitAmount',
    'treatments.0.frequency',
    'treatments.0.startDate',
    'treatments.0.customTherapy',
    'idempotencyKey',
    'preregistration',
    'preregistration.n',
    'preregistration.s',
  ];
  const setPath = (target: Record<string, unknown>, path: string, value: unknown) => {
    const keys = path.split('.');
    let node: Record<string, unknown> = target;
    for (const key of keys.slice(0, -1)) {
      if (!node[key] || typeof node[key] !== 'object') node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    node[keys.at(-1)!] = value;
  };

  it('answers any sign-up payload with a 201 or a documented refusal, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('alivio', 'piel', 'equilibrio'),
        fc.array(fc.tuple(fc.constantFrom(...paths), anyJson), { maxLength: 3 }),
        fc.boolean(),
        async (slug, mutations, equilibrioShape) => {
          const body = structuredClone(equilibrioShape ? equilibrioBody() : alivioBody());
          for (const [path, value] of mutations) setPath(body, path, value);
          const response = await signup(slug, body);
          documented(response.statusCode, response.json());
        },
      ),
      { numRuns: 80 },
    );
  });

  it('answers any check call with a documented answer, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.integer({ min: -5, max: 400 }).map(String), fc.string({ minLength: 1, maxLength: 12 })),
        fc.string({ minLength: 1, maxLength: 25 }),
        fc.oneof(
          fc.constantFrom('IDENTIFICATION', 'PASSPORT', 'TYPE_MINOR', 'IDENTIFICATION_GT'),
          fc.string({ minLength: 1, maxLength: 10 }),
        ),
        fc.oneof(fc.constantFrom('CR', 'GT', 'TT'), fc.string({ minLength: 1, maxLength: 4 })),
        anyJson,
        anyJson,
        async (plan, number, type, country, unitAmount, productId) => {
          const ids = await get('alivio', idCheckUrl(plan, number, type, country));
          documented(ids.statusCode, ids.json());
          const citizen = await get(
            'alivio',
            `/api/v1/citizen/${encodeURIComponent(type)}/${encodeURIComponent(number)}`,
          );
          documented(citizen.statusCode, citizen.json());
          const products = await get(
            'piel',
            `/api/v1/support/plan/${encodeURIComponent(plan)}/products?birthDate=${encodeURIComponent(number)}`,
          );
          documented(products.statusCode, products.json());
          const places = await get(
            'equilibrio',
            `/api/v1/resource/locations?country=${encodeURIComponent(country)}&q=${encodeURIComponent(number)}`,
          );
          documented(places.statusCode, places.json());
          const dose = await dosage('alivio', {
            supportPlanId: Number(plan) || plan,
            productId,
            unitAmount,
            birthDate: number,
          });
          documented(dose.statusCode, dose.json());
          const invitation = await t.app.inject({
            method: 'POST',
            url: '/api/v1/patient/preregistration',
            headers: { host: hostOf('piel') },
            remoteAddress: nextIp(),
            payload: { n: number, s: type, extra: unitAmount },
          });
          documented(invitation.statusCode, invitation.json());
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe(`control characters in requests (${TEST_DB})`, () => {
  it('answers a NUL or a control character anywhere with 400 VALIDATION_FAILED naming the field, never a 500', async () => {
    const cases: Array<[string, (body: Record<string, unknown>) => void]> = [
      [
        'address.line',
        (body) => void (body.address = { line: 'Calle 1\u0000casa 2', location: { id: 'CR-san-jose-escazu' } }),
      ],
      [
        'treatments.0.healthCenter.name',
        (body) =>
          void ((body.treatments as Array<Record<string, unknown>>)[0]!.healthCenter = {
            name: 'Clínica\u0000Bíblica',
            type: 'PRIVATE',
          }),
      ],
      [
        'personalInfo.firstName',
        (body) =>
          void (body.personalInfo = {
            firstName: 'Lu\u001bcía',
            lastName: 'Quesada',
            secondSurname: 'Mora',
            gender: 'FEMALE',
          }),
      ],
      [
        'contact.phone.phoneNumber',
        (body) => void (body.contact = { phone: { country: 'CR', phoneNumber: '8800\r1234' } }),
      ],
      ['password', (body) => void (body.password = 'Primera\u0000clave-9')],
    ];
    for (const [field, change] of cases) {
      const body = alivioBody();
      change(body);
      const response = await signup('alivio', body);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      const error = errorOf(response.json());
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.fieldErrors?.[field], field).toEqual(['validation.text.controlCharacters']);
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { host: hostOf('alivio') },
      remoteAddress: nextIp(),
      payload: { email: 'ana@example.com', password: 'x\u0000y' },
    });
    expect(login.statusCode).toBe(400);
    expect(errorOf(login.json()).fieldErrors?.password).toEqual(['validation.text.controlCharacters']);
    const citizen = await get('alivio', `/api/v1/citizen/IDENTIFICATION/${encodeURIComponent('10111\u00000111')}`);
    expect(citizen.statusCode).toBe(400);
    expect(errorOf(citizen.json()).fieldErrors?.number).toEqual(['validation.text.controlCharacters']);
  });
});
