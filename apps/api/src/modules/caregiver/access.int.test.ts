// A caregiver's own login (issue 39, decision 092): the invitation (once, 7 days), the set-up, the login through the
// patients' identity machinery, the areas allowed and refused, the end of the access ending the sessions on two
// instances, a caregiver refused a second patient, the 18th birthday, and the audit's actor.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  CaregiverAccessGetResponseSchema,
  CaregiverAccessResponseSchema,
  CaregiverInvitationOpenResponseSchema,
} from '@portal/contracts/caregiver-access';
import { CaregiverGetResponseSchema, CaregiverResponseSchema } from '@portal/contracts/caregiver';
import { LoginResponseSchema } from '@portal/contracts/identity';
import { SessionsResponseSchema } from '@portal/contracts/sessions';
import { buildApp } from '../../app.ts';
import { auditEvent, caregiverAccess } from '../../db/schema.ts';
import { createTestApp, createTestClock, hostOf, TEST_DB, type TestApp } from '../../test/app.ts';
import { lastMail, linkParams } from '../../test/outbox.ts';
import { callAs, enrolPatient, errorOf, MANY_PATIENTS_ENV, type TestPatient } from '../../test/patients.ts';
import { alivioCaregiver, alivioMinor, cedula } from '../../test/signup-bodies.ts';
import { createCaregiverAccessService } from './access.ts';

const clock = createTestClock(new Date('2026-11-21T12:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(MANY_PATIENTS_ENV, { clock });
});
afterAll(async () => t.close());

let sequence = 0;
const caregiverEmail = () => `cuidadora.${Date.now()}.${(sequence += 1)}@test.example`;
const CAREGIVER_PASSWORD = 'Cuidar-bien-2026!';

/** The patient registers Rosa with an e-mail, and invites her: the caregiver's id, the access and the mailed link. */
async function invite(patient: TestPatient, email = caregiverEmail(), body: Record<string, unknown> = {}) {
  const added = await callAs(t, patient, 'POST', '/api/v1/caregiver', alivioCaregiver(cedula(), { email }));
  expect(added.statusCode, added.body).toBe(201);
  const caregiverId = CaregiverResponseSchema.parse(added.json()).data.id;
  const invited = await callAs(t, patient, 'POST', `/api/v1/caregiver/${caregiverId}/invitation`, body);
  expect(invited.statusCode, invited.body).toBe(200);
  const mail = await lastMail(t, email);
  expect(mail?.kind).toBe('caregiver-invitation');
  return {
    email,
    caregiverId,
    access: CaregiverAccessResponseSchema.parse(invited.json()).data,
    link: linkParams(String(mail!.payload.link)),
  };
}

const anonymous = { slug: 'alivio' };

async function accept(link: { n: string; s: string }, password = CAREGIVER_PASSWORD) {
  return callAs(t, anonymous, 'POST', '/api/v1/caregiver-invitation/accept', { n: link.n, s: link.s, password });
}

async function logIn(email: string, app: FastifyInstance = t.app) {
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/login',
    headers: { host: hostOf('alivio') },
    payload: { email, password: CAREGIVER_PASSWORD },
  });
  expect(login.statusCode, login.body).toBe(200);
  return { slug: 'alivio', authorization: `Bearer ${LoginResponseSchema.parse(login.json()).data.AccessToken}` };
}

/** A patient whose caregiver has set up their login and logged in. */
async function withCaregiver(body: Record<string, unknown> = {}) {
  const patient = await enrolPatient(t, 'alivio');
  const invited = await invite(patient, caregiverEmail(), body);
  expect((await accept(invited.link)).statusCode).toBe(200);
  return { patient, ...invited, caregiver: await logIn(invited.email) };
}

