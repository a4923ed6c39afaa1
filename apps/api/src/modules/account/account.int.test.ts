import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { AccountExportSchema, ConsentsResponseSchema } from '@portal/contracts/account';
import { LoginResponseSchema, UserResponseSchema } from '@portal/contracts/identity';
import {
  auditEvent,
  booking,
  caregiver,
  consentRecord,
  outbox,
  patient,
  session,
  treatment,
  userAccount,
} from '../../db/schema.ts';
import { createTestApp, createTestClock, TEST_DB, type TestApp } from '../../test/app.ts';
import { lastMail, linkParams } from '../../test/outbox.ts';
import { createTestRedisServer, type TestRedisServer } from '../../test/redis-server.ts';
import { callAs, enrolPatient, errorOf, MANY_PATIENTS_ENV, type TestPatient } from '../../test/patients.ts';
import { uniqueEmail } from '../../test/signup-bodies.ts';
import { availabilityOf, bookFirstSlot, holdSlot } from '../../test/bookings.ts';
import { purgeClosedAccounts, tombstoneEmail } from './purge.ts';
import { LOCKOUT_FREE_FAILURES } from '../../platform/lockout.ts';

const clock = createTestClock(new Date('2026-11-21T12:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ ...MANY_PATIENTS_ENV, RECOVERY_PER_MINUTE: '1000' }, { clock });
});
afterAll(async () => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;

async function login(slug: string, email: string, password: string) {
  return callAs(t, { slug }, 'POST', '/api/v1/login', { email, password });
}
async function loginAs(who: TestPatient, password = who.password): Promise<TestPatient> {
  const response = await login(who.slug, who.email, password);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return { ...who, authorization: `Bearer ${LoginResponseSchema.parse(response.json()).data.AccessToken}` };
}
function linkOf(mail: { payload: Record<string, unknown> } | undefined) {
  return linkParams(String(mail?.payload.link));
}
async function accountOf(who: TestPatient) {
  const [row] = await t.database.db
    .select({ account: userAccount })
    .from(patient)
    .innerJoin(userAccount, eq(userAccount.id, patient.userId))
    .where(eq(patient.id, who.patientId));
  return row!.account;
}

describe(`PUT /user takes only what the patient may change (${TEST_DB})`, () => {
  it.each([
    ['status', { status: 'INACTIVE' }],
    ['plan', { idPlanPatient: 1, supportPlanId: 102 }],
    ['userId', { userId: '00000000-0000-4000-8000-000000000000' }],
    ['another patient id', { id: 1 }],
    ['identification', { legalIdentification: '100000001' }],
  ])('refuses a body that carries %s, and writes nothing', async (_name, extra) => {
    const who = await enrolPatient(t, 'alivio');
    const before = UserResponseSchema.parse((await callAs(t, who, 'GET', '/api/v1/user')).json()).data;
    const body = {
      firstName: 'Lucía',
      lastName: 'Quesada',
      secondSurname: 'Mora',
      gender: 'FEMALE',
      language: 'es',
      emailAlternative: null,
      phone: { country: 'CR', phoneNumber: '8800-9999' },
      phoneAlternative: null,
      address: null,
      ...extra,
    };
    const response = await callAs(t, who, 'PUT', '/api/v1/user', body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.json()).code).toBe('VALIDATION_FAILED');
    const after = UserResponseSchema.parse((await callAs(t, who, 'GET', '/api/v1/user')).json()).data;
    expect(after).toEqual(before);
  });
});

