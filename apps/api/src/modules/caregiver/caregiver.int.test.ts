import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CaregiverGetResponseSchema, CaregiverResponseSchema } from '@portal/contracts/caregiver';
import { auditEvent, caregiver, featureToggle } from '../../db/schema.ts';
import { FEATURE_TOGGLES_TTL_MS } from '../../platform/feature-toggles.ts';
import { createTestApp, createTestClock, hostOf, TEST_DB, type TestApp } from '../../test/app.ts';
import { callAs, enrolPatient, errorOf, MANY_PATIENTS_ENV } from '../../test/patients.ts';
import { alivioCaregiver, alivioMinor, cedula } from '../../test/signup-bodies.ts';

const clock = createTestClock(new Date('2026-11-21T12:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(MANY_PATIENTS_ENV, { clock });
});
afterAll(async () => t.close());

const rosa = (number = cedula(), overrides: Record<string, unknown> = {}) =>
  alivioCaregiver(number, {
    phone: { country: 'CR', phoneNumber: '7000 1111' },
    email: 'rosa@test.example',
    ...overrides,
  });
const minorBody = (caregiverNumber: string) => ({
  ...alivioMinor(),
  caregiver: rosa(caregiverNumber, { email: '' }),
});

describe(`caregiver (${TEST_DB})`, () => {
  it('adds a caregiver to a patient who has none, refuses a second, changes it and removes it, each with an audit event', async () => {
    const patient = await enrolPatient(t, 'alivio');
    expect(
      CaregiverGetResponseSchema.parse((await callAs(t, patient, 'GET', '/api/v1/caregiver')).json()).data,
    ).toBeNull();
    const added = await callAs(t, patient, 'POST', '/api/v1/caregiver', rosa());
    expect(added.statusCode, added.body).toBe(201);
    const view = CaregiverResponseSchema.parse(added.json()).data;
    expect(view).toMatchObject({
      displayName: 'Rosa Mora',
      relation: 'DIRECT_FAMILY',
      phone: { country: 'CR', phoneNumber: '70001111' },
    });
    const second = await callAs(t, patient, 'POST', '/api/v1/caregiver', rosa());
    expect(errorOf(second.json()).code).toBe('CAREGIVER_ALREADY_REGISTERED');
    const changed = await callAs(
      t,
      patient,
      'PUT',
      `/api/v1/caregiver/${view.id}`,
      rosa(view.legalIdentification, { phone: { country: 'CR', phoneNumber: '+506 6000 2222' }, relation: 'OTHER' }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(CaregiverResponseSchema.parse(changed.json()).data).toMatchObject({
      id: view.id,
      relation: 'OTHER',
      phone: { phoneNumber: '60002222' },
    });
    const removed = await callAs(t, patient, 'DELETE', `/api/v1/caregiver/${view.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(
      CaregiverGetResponseSchema.parse((await callAs(t, patient, 'GET', '/api/v1/caregiver')).json()).data,
    ).toBeNull();
    const actions = (
      await t.database.db
        .select()
        .from(auditEvent)
        .where(eq(auditEvent.subject, `caregiver:${view.id}`))
    )
      .map((row) => row.action)
      .sort();
    expect(actions).toEqual(['caregiver-added', 'caregiver-modified', 'caregiver-removed']);
  });

  it('refuses bad caregiver data with messages on the fields: invalid phone, the patient as own caregiver, unknown fields', async () => {
    const patient = await enrolPatient(t, 'alivio');
    const badPhone = await callAs(
      t,
      patient,
      'POST',
      '/api/v1/caregiver',
      rosa(undefined, { phone: { country: 'CR', phoneNumber: '123' } }),
    );
    expect(errorOf(badPhone.json())).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { 'phone.phoneNumber': ['signup.contact.phone.invalid'] },
    });
    const own = (patient.body.identification as { number: string }).number;
    const self = await callAs(t, patient, 'POST', '/api/v1/caregiver', rosa(own));
    expect(errorOf(self.json())).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { 'identification.number': ['signup.caregiver.samePerson'] },
    });
    const extra = await callAs(t, patient, 'POST', '/api/v1/caregiver', { ...rosa(), patientId: 1, programId: 2 });
    expect(extra.statusCode).toBe(400);
    expect(await t.database.db.select().from(caregiver).where(eq(caregiver.patientId, patient.patientId))).toEqual([]);
  });

  it('refuses a caregiver already caring for another patient of the program ("Caregiver already registered")', async () => {
    const number = cedula();
    const first = await enrolPatient(t, 'alivio');
    expect((await callAs(t, first, 'POST', '/api/v1/caregiver', rosa(number))).statusCode).toBe(201);
    const second = await enrolPatient(t, 'alivio');
    const refused = await callAs(t, second, 'POST', '/api/v1/caregiver', rosa(number));
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused.json())).toMatchObject({
      code: 'CAREGIVER_ALREADY_REGISTERED',
      message: 'errors.caregiverAlreadyRegistered',
    });
  });

  it('of two patients adding the same caregiver at the same moment, exactly one succeeds', async () => {
    const number = cedula();
    const patients = await Promise.all([
      enrolPatient(t, 'alivio'),
      enrolPatient(t, 'alivio'),
      enrolPatient(t, 'alivio'),
    ]);
    const answers = await Promise.all(
      patients.map((patient) => callAs(t, patient, 'POST', '/api/v1/caregiver', rosa(number))),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409))
      expect(errorOf(answer.json()).code).toBe('CAREGIVER_ALREADY_REGISTERED');
    const rows = await t.database.db.select().from(caregiver).where(eq(caregiver.legalIdentification, number));
    expect(rows).toHaveLength(1);
  });

  it('limits adding and changing a caregiver per account, as the identification check: past the limit, RATE_LIMITED', async () => {
    const limit = t.app.appConfig.IDENTIFICATION_CHECK_PER_MINUTE;
    const patient = await enrolPatient(t, 'alivio');
    const added = await callAs(t, patient, 'POST', '/api/v1/caregiver', rosa());
    expect(added.statusCode, added.body).toBe(201);
    const { id } = CaregiverResponseSchema.parse(added.json()).data;
    // Adding and changing share one counter: a new number each time, all within the minute.
    for (let i = 1; i < limit; i++)
      expect((await callAs(t, patient, 'PUT', `/api/v1/caregiver/${id}`, rosa())).statusCode).toBe(200);
    for (const [method, url] of [
      ['PUT', `/api/v1/caregiver/${id}`],
      ['POST', '/api/v1/caregiver'],
    ] as const) {
      const refused = await callAs(t, patient, method, url, rosa());
      expect(refused.statusCode, `${method} ${url}`).toBe(429);
      expect(errorOf(refused.json()).code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(
      CaregiverGetResponseSchema.parse((await callAs(t, patient, 'GET', '/api/v1/caregiver')).json()).data,
    ).toMatchObject({ id });
  });

  it('limits one identification tried by several accounts: past the limit, RATE_LIMITED instead of whose caregiver it is', async () => {
    const limit = t.app.appConfig.IDENTIFICATION_CHECK_PER_MINUTE;
    const number = cedula();
    const [owner, ...guessers] = await Promise.all([
      enrolPatient(t, 'alivio'),
      enrolPatient(t, 'alivio'),
      enrolPatient(t, 'alivio'),
      enrolPatient(t, 'alivio'),
    ]);
    expect((await callAs(t, owner!, 'POST', '/api/v1/caregiver', rosa(number))).statusCode).toBe(201);
    // Two accounts, each well under its own limit, spend the rest of the number's.
    for (let i = 1; i < limit; i++) {
      const answer = await callAs(t, guessers[i % 2]!, 'POST', '/api/v1/caregiver', rosa(number));
      expect(errorOf(answer.json()).code).toBe('CAREGIVER_ALREADY_REGISTERED');
    }
    for (const guesser of guessers) {
      const refused = await callAs(t, guesser, 'POST', '/api/v1/caregiver', rosa(number));
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused.json()).code).toBe('RATE_LIMITED');
    }
    // Another number is not limited for these accounts.
    expect((await callAs(t, guessers[2]!, 'POST', '/api/v1/caregiver', rosa())).statusCode).toBe(201);
  });

  it('a minor keeps a caregiver: removal is refused with its message, a change is accepted', async () => {
    const minor = await enrolPatient(t, 'alivio', minorBody(cedula()));
    const current = CaregiverGetResponseSchema.parse((await callAs(t, minor, 'GET', '/api/v1/caregiver')).json()).data!;
    const refused = await callAs(t, minor, 'DELETE', `/api/v1/caregiver/${current.id}`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused.json())).toMatchObject({
      code: 'CAREGIVER_REQUIRED_FOR_MINOR',
      message: 'caregiver.errors.requiredForMinor',
    });
    const changed = await callAs(t, minor, 'PUT', `/api/v1/caregiver/${current.id}`, rosa(cedula()));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(
      CaregiverGetResponseSchema.parse((await callAs(t, minor, 'GET', '/api/v1/caregiver')).json()).data,
    ).not.toBeNull();
  });

  it('answers FEATURE_DISABLED on every caregiver route while the program turns the feature off, and works again once on', async () => {
    const patient = await enrolPatient(t, 'alivio');
    const added = CaregiverResponseSchema.parse(
      (await callAs(t, patient, 'POST', '/api/v1/caregiver', rosa())).json(),
    ).data;
    const other = await enrolPatient(t, 'equilibrio');
    const routes = [
      ['GET', '/api/v1/caregiver', undefined],
      ['POST', '/api/v1/caregiver', rosa()],
      ['PUT', `/api/v1/caregiver/${added.id}`, rosa(added.legalIdentification, { firstName: 'Cambiada' })],
      ['DELETE', `/api/v1/caregiver/${added.id}`, undefined],
      // The caregiver's own login (decision 092): the patient's calls and the invitation's.
      ['GET', '/api/v1/caregiver-access', undefined],
      ['POST', `/api/v1/caregiver/${added.id}/invitation`, {}],
      ['PUT', '/api/v1/caregiver-access/1', { areas: ['codes'] }],
      ['DELETE', '/api/v1/caregiver-access/1', undefined],
      ['POST', '/api/v1/caregiver-invitation/open', { n: 'a'.repeat(32), s: 'b'.repeat(43) }],
      [
        'POST',
        '/api/v1/caregiver-invitation/accept',
        { n: 'a'.repeat(32), s: 'b'.repeat(43), password: 'x'.repeat(12) },
      ],
    ] as const;
    // Every caregiver route of the OpenAPI document is tried here.
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/v1/caregiver'))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(
      routes.map(([method, url]) => `${method} ${url}`.replace(/\/\d+/, '/{id}')).sort(),
    );

    const programId = t.app.programs.get('alivio')!.id;
    const setCaregiverToggle = async (enabled: boolean) => {
      await t.database.db
        .update(featureToggle)
        .set({ enabled })
        .where(and(eq(featureToggle.programId, programId), eq(featureToggle.key, 'caregiver')));
      clock.advance(FEATURE_TOGGLES_TTL_MS);
    };
    await setCaregiverToggle(false);
    try {
      const features = (
        await t.app.inject({ url: '/api/v1/resource/features', headers: { host: hostOf('alivio') } })
      ).json();
      expect(features.data.featureToggles.caregiver).toBe(false);
      for (const [method, url, body] of routes) {
        for (const who of [patient, { slug: 'alivio' }]) {
          const refused = await callAs(t, who, method, url, body);
          expect(refused.statusCode, `${method} ${url}: ${refused.body}`).toBe(404);
          expect(errorOf(refused.json())).toMatchObject({
            code: 'FEATURE_DISABLED',
            message: 'errors.featureDisabled',
          });
        }
      }
      // Another program keeps the feature; the patient's other routes keep working.
      expect((await callAs(t, other, 'GET', '/api/v1/caregiver')).statusCode).toBe(200);
      expect((await callAs(t, patient, 'GET', '/api/v1/treatments')).statusCode).toBe(200);
      expect((await t.database.db.select().from(caregiver).where(eq(caregiver.id, added.id)))[0]).toMatchObject({
        firstName: 'Rosa',
      });
    } finally {
      await setCaregiverToggle(true);
    }
    expect(
      CaregiverGetResponseSchema.parse((await callAs(t, patient, 'GET', '/api/v1/caregiver')).json()).data,
    ).toMatchObject({ id: added.id });
    const changed = await callAs(
      t,
      patient,
      'PUT',
      `/api/v1/caregiver/${added.id}`,
      rosa(added.legalIdentification, { firstName: 'Cambiada' }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
  });
});