// Password hashes and a second instance of the app: slow on a loaded machine, never a measure of anything.
describe(`a caregiver's own login (${TEST_DB})`, { timeout: 180_000 }, () => {
  it('mails an invitation that opens once, sets up a password in the pool, and logs in as anyone does', async () => {
    const patient = await enrolPatient(t, 'alivio');
    const { email, access, link } = await invite(patient);
    expect(access).toMatchObject({
      status: 'invited',
      email,
      firstName: 'Rosa',
      // An adult patient's caregiver: everything but the treatments and the profile.
      areas: ['codes', 'booking', 'purchases', 'lessons'],
      acceptedAt: null,
    });
    expect(new Date(access.invitationExpiresAt!).getTime() - clock().getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    expect(link.url.pathname).toBe('/caregiver/invitation');

    const opened = await callAs(t, anonymous, 'POST', '/api/v1/caregiver-invitation/open', { n: link.n, s: link.s });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(CaregiverInvitationOpenResponseSchema.parse(opened.json()).data).toEqual({
      email,
      caregiverFirstName: 'Rosa',
      patientFirstName: String((patient.body.personalInfo as { firstName: string }).firstName),
    });
    // The patients' password rules: a common password, or one made of the caregiver's own e-mail, is refused.
    expect((await accept(link, 'password123')).statusCode).toBe(400);
    const accepted = await accept(link);
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Once.
    const again = await accept(link);
    expect(again.statusCode).toBe(410);
    expect(errorOf(again.json()).code).toBe('CAREGIVER_INVITATION_INVALID');

    const caregiver = await logIn(email);
    const view = CaregiverAccessGetResponseSchema.parse(
      (await callAs(t, patient, 'GET', '/api/v1/caregiver-access')).json(),
    ).data;
    expect(view).toMatchObject({ status: 'active', invitationExpiresAt: null });
    // The caregiver's sessions are their own: "my sessions" lists theirs, not the patient's.
    const sessions = SessionsResponseSchema.parse((await callAs(t, caregiver, 'GET', '/api/v1/sessions')).json()).data;
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.current).toBe(true);
  });

  it('refuses an invitation 7 days after it was mailed, and the older one once a newer was asked for', async () => {
    const patient = await enrolPatient(t, 'alivio');
    const first = await invite(patient);
    const again = await callAs(t, patient, 'POST', `/api/v1/caregiver/${first.caregiverId}/invitation`, {});
    expect(again.statusCode).toBe(200);
    expect((await accept(first.link)).statusCode).toBe(410);
    const newer = linkParams(String((await lastMail(t, first.email))!.payload.link));
    clock.advance(7 * 24 * 60 * 60 * 1000);
    try {
      const late = await callAs(t, anonymous, 'POST', '/api/v1/caregiver-invitation/open', { n: newer.n, s: newer.s });
      expect(late.statusCode).toBe(410);
    } finally {
      clock.advance(-7 * 24 * 60 * 60 * 1000);
    }
    expect((await accept(newer)).statusCode).toBe(200);
  });

  it('needs an e-mail for an invitation only, and an id of the caller’s own caregiver', async () => {
    const patient = await enrolPatient(t, 'alivio');
    const added = await callAs(t, patient, 'POST', '/api/v1/caregiver', alivioCaregiver(cedula()));
    const { id } = CaregiverResponseSchema.parse(added.json()).data;
    const refused = await callAs(t, patient, 'POST', `/api/v1/caregiver/${id}/invitation`, {});
    expect(errorOf(refused.json()).code).toBe('CAREGIVER_EMAIL_REQUIRED');
    const other = await enrolPatient(t, 'alivio');
    expect((await callAs(t, other, 'POST', `/api/v1/caregiver/${id}/invitation`, {})).statusCode).toBe(404);
  });

  it('lets the caregiver into the areas granted and answers 404 everywhere else, the patient’s own calls included', async () => {
    const { patient, caregiver, access } = await withCaregiver();
    const allowed = [
      ['GET', '/api/v1/benefits'],
      ['GET', '/api/v1/bookings'],
      ['GET', '/api/v1/purchases/refills'],
      ['GET', '/api/v1/learning/progress'],
      ['GET', '/api/v1/sessions'],
    ] as const;
    for (const [method, url] of allowed) expect((await callAs(t, caregiver, method, url)).statusCode, url).toBe(200);
    const refused = [
      ['GET', '/api/v1/treatments', undefined],
      ['GET', '/api/v1/user', undefined],
      ['PUT', '/api/v1/learning/progress/completed', { lessonId: 'x' }],
      ['POST', '/api/v1/account/password', { currentPassword: 'x', newPassword: 'Otra-clave-2026!' }],
      ['POST', '/api/v1/account/email', { newEmail: 'otra@test.example', currentPassword: 'x' }],
      ['GET', '/api/v1/consents', undefined],
      ['POST', '/api/v1/account/close', { currentPassword: 'x' }],
      ['PUT', '/api/v1/user/language', { language: 'en' }],
      ['GET', '/api/v1/caregiver', undefined],
      ['GET', '/api/v1/caregiver-access', undefined],
      ['DELETE', `/api/v1/caregiver-access/${access.id}`, undefined],
    ] as const;
    for (const [method, url, body] of refused) {
      const answer = await callAs(t, caregiver, method, url, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(errorOf(answer.json()).code).toBe('NOT_FOUND');
    }
    // The patient grants the treatments and the profile: they hold from the caregiver's next call.
    const changed = await callAs(t, patient, 'PUT', `/api/v1/caregiver-access/${access.id}`, {
      areas: ['profile', 'treatments', 'codes'],
    });
    expect(CaregiverAccessResponseSchema.parse(changed.json()).data.areas).toEqual(['codes', 'treatments', 'profile']);
    expect((await callAs(t, caregiver, 'GET', '/api/v1/treatments')).statusCode).toBe(200);
    const profile = await callAs(t, caregiver, 'GET', '/api/v1/user');
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().data.patientId ?? profile.json().data.id).toBe(patient.patientId);
    expect((await callAs(t, caregiver, 'GET', '/api/v1/bookings')).statusCode).toBe(404);
  });

  it('records the caregiver as the actor of what they do on the patient’s care', async () => {
    const { caregiver, email } = await withCaregiver();
    const made = await callAs(t, caregiver, 'PUT', '/api/v1/benefits/products/1101/discount-code');
    expect(made.statusCode, made.body).toBeLessThan(300);
    const [account] = await t.database.db
      .select({ userId: caregiverAccess.userId })
      .from(caregiverAccess)
      .where(eq(caregiverAccess.email, email));
    const events = await t.database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.actorKind, 'caregiver'), eq(auditEvent.actorId, account!.userId!)));
    expect(events.map((event) => event.action)).toEqual(
      expect.arrayContaining(['caregiver-access-accepted', 'discount-code-created']),
    );
    // The patient's own activity (the export's) is the patient's: never the caregiver's account.
    expect(events.every((event) => event.actorUserId === null)).toBe(true);
  });

  it('ends the access and every session of the caregiver at once, on two instances', async () => {
    const { patient, caregiver, access, email } = await withCaregiver();
    const second = await buildApp(t.config, {
      database: t.database,
      logStream: new Writable({ write: (_chunk, _encoding, done) => done() }),
      clock,
    });
    try {
      // Both instances have served the caregiver (and may hold the session in their caches).
      for (const app of [t.app, second])
        for (let i = 0; i < 2; i += 1)
          expect(
            (
              await app.inject({
                method: 'GET',
                url: '/api/v1/benefits',
                headers: { host: hostOf('alivio'), authorization: caregiver.authorization },
              })
            ).statusCode,
          ).toBe(200);
      const ended = await callAs(t, patient, 'DELETE', `/api/v1/caregiver-access/${access.id}`);
      expect(ended.statusCode, ended.body).toBe(200);
      for (const app of [t.app, second]) {
        const answer = await app.inject({
          method: 'GET',
          url: '/api/v1/benefits',
          headers: { host: hostOf('alivio'), authorization: caregiver.authorization },
        });
        expect(answer.statusCode).toBe(401);
      }
      // The password still works, but the account looks after nobody now: nothing to reach.
      const again = await logIn(email);
      expect((await callAs(t, again, 'GET', '/api/v1/benefits')).statusCode).toBe(401);
      expect(
        CaregiverAccessGetResponseSchema.parse((await callAs(t, patient, 'GET', '/api/v1/caregiver-access')).json())
          .data,
      ).toBeNull();
    } finally {
      await second.close();
    }
  });

  it('refuses a caregiver invited by a second patient, before and after the first invitation was accepted', async () => {
    const email = caregiverEmail();
    const first = await enrolPatient(t, 'alivio');
    const { link } = await invite(first, email);
    const second = await enrolPatient(t, 'alivio');
    const added = await callAs(t, second, 'POST', '/api/v1/caregiver', alivioCaregiver(cedula(), { email }));
    const { id } = CaregiverResponseSchema.parse(added.json()).data;
    const before = await callAs(t, second, 'POST', `/api/v1/caregiver/${id}/invitation`, {});
    expect(errorOf(before.json()).code).toBe('CAREGIVER_ALREADY_REGISTERED');
    expect((await accept(link)).statusCode).toBe(200);
    const after = await callAs(t, second, 'POST', `/api/v1/caregiver/${id}/invitation`, {});
    expect(errorOf(after.json()).code).toBe('CAREGIVER_ALREADY_REGISTERED');
    // A patient's own login is never a caregiver's either.
    const third = await enrolPatient(t, 'alivio');
    const patientsMail = await callAs(
      t,
      third,
      'POST',
      '/api/v1/caregiver',
      alivioCaregiver(cedula(), { email: first.email }),
    );
    const patientsId = CaregiverResponseSchema.parse(patientsMail.json()).data.id;
    const refused = await callAs(t, third, 'POST', `/api/v1/caregiver/${patientsId}/invitation`, {});
    expect(errorOf(refused.json()).code).toBe('CAREGIVER_ALREADY_REGISTERED');
  });

  it('ends a minor’s caregiver’s access on the 18th birthday in the patient’s country, and tells the patient', async () => {
    // Born on 22 November 2008: 18 at midnight of 22 November 2026 in Costa Rica (06:00 UTC).
    const email = caregiverEmail();
    const minor = await enrolPatient(t, 'alivio', {
      ...alivioMinor(),
      birthDate: '2008-11-22',
      caregiver: alivioCaregiver(cedula(), { email }),
    });
    const caregiverRow = CaregiverGetResponseSchema.parse(
      (await callAs(t, minor, 'GET', '/api/v1/caregiver')).json(),
    ).data!;
    const invited = await callAs(t, minor, 'POST', `/api/v1/caregiver/${caregiverRow.id}/invitation`, {});
    // A minor's caregiver manages the whole account.
    expect(CaregiverAccessResponseSchema.parse(invited.json()).data.areas).toEqual([
      'codes',
      'booking',
      'purchases',
      'treatments',
      'lessons',
      'profile',
    ]);
    expect((await accept(linkParams(String((await lastMail(t, email))!.payload.link)))).statusCode).toBe(200);
    const start = clock();
    try {
      clock.set(new Date('2026-11-22T05:58:00Z'));
      const caregiver = await logIn(email);
      expect((await callAs(t, caregiver, 'GET', '/api/v1/user')).statusCode).toBe(200);
      clock.set(new Date('2026-11-22T06:01:00Z'));
      expect((await callAs(t, caregiver, 'GET', '/api/v1/user')).statusCode).toBe(401);
      const access = createCaregiverAccessService({
        db: t.database.db,
        clock,
        config: t.config,
        passwords: undefined as never,
      });
      expect(await access.endForPatientsOfAge(clock())).toBeGreaterThanOrEqual(1);
      const [row] = await t.database.db
        .select()
        .from(caregiverAccess)
        .where(eq(caregiverAccess.patientId, minor.patientId));
      expect(row).toMatchObject({ endedReason: 'came-of-age' });
      expect((await lastMail(t, minor.email))?.kind).toBe('caregiver-access-came-of-age');
    } finally {
      clock.set(start);
    }
  });
});