describe(`change password (${TEST_DB})`, () => {
  it('refuses a wrong current password on its field, and keeps the old one', async () => {
    const who = await enrolPatient(t, 'alivio');
    const response = await callAs(t, who, 'POST', '/api/v1/account/password', {
      currentPassword: 'not-my-password',
      newPassword: 'Otra-clave-segura-7',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.json())).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { currentPassword: ['account.password.current.invalid'] },
    });
    expect((await login('alivio', who.email, who.password)).statusCode).toBe(200);
  });

  it('changes it, ends every other session but this one, mails a notice, and the new password logs in', async () => {
    const who = await enrolPatient(t, 'alivio');
    const other = await loginAs(who);
    const response = await callAs(t, who, 'POST', '/api/v1/account/password', {
      currentPassword: who.password,
      newPassword: 'Otra-clave-segura-7',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ passwordChanged: true, otherSessionsRevoked: 1 });
    expect((await callAs(t, other, 'GET', '/api/v1/user')).statusCode).toBe(401);
    expect((await callAs(t, who, 'GET', '/api/v1/user')).statusCode).toBe(200);
    expect((await login('alivio', who.email, who.password)).statusCode).toBe(400);
    expect((await login('alivio', who.email, 'Otra-clave-segura-7')).statusCode).toBe(200);
    expect((await lastMail(t, who.email))?.kind).toBe('password-changed');
  });

  it('stops checking after five wrong current passwords in the window (RATE_LIMITED), even for the right one', async () => {
    const who = await enrolPatient(t, 'alivio');
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await callAs(t, who, 'POST', '/api/v1/account/password', {
            currentPassword: `wrong-${i}`,
            newPassword: 'Otra-clave-segura-7',
          })
        ).statusCode,
      ).toBe(400);
    }
    const locked = await callAs(t, who, 'POST', '/api/v1/account/password', {
      currentPassword: who.password,
      newPassword: 'Otra-clave-segura-7',
    });
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked.json()).code).toBe('RATE_LIMITED');
    clock.advance(16 * 60 * 1000);
    expect(
      (
        await callAs(t, await loginAs(who), 'POST', '/api/v1/account/password', {
          currentPassword: who.password,
          newPassword: 'Otra-clave-segura-7',
        })
      ).statusCode,
    ).toBe(200);
  });
});

const BURST = 24;
/** The three calls that check the current password, in turn (they share one counter per session). */
function checkCall(app: TestApp, who: TestPatient, currentPassword: string, index: number) {
  const calls = [
    () => callAs(app, who, 'POST', '/api/v1/account/password', { currentPassword, newPassword: 'Otra-clave-segura-7' }),
    () => callAs(app, who, 'POST', '/api/v1/account/email', { currentPassword, newEmail: uniqueEmail() }),
    () => callAs(app, who, 'POST', '/api/v1/account/close', { currentPassword }),
  ];
  return calls[index % calls.length]!();
}
/** A burst of wrong current passwords from one session: at most 5 checked (400), the rest RATE_LIMITED. */
async function burstOfWrongPasswords(app: TestApp, who: TestPatient) {
  const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => checkCall(app, who, `wrong-${i}`, i)));
  const codes = answers.map((answer) => errorOf(answer.json()).code);
  const checked = codes.filter((code) => code === 'VALIDATION_FAILED').length;
  expect(checked).toBeLessThanOrEqual(LOCKOUT_FREE_FAILURES);
  expect(codes.filter((code) => code !== 'VALIDATION_FAILED')).toEqual(Array(BURST - checked).fill('RATE_LIMITED'));
}

describe(`current-password checks under a burst, per session (${TEST_DB})`, () => {
  /** Passwords actually checked and found wrong: one audit row each. */
  const checkedWrong = async (who: TestPatient) =>
    (
      await t.database.db
        .select()
        .from(auditEvent)
        .where(
          and(eq(auditEvent.actorUserId, (await accountOf(who)).id), eq(auditEvent.action, 'current-password-refused')),
        )
    ).length;

  it(`checks at most ${LOCKOUT_FREE_FAILURES} of ${BURST} simultaneous wrong current passwords of one session`, async () => {
    const who = await enrolPatient(t, 'alivio');
    await burstOfWrongPasswords(t, who);
    expect(await checkedWrong(who)).toBeLessThanOrEqual(LOCKOUT_FREE_FAILURES);
    // Nothing was closed, and the session that guessed stays locked even for the right password.
    expect((await checkCall(t, who, who.password, 0)).statusCode).toBe(429);
    expect((await accountOf(who)).status).not.toBe('DISABLED');
    expect((await login('alivio', who.email, who.password)).statusCode).toBe(200);
  });

  it("locks the session that guessed, not the owner's other sessions", async () => {
    const who = await enrolPatient(t, 'alivio');
    const owner = await loginAs(who);
    await burstOfWrongPasswords(t, who);
    const locked = await checkCall(t, who, who.password, 0);
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked.json()).code).toBe('RATE_LIMITED');
    // The owner, in a session of their own, changes the password at once; that ends the guessing session.
    const changed = await callAs(t, owner, 'POST', '/api/v1/account/password', {
      currentPassword: who.password,
      newPassword: 'Otra-clave-segura-7',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await callAs(t, who, 'GET', '/api/v1/user')).statusCode).toBe(401);
    expect((await login('alivio', who.email, 'Otra-clave-segura-7')).statusCode).toBe(200);
  });
});

