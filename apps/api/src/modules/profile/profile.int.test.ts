import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { UserResponseSchema } from '@portal/contracts/identity';
import { ProfileUpdateResponseSchema } from '@portal/contracts/profile';
import { outbox, patient, planPatient, userAccount } from '../../db/schema.ts';
import { createTestApp, createTestClock, TEST_DB, type TestApp } from '../../test/app.ts';
import { bookFirstSlot } from '../../test/bookings.ts';
import { lastMail } from '../../test/outbox.ts';
import { callAs, enrolPatient, errorOf, MANY_PATIENTS_ENV } from '../../test/patients.ts';

const clock = createTestClock(new Date('2026-11-21T12:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(MANY_PATIENTS_ENV, { clock });
});
afterAll(async () => t.close());

const edit = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Lucía',
  lastName: 'Quesada',
  secondSurname: 'Mora',
  gender: 'FEMALE',
  language: 'en',
  emailAlternative: 'lucia.otra@test.example',
  phone: { country: 'CR', phoneNumber: '+506 8800 9999' },
  phoneAlternative: '2222 3333',
  address: { line: 'Calle 5, casa 20', location: { id: 'CR-san-jose-escazu' } },
  ...overrides,
});

describe(`profile changes (${TEST_DB})`, () => {
  it('saves the editable fields, answers only them, and the profile and the account language follow', async () => {
    const lucia = await enrolPatient(t, 'alivio');
    const saved = await callAs(t, lucia, 'PUT', '/api/v1/user', edit());
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = ProfileUpdateResponseSchema.parse(saved.json()).data;
    expect(Object.keys(answer).sort()).toEqual([
      'address',
      'emailAlternative',
      'firstName',
      'gender',
      'language',
      'lastName',
      'phone',
      'phoneAlternative',
      'secondSurname',
    ]);
    expect(answer).toMatchObject({
      phone: { country: 'CR', phoneNumber: '88009999' },
      phoneAlternative: { phoneNumber: '22223333' },
      address: { line: 'Calle 5, casa 20', location: { id: 'CR-san-jose-escazu', country: 'CR' } },
    });
    const profile = UserResponseSchema.parse(
      (await callAs(t, lucia, 'GET', '/api/v1/user?expand=USER,PERIOD,CAREGIVER')).json(),
    ).data;
    expect(profile).toMatchObject({
      language: 'en',
      emailAlternative: 'lucia.otra@test.example',
      phone: { phoneNumber: '88009999' },
    });
    const [account] = await t.database.db.select().from(userAccount).where(eq(userAccount.email, lucia.email));
    expect(account!.language).toBe('en');
  });

  it('mails in the language the patient chose: a password notice and an e-mail change link in English, then in Spanish again', async () => {
    const lucia = await enrolPatient(t, 'alivio');
    const lastMail = async (recipient: string) =>
      (
        await t.database.db
          .select()
          .from(outbox)
          .where(eq(outbox.recipient, recipient))
          .orderBy(desc(outbox.createdAt))
          .limit(1)
      )[0];
    expect((await callAs(t, lucia, 'PUT', '/api/v1/user', edit({ language: 'en' }))).statusCode).toBe(200);
    expect(
      (
        await callAs(t, lucia, 'POST', '/api/v1/account/password', {
          currentPassword: lucia.password,
          newPassword: 'Otra-clave-segura-7',
        })
      ).statusCode,
    ).toBe(200);
    expect(await lastMail(lucia.email)).toMatchObject({ kind: 'password-changed', language: 'en' });
    const englishAddress = `en-${lucia.email}`;
    expect(
      (
        await callAs(t, lucia, 'POST', '/api/v1/account/email', {
          newEmail: englishAddress,
          currentPassword: 'Otra-clave-segura-7',
        })
      ).statusCode,
    ).toBe(202);
    const link = await lastMail(englishAddress);
    expect(link).toMatchObject({ kind: 'email-change-confirm', language: 'en' });
    expect(new URL(String(link!.payload.link)).pathname).toBe('/en/email/confirm');

    expect((await callAs(t, lucia, 'PUT', '/api/v1/user', edit({ language: 'es' }))).statusCode).toBe(200);
    expect(
      (
        await callAs(t, lucia, 'POST', '/api/v1/account/password', {
          currentPassword: 'Otra-clave-segura-7',
          newPassword: 'Tercera-clave-segura-8',
        })
      ).statusCode,
    ).toBe(200);
    expect(await lastMail(lucia.email)).toMatchObject({ kind: 'password-changed', language: 'es' });
    const spanishAddress = `es-${lucia.email}`;
    expect(
      (
        await callAs(t, lucia, 'POST', '/api/v1/account/email', {
          newEmail: spanishAddress,
          currentPassword: 'Tercera-clave-segura-8',
        })
      ).statusCode,
    ).toBe(202);
    expect(new URL(String((await lastMail(spanishAddress))!.payload.link)).pathname).toBe('/email/confirm');
  });

  // Issue 38: a patient who switched the screens to English and booked in English got the booking mails in Spanish.
  it('makes the language the patient switched the screens to that of the profile and of the booking mails', async () => {
    const patient = await enrolPatient(t, 'alivio');
    const switched = await callAs(t, patient, 'PUT', '/api/v1/user/language', { language: 'en' });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toEqual({ data: { language: 'en' } });
    const profile = UserResponseSchema.parse((await callAs(t, patient, 'GET', '/api/v1/user')).json()).data;
    expect(profile.language).toBe('en');
    await bookFirstSlot(t, patient, 1201);
    const mail = await lastMail(t, patient.email);
    expect(mail).toMatchObject({ kind: 'booking-confirmed', language: 'en' });
    // Anything else than a language is refused.
    const refused = await callAs(t, patient, 'PUT', '/api/v1/user/language', { language: 'fr' });
    expect(errorOf(refused.json()).code).toBe('VALIDATION_FAILED');
  });

  it('refuses any field it does not accept (mass assignment) and writes nothing', async () => {
    const lucia = await enrolPatient(t, 'alivio');
    const other = await enrolPatient(t, 'alivio');
    const [before] = await t.database.db.select().from(patient).where(eq(patient.id, lucia.patientId));
    for (const extra of [
      { status: 'INACTIVE' },
      { userId: 'ffffffff-ffff-4fff-8fff-ffffffffffff' },
      { id: other.patientId },
      { idPlanPatient: 1, startPeriod: '2020-01-01' },
      { country: 'MX' },
      { legalIdentification: '101110111' },
      { birthDate: '2000-01-01' },
    ]) {
      const refused = await callAs(t, lucia, 'PUT', '/api/v1/user', edit({ firstName: 'Cambiado', ...extra }));
      expect(refused.statusCode, JSON.stringify(extra)).toBe(400);
      expect(errorOf(refused.json()).code).toBe('VALIDATION_FAILED');
    }
    const [after] = await t.database.db.select().from(patient).where(eq(patient.id, lucia.patientId));
    expect(after).toEqual(before);
    const [plan] = await t.database.db.select().from(planPatient).where(eq(planPatient.patientId, lucia.patientId));
    expect(plan!.status).toBe('ACTIVE');
  });

  it('puts each refusal on its field: an invalid phone, an invalid alternative phone, a place of another country', async () => {
    const lucia = await enrolPatient(t, 'alivio');
    const phone = await callAs(t, lucia, 'PUT', '/api/v1/user', edit({ phone: { country: 'CR', phoneNumber: '12' } }));
    expect(errorOf(phone.json()).fieldErrors).toEqual({ 'phone.phoneNumber': ['signup.contact.phone.invalid'] });
    const alternative = await callAs(t, lucia, 'PUT', '/api/v1/user', edit({ phoneAlternative: '99' }));
    expect(errorOf(alternative.json()).fieldErrors).toEqual({
      phoneAlternative: ['signup.contact.phoneAlternative.invalid'],
    });
    const place = await callAs(
      t,
      lucia,
      'PUT',
      '/api/v1/user',
      edit({ address: { line: 'Av. Reforma 1', location: { id: 'MX-jalisco-guadalajara' } } }),
    );
    expect(errorOf(place.json()).fieldErrors).toEqual({ 'address.location': ['signup.address.search.required'] });
  });
});
