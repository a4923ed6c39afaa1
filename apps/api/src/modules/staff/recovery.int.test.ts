// Assisted recovery (decision 076), end to end through a real SMTP server: the caller's answers are compared by the
// server (a refusal names the fields, sends nothing, and is audited); a link to the account's e-mail lets the patient
// choose a password; a new e-mail, with all three answers, changes the login at once, ends the sessions and tells the
// old address, whose "this wasn't me" link gives the address back and voids the link sent to the new one. Every step
// is in the access log with the opening's reason, and only for a session that opened the record.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PatientAccessLogResponseSchema } from '@portal/contracts/staff-records';
import { StaffAssistedRecoveryResponseSchema } from '@portal/contracts/staff-recovery';
import { auditEvent } from '../../db/schema.ts';
import { createTestApp, TEST_DB, type TestApp } from '../../test/app.ts';
import { linkParams } from '../../test/outbox.ts';
import { callAs, enrolPatient, errorOf, type TestPatient } from '../../test/patients.ts';
import { alivioCaregiver, alivioMinor, cedula, uniqueEmail } from '../../test/signup-bodies.ts';
import { parseMail, startTestSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { openTestStaffSession } from '../../test/staff.ts';
import { confirmIdentity } from './recovery.ts';

let t: TestApp;
let smtp: TestSmtpServer;
let agent: string;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_WORKER: 'false',
    LOGIN_PER_MINUTE: '1000',
    RATE_LIMIT_PER_MINUTE: '100000',
    SIGNUP_PER_MINUTE: '1000',
    RECOVERY_PER_MINUTE: '1000',
  });
  agent = await openTestStaffSession(t, ['agent:alivio']);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const staffCall = (path: string, body: unknown, authorization = agent, slug = 'alivio') =>
  callAs(t, { slug, authorization }, 'POST', `/api/v1/staff/patients${path}`, body);
const openRecord = (patient: TestPatient, authorization = agent) =>
  staffCall(`/${patient.patientId}/open`, { reason: 'inbound-call' }, authorization);
const recover = (patient: TestPatient, body: unknown, authorization = agent) =>
  staffCall(`/${patient.patientId}/recovery`, body, authorization);

/** The answers a caller who is the patient gives (Lucía Quesada's enrolment: born 1985-03-14, phone 8800-1234). */
const rightAnswers = (patient: TestPatient) => ({
  identificationNumber: (patient.body.identification as { number: string }).number,
  birthDate: '1985-03-14',
  third: { by: 'phone-last-four', digits: '1234' },
});

/** The mail the SMTP server received for `recipient` whose subject starts with `subject`, after draining the outbox. */
async function mailTo(recipient: string, subject: string) {
  const find = async () =>
    (
      await Promise.all(
        smtp.received.filter((mail) => mail.envelopeTo.includes(recipient)).map((mail) => parseMail(mail.raw)),
      )
    )
      .filter((mail) => mail.header('subject')?.startsWith(subject))
      .at(-1);
  for (let round = 0; round < 10 && !(await find()); round += 1) await t.app.mail.worker.drainOnce();
  const mail = await find();
  expect(mail, `a mail "${subject}…" to ${recipient}`).toBeDefined();
  return mail!;
}
const linkIn = (text: string | undefined) => /https?:\/\/\S+[?&]n=\S+/.exec(text ?? '')![0];

const login = (patient: TestPatient, email: string, password: string) =>
  callAs(t, { slug: 'alivio' }, 'POST', '/api/v1/login', { email, password });