describe(`current-password checks under a burst, Redis store (${TEST_DB})`, () => {
  let redis: TestRedisServer;
  let r: TestApp;
  const prefix = `test-${randomBytes(6).toString('hex')}:`;
  beforeAll(async () => {
    redis = await createTestRedisServer();
    r = await createTestApp({
      ...MANY_PATIENTS_ENV,
      RECOVERY_PER_MINUTE: '1000',
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: prefix,
    });
  });
  afterAll(async () => {
    await r?.close();
    await redis?.stop();
  });

  it(`checks at most ${LOCKOUT_FREE_FAILURES} of ${BURST}, counted in Redis apart from the logins' counters`, async () => {
    const who = await enrolPatient(r, 'alivio');
    await burstOfWrongPasswords(r, who);
    expect(r.logs()).not.toContain('redis unavailable');
    const client = new Redis(redis.url);
    try {
      expect(await client.keys(`${prefix}current-password:lockout:*`)).toHaveLength(1);
    } finally {
      client.disconnect();
    }
  });
});

describe(`change e-mail (${TEST_DB})`, () => {
  it('mails a link to the new address and a notice to the old; the login e-mail changes only when the link is opened, once', async () => {
    const who = await enrolPatient(t, 'alivio');
    const newEmail = uniqueEmail();
    const asked = await callAs(t, who, 'POST', '/api/v1/account/email', { newEmail, currentPassword: who.password });
    expect(asked.statusCode).toBe(202);
    const confirmMail = await lastMail(t, newEmail);
    expect(confirmMail?.kind).toBe('email-change-confirm');
    expect((await lastMail(t, who.email))?.kind).toBe('email-change-notice');
    // Not yet: the old e-mail still logs in, the new one does not.
    expect((await login('alivio', who.email, who.password)).statusCode).toBe(200);
    expect((await login('alivio', newEmail, who.password)).statusCode).toBe(400);

    const { url, n, s } = linkOf(confirmMail);
    expect(url.pathname).toBe('/email/confirm');
    expect(url.hostname.startsWith('alivio.')).toBe(true);
    // A link of alivio opened on another program's host is unknown there.
    expect(
      (await callAs(t, { slug: 'equilibrio' }, 'POST', '/api/v1/account/email/confirm', { n, s })).statusCode,
    ).toBe(410);
    const confirmed = await callAs(t, { slug: 'alivio' }, 'POST', '/api/v1/account/email/confirm', { n, s });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toEqual({ email: newEmail });
    expect((await login('alivio', newEmail, who.password)).statusCode).toBe(200);
    expect((await login('alivio', who.email, who.password)).statusCode).toBe(400);
    const again = await callAs(t, { slug: 'alivio' }, 'POST', '/api/v1/account/email/confirm', { n, s });
    expect(again.statusCode).toBe(410);
    expect(errorOf(again.json()).code).toBe('EMAIL_CHANGE_LINK_INVALID');
  });

  it('refuses an address already used in the program, when asked and when the link is opened', async () => {
    const who = await enrolPatient(t, 'alivio');
    const other = await enrolPatient(t, 'alivio');
    const taken = await callAs(t, who, 'POST', '/api/v1/account/email', {
      newEmail: other.email,
      currentPassword: who.password,
    });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken.json())).toMatchObject({
      code: 'EMAIL_ALREADY_REGISTERED',
      fieldErrors: { newEmail: ['signup.email.alreadyRegistered'] },
    });

    // Two patients ask for the same free address; the first to open the link gets it.
    const wanted = uniqueEmail();
    expect(
      (await callAs(t, who, 'POST', '/api/v1/account/email', { newEmail: wanted, currentPassword: who.password }))
        .statusCode,
    ).toBe(202);
    const first = linkOf(await lastMail(t, wanted));
    expect(
      (await callAs(t, other, 'POST', '/api/v1/account/email', { newEmail: wanted, currentPassword: other.password }))
        .statusCode,
    ).toBe(202);
    const second = linkOf(await lastMail(t, wanted));
    expect(
      (await callAs(t, { slug: 'alivio' }, 'POST', '/api/v1/account/email/confirm', { n: second.n, s: second.s }))
        .statusCode,
    ).toBe(200);
    const late = await callAs(t, { slug: 'alivio' }, 'POST', '/api/v1/account/email/confirm', {
      n: first.n,
      s: first.s,
    });
    expect(late.statusCode).toBe(409);
    expect((await accountOf(who)).email).toBe(who.email);
  });

  it('refuses a link whose signature was tampered with', async () => {
    const who = await enrolPatient(t, 'alivio');
    const newEmail = uniqueEmail();
    await callAs(t, who, 'POST', '/api/v1/account/email', { newEmail, currentPassword: who.password });
    const { n, s } = linkOf(await lastMail(t, newEmail));
    const forged = `${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(
      (await callAs(t, { slug: 'alivio' }, 'POST', '/api/v1/account/email/confirm', { n, s: forged })).statusCode,
    ).toBe(410);
  });
});

describe(`terms acceptance (${TEST_DB})`, () => {
  it('asks for the latest version when the accepted one is older, and records the acceptance with version and time', async () => {
    const who = await enrolPatient(t, 'alivio');
    await t.database.db.update(patient).set({ latestTermsAccepted: '2.0' }).where(eq(patient.id, who.patientId));
    const before = ConsentsResponseSchema.parse((await callAs(t, who, 'GET', '/api/v1/consents')).json()).data;
    expect(before).toMatchObject({ latestTermsVersion: '3.1', latestTermsAccepted: '2.0' });
    const stale = await callAs(t, who, 'POST', '/api/v1/consents', { termsVersion: '2.0' });
    expect(stale.statusCode).toBe(400);
    expect(errorOf(stale.json()).fieldErrors).toEqual({ termsVersion: ['account.terms.outdated'] });
    const accepted = await callAs(t, who, 'POST', '/api/v1/consents', { termsVersion: '3.1' });
    expect(accepted.statusCode).toBe(201);
    const after = ConsentsResponseSchema.parse(accepted.json()).data;
    expect(after.latestTermsAccepted).toBe('3.1');
    expect(after.history.at(-1)).toEqual({ termsVersion: '3.1', acceptedAt: clock().toISOString() });
    const rows = await t.database.db
      .select()
      .from(consentRecord)
      .where(and(eq(consentRecord.patientId, who.patientId), eq(consentRecord.termsVersion, '3.1')));
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(
      UserResponseSchema.parse((await callAs(t, who, 'GET', '/api/v1/user')).json()).data.latestTermsAccepted,
    ).toBe('3.1');
  });
});

describe(`download my data (${TEST_DB})`, () => {
  it('answers a never-cached JSON attachment with the patient, caregiver, treatments and consents, and nobody else', async () => {
    const who = await enrolPatient(t, 'alivio');
    const other = await enrolPatient(t, 'alivio');
    const response = await callAs(t, who, 'POST', '/api/v1/account/export', { currentPassword: who.password });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="alivio-my-data\.json"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    const data = AccountExportSchema.parse(response.json());
    expect(data.account.email).toBe(who.email);
    expect(data.patient).toMatchObject({ firstName: 'Lucía', country: 'CR' });
    expect(data.treatments).toHaveLength(1);
    expect(data.treatments[0]).toMatchObject({ medicine: 'Migralen 50 mg' });
    expect(data.consents.map((row) => row.termsVersion)).toContain('3.1');
    const text = response.body;
    expect(text).not.toContain(other.email);
    expect(text).not.toContain(String((other.body.identification as { number: string }).number));
    expect(text).not.toContain('passwordHash');
    expect(text).not.toContain('$argon2');
    expect(
      (await callAs(t, { slug: 'alivio' }, 'POST', '/api/v1/account/export', { currentPassword: 'x' })).statusCode,
    ).toBe(401);
  });
});

describe(`download my data asks for the password (${TEST_DB})`, () => {
  const exportAs = (who: TestPatient, body: unknown) => callAs(t, who, 'POST', '/api/v1/account/export', body);

  it('exports nothing without the password or with a wrong one (on its field, and counted as a refused check)', async () => {
    const who = await enrolPatient(t, 'alivio');
    const without = await exportAs(who, {});
    expect(without.statusCode).toBe(400);
    expect(errorOf(without.json()).fieldErrors).toEqual({ currentPassword: ['account.password.current.required'] });
    const wrong = await exportAs(who, { currentPassword: `${who.password}x` });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong.json()).fieldErrors).toEqual({ currentPassword: ['account.password.current.invalid'] });
    expect(wrong.body).not.toContain(who.email);
    // The old call, a stolen access token alone, is gone.
    expect((await callAs(t, who, 'GET', '/api/v1/account/export')).statusCode).toBe(404);
    const refused = await t.database.db
      .select()
      .from(auditEvent)
      .where(
        and(eq(auditEvent.actorUserId, (await accountOf(who)).id), eq(auditEvent.action, 'current-password-refused')),
      );
    expect(refused).toHaveLength(1);
    const right = await exportAs(who, { currentPassword: who.password });
    expect(right.statusCode, right.body).toBe(200);
    expect(AccountExportSchema.parse(right.json()).account.email).toBe(who.email);
  });

  it('shares the lockout of the other current-password checks: a session that guessed wrong elsewhere cannot export', async () => {
    const who = await enrolPatient(t, 'alivio');
    for (let i = 0; i < LOCKOUT_FREE_FAILURES; i++) {
      await callAs(t, who, 'POST', '/api/v1/account/close', { currentPassword: `wrong-${i}` });
    }
    const locked = await exportAs(who, { currentPassword: who.password });
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked.json()).code).toBe('RATE_LIMITED');
    // The owner's other session is not locked (decision 040).
    const other = await loginAs(who);
    expect((await exportAs(other, { currentPassword: who.password })).statusCode).toBe(200);
  });

  it(`is limited per account (EXPORT_PER_MINUTE), whatever the address and the session`, async () => {
    const who = await enrolPatient(t, 'alivio');
    const other = await loginAs(who);
    const perMinute = t.config.EXPORT_PER_MINUTE;
    for (let i = 0; i < perMinute; i++) {
      expect((await exportAs(i % 2 ? other : who, { currentPassword: who.password })).statusCode).toBe(200);
    }
    // callAs sends every call from another address: the limit is the account's.
    const limited = await exportAs(other, { currentPassword: who.password });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited.json()).code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();
    // Another account is not limited by it.
    const someoneElse = await enrolPatient(t, 'alivio');
    expect((await exportAs(someoneElse, { currentPassword: someoneElse.password })).statusCode).toBe(200);
  });
});

describe(`close my account (${TEST_DB})`, () => {
  it('needs the password, then disables the account at once and ends every session', async () => {
    const who = await enrolPatient(t, 'alivio');
    const other = await loginAs(who);
    expect((await callAs(t, who, 'POST', '/api/v1/account/close', { currentPassword: 'wrong' })).statusCode).toBe(400);
    const closed = await callAs(t, who, 'POST', '/api/v1/account/close', { currentPassword: who.password });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data.eraseAfter).toBe(new Date(clock().getTime() + 30 * DAY_MS).toISOString());
    expect((await callAs(t, who, 'GET', '/api/v1/user')).statusCode).toBe(401);
    expect((await callAs(t, other, 'GET', '/api/v1/user')).statusCode).toBe(401);
    const account = await accountOf(who);
    expect(account.status).toBe('DISABLED');
    const live = await t.database.db.select().from(session).where(eq(session.userId, account.id));
    expect(live.every((row) => row.revokedAt !== null)).toBe(true);
  });

  it('cancels the bookings still to come at once, freeing their seats, without a mail for each', async () => {
    const NEUROLOGIST = 1201; // alivio: video call, capacity 2
    const who = await enrolPatient(t, 'alivio');
    const other = await enrolPatient(t, 'alivio');
    const booked = await bookFirstSlot(t, who, NEUROLOGIST);
    const seatsOf = async (startsAt: string) =>
      (await availabilityOf(t, other, NEUROLOGIST)).days
        .flatMap((day) => day.slots)
        .find((slot) => slot.startsAt === startsAt)?.free ?? 0;
    const freeBefore = await seatsOf(booked.startsAt);
    // A hold of another slot (a move begun in another tab) is let go as well.
    const { days } = await availabilityOf(t, who, NEUROLOGIST);
    const later = days[1]!.slots[0]!;
    const hold = await holdSlot(t, who, NEUROLOGIST, later, booked.bookingId);
    const freeLaterBefore = await seatsOf(later.startsAt);
    const mailsBefore = await t.database.db.select().from(outbox).where(eq(outbox.recipient, who.email));

    const closed = await callAs(t, who, 'POST', '/api/v1/account/close', { currentPassword: who.password });
    expect(closed.statusCode, closed.body).toBe(200);

    const rows = await t.database.db
      .select()
      .from(booking)
      .where(inArray(booking.id, [booked.bookingId, hold.holdId]))
      .orderBy(booking.id);
    expect(rows.map(({ id, status, sequence }) => ({ id, status, sequence }))).toEqual([
      { id: booked.bookingId, status: 'cancelled', sequence: booked.sequence + 1 },
      { id: hold.holdId, status: 'released', sequence: 0 },
    ]);
    expect(await seatsOf(booked.startsAt)).toBe(freeBefore + 1);
    expect(await seatsOf(later.startsAt)).toBe(freeLaterBefore + 1);
    const mailsAfter = await t.database.db.select().from(outbox).where(eq(outbox.recipient, who.email));
    expect(mailsAfter).toHaveLength(mailsBefore.length);
    const account = await accountOf(who);
    const events = await t.database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.actorUserId, account.id), eq(auditEvent.action, 'booking-cancelled')));
    expect(events.map((event) => event.subject)).toEqual([`booking:${booked.bookingId}`]);
  });

  it('is cancelled by logging in within the grace period (with the right password only)', async () => {
    const who = await enrolPatient(t, 'alivio');
    await callAs(t, who, 'POST', '/api/v1/account/close', { currentPassword: who.password });
    clock.advance(29 * DAY_MS);
    expect((await login('alivio', who.email, 'wrong-password')).statusCode).toBe(400);
    expect((await accountOf(who)).status).toBe('DISABLED');
    const back = await loginAs(who);
    expect((await callAs(t, back, 'GET', '/api/v1/user')).statusCode).toBe(200);
    const account = await accountOf(who);
    expect(account).toMatchObject({ status: 'CONFIRMED', closureRequestedAt: null, eraseAfter: null });
    const events = await t.database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.actorUserId, account.id), eq(auditEvent.action, 'account-closure-cancelled')));
    expect(events).toHaveLength(1);
    // Nothing to erase for it any more, whenever the purge runs.
    await purgeClosedAccounts(t.database.db, new Date(clock().getTime() + 60 * DAY_MS));
    expect((await accountOf(who)).erasedAt).toBeNull();
  });

  it('after the grace period, the purge erases the personal data (login refused, e-mail free again), idempotently', async () => {
    const who = await enrolPatient(t, 'alivio', { caregiver: undefined });
    const account = await accountOf(who);
    await callAs(t, who, 'POST', '/api/v1/account/close', { currentPassword: who.password });
    // Within the grace period nothing is erased.
    await purgeClosedAccounts(t.database.db, new Date(clock().getTime() + 29 * DAY_MS));
    expect((await accountOf(who)).erasedAt).toBeNull();
    clock.advance(31 * DAY_MS);
    // Logging in after the grace period does not cancel any more.
    expect((await login('alivio', who.email, who.password)).statusCode).toBe(400);
    const first = await purgeClosedAccounts(t.database.db, clock());
    expect(first.erased).toBeGreaterThanOrEqual(1);
    const erased = await accountOf(who);
    expect(erased.email).toBe(tombstoneEmail(account.id));
    expect(erased.erasedAt).not.toBeNull();
    const [row] = await t.database.db.select().from(patient).where(eq(patient.id, who.patientId));
    expect(row).toMatchObject({
      firstName: 'ERASED',
      lastName: 'ERASED',
      secondLastName: null,
      phoneNumber: null,
      address: null,
      emailAlternative: null,
      status: 'ERASED',
    });
    expect(row!.legalIdentification).not.toBe((who.body.identification as { number: string }).number);
    expect(await t.database.db.select().from(caregiver).where(eq(caregiver.patientId, who.patientId))).toEqual([]);
    const treatments = await t.database.db.select().from(treatment);
    const mine = treatments.filter((item) => item.doctorFirstName === null && item.healthCenterName === null);
    expect(mine.length).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.recipient, who.email))).toEqual([]);
    // The address is free: a new enrolment with it succeeds.
    await enrolPatient(t, 'alivio', { email: who.email });
    const second = await purgeClosedAccounts(t.database.db, clock());
    expect(second.erased).toBe(0);
    expect((await accountOf(who)).erasedAt).toEqual(erased.erasedAt);
  });
});