describe(`assisted recovery (${TEST_DB})`, () => {
  it('compares the answers itself: a refusal names the fields that did not match, sends nothing and is audited', async () => {
    const patient = await enrolPatient(t, 'alivio');
    expect((await openRecord(patient)).statusCode).toBe(200);
    // The enrolment's own mails go first, so that what arrives after is what the refusals sent.
    for (let round = 0; round < 3; round += 1) await t.app.mail.worker.drainOnce();
    const received = smtp.received.length;
    const wrong = await recover(patient, {
      sendTo: 'account-email',
      answers: { ...rightAnswers(patient), birthDate: '1985-03-15' },
    });
    expect(wrong.statusCode, wrong.body).toBe(422);
    expect(errorOf(wrong.json())).toMatchObject({
      code: 'STAFF_IDENTITY_NOT_CONFIRMED',
      fieldErrors: { 'answers.birthDate': ['staff.recovery.answer.noMatch'] },
    });
    // A new e-mail needs the third answer as well.
    const noThird = await recover(patient, {
      sendTo: 'new-email',
      newEmail: uniqueEmail(),
      answers: { ...rightAnswers(patient), third: { by: 'phone-last-four', digits: '9999' } },
    });
    expect(noThird.statusCode).toBe(422);
    expect(Object.keys(errorOf(noThird.json()).fieldErrors ?? {})).toEqual(['answers.third']);
    await t.app.mail.worker.drainOnce();
    expect(smtp.received.length).toBe(received);
    const audited = await t.database.db
      .select({ detail: auditEvent.detail })
      .from(auditEvent)
      .where(
        and(eq(auditEvent.action, 'staff-assisted-recovery'), eq(auditEvent.subject, `patient:${patient.patientId}`)),
      )
      .orderBy(desc(auditEvent.id));
    expect(audited).toHaveLength(2);
    expect(audited[1]!.detail).toMatchObject({
      done: false,
      confirmation: { identificationNumber: true, birthDate: false, third: true },
    });
    // Never the answers themselves.
    expect(JSON.stringify(audited)).not.toContain('1985-03-15');
  });

  it('sends a link to the account’s e-mail; the patient chooses a password with it and logs in', async () => {
    const patient = await enrolPatient(t, 'alivio');
    expect((await openRecord(patient)).statusCode).toBe(200);
    const spacedNumber = (patient.body.identification as { number: string }).number.replace(/^(\d)(\d{4})/, '$1-$2-');
    const answer = await recover(patient, {
      sendTo: 'account-email',
      // The identification as the caller spells it; the third answer may be wrong for the account's own e-mail.
      answers: {
        ...rightAnswers(patient),
        identificationNumber: spacedNumber,
        third: { by: 'phone-last-four', digits: '0000' },
      },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { data } = StaffAssistedRecoveryResponseSchema.parse(answer.json());
    expect(data).toMatchObject({
      emailChanged: false,
      confirmation: { identificationNumber: true, birthDate: true, third: false },
    });
    expect(data.sentTo).toBe(`${patient.email.slice(0, 1)}•••@test.example`);

    const mail = await mailTo(patient.email, 'Cree una nueva contraseña');
    const { n, s } = linkParams(linkIn(mail.text));
    const reset = await callAs(t, { slug: 'alivio' }, 'POST', '/api/v1/password/recover', {
      step: 'reset',
      n,
      s,
      password: 'Nueva-clave-de-Lucia-7',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(patient, patient.email, 'Nueva-clave-de-Lucia-7')).statusCode).toBe(200);

    // The patient reads it in the privacy centre: the opening and the link, with the call's reason.
    // (The new password ended the patient's sessions: they log in again.)
    const log = PatientAccessLogResponseSchema.parse(
      (
        await callAs(
          t,
          { slug: 'alivio', authorization: await bearerOf(patient, patient.email, 'Nueva-clave-de-Lucia-7') },
          'GET',
          '/api/v1/user/access-log',
        )
      ).json(),
    ).data.entries;
    expect(log.map((entry) => [entry.what, entry.reason])).toEqual([
      ['recovery-link-sent', 'inbound-call'],
      ['record-opened', 'inbound-call'],
    ]);
  });

  it('changes a lost e-mail with all three answers (a caregiver’s name will do); the old address gets it back with its link', async () => {
    const patient = await enrolPatient(t, 'alivio', {
      ...alivioMinor(),
      birthDate: '2014-02-01',
      caregiver: alivioCaregiver(cedula()),
    });
    expect((await openRecord(patient)).statusCode).toBe(200);
    const newEmail = uniqueEmail();
    const answers = {
      identificationNumber: (patient.body.identification as { number: string }).number.toLowerCase(),
      birthDate: '2014-02-01',
      third: { by: 'caregiver-name', name: 'rosa MORA' },
    };
    // The address another account has is refused on the field, and nothing changes.
    const other = await enrolPatient(t, 'alivio');
    const taken = await recover(patient, { sendTo: 'new-email', newEmail: other.email, answers });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(errorOf(taken.json()).fieldErrors).toEqual({ newEmail: ['signup.email.alreadyRegistered'] });

    const answer = await recover(patient, { sendTo: 'new-email', newEmail, answers });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(StaffAssistedRecoveryResponseSchema.parse(answer.json()).data).toMatchObject({
      emailChanged: true,
      confirmation: { identificationNumber: true, birthDate: true, third: true },
    });
    // The login changed at once, and whoever held a session is out.
    expect((await callAs(t, patient, 'GET', '/api/v1/user')).statusCode).toBe(401);
    expect((await login(patient, patient.email, patient.password)).statusCode).not.toBe(200);
    expect((await login(patient, newEmail, patient.password)).statusCode).toBe(200);

    const recoveryMail = await mailTo(newEmail, 'Cree una nueva contraseña');
    const sentLink = linkParams(linkIn(recoveryMail.text));
    const notice = await mailTo(patient.email, 'Cambiamos el correo de su cuenta');
    expect(notice.text).toContain('/email/not-me?');
    const notMe = linkParams(linkIn(notice.text));

    // "This wasn't me": the old address is back, the new one no longer logs in, the link sent there is dead.
    const restored = await callAs(t, { slug: 'alivio' }, 'POST', '/api/v1/account/email/not-me', {
      n: notMe.n,
      s: notMe.s,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await login(patient, patient.email, patient.password)).statusCode).toBe(200);
    expect((await login(patient, newEmail, patient.password)).statusCode).not.toBe(200);
    const dead = await callAs(t, { slug: 'alivio' }, 'POST', '/api/v1/password/recover', {
      step: 'verify',
      n: sentLink.n,
      s: sentLink.s,
    });
    expect(dead.statusCode).toBe(410);
    // Once only, and never as a confirmation of a patient's own change.
    const again = await callAs(t, { slug: 'alivio' }, 'POST', '/api/v1/account/email/not-me', {
      n: notMe.n,
      s: notMe.s,
    });
    expect(again.statusCode).toBe(410);
    const asConfirm = await callAs(t, { slug: 'alivio' }, 'POST', '/api/v1/account/email/confirm', {
      n: notMe.n,
      s: notMe.s,
    });
    expect(asConfirm.statusCode).toBe(410);

    const log = PatientAccessLogResponseSchema.parse(
      (
        await callAs(t, { slug: 'alivio', authorization: await bearerOf(patient) }, 'GET', '/api/v1/user/access-log')
      ).json(),
    ).data.entries;
    expect(log.map((entry) => entry.what).sort()).toEqual(['email-changed', 'record-opened', 'recovery-link-sent']);
  });

  it('is only for a session that opened the record, of an agent or a nurse of the program', async () => {
    const patient = await enrolPatient(t, 'alivio');
    const body = { sendTo: 'account-email', answers: rightAnswers(patient) };
    const notOpened = await recover(patient, body, await openTestStaffSession(t, ['agent:alivio']));
    expect(errorOf(notOpened.json()).code).toBe('STAFF_RECORD_NOT_OPENED');
    const manager = await openTestStaffSession(t, ['manager:alivio']);
    expect((await recover(patient, body, manager)).statusCode).toBe(403);
    const piel = await openTestStaffSession(t, ['agent:piel']);
    expect((await staffCall(`/${patient.patientId}/recovery`, body, piel, 'piel')).statusCode).toBe(404);
    expect((await recover(patient, body, patient.authorization)).statusCode).toBe(401);
  });
});

async function bearerOf(patient: TestPatient, email = patient.email, password = patient.password) {
  const answer = await login(patient, email, password);
  return `Bearer ${(answer.json() as { data: { AccessToken: string } }).data.AccessToken}`;
}

describe('confirmIdentity', () => {
  const facts = {
    legalIdentification: '109990001',
    birthDate: '1980-05-01',
    phoneNumber: '+506 8800-1234',
    country: 'CR',
    userId: 'u',
    email: 'x@example.com',
    language: 'es' as const,
    accountStatus: 'CONFIRMED' as const,
    caregiverFirstName: 'José Ángel',
    caregiverLastName: 'Quirós Mora',
  };
  const answers = (third: { by: 'phone-last-four'; digits: string } | { by: 'caregiver-name'; name: string }) => ({
    identificationNumber: '1-0999-0001',
    birthDate: '1980-05-01',
    third,
  });
  it.each([
    [{ by: 'phone-last-four', digits: '1234' }, true],
    [{ by: 'phone-last-four', digits: '8800' }, false],
    [{ by: 'caregiver-name', name: 'jose' }, true],
    [{ by: 'caregiver-name', name: 'José Ángel Quiros' }, true],
    [{ by: 'caregiver-name', name: 'Quirós' }, false],
    [{ by: 'caregiver-name', name: 'Jose Pérez' }, false],
  ] as const)('the third answer %j matches: %s', (third, matches) => {
    expect(confirmIdentity(facts, answers(third))).toEqual({
      identificationNumber: true,
      birthDate: true,
      third: matches,
    });
  });
  it('never matches a caregiver’s name when there is no caregiver', () => {
    const alone = { ...facts, caregiverFirstName: null, caregiverLastName: null };
    expect(confirmIdentity(alone, answers({ by: 'caregiver-name', name: 'José' })).third).toBe(false);
  });
});
