import { createHmac, randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@portal/contracts/errors';
import { LoginResponseSchema } from '@portal/contracts/identity';
import { SignupResponseSchema } from '@portal/contracts/signup';
import { auditEvent, caregiver, enrolmentNotMeLink, outbox, patient, session, userAccount } from '../../db/schema.ts';
import { createTestApp, createTestClock, hostOf, TEST_DB, type TestApp } from '../../test/app.ts';
import { lastMail, linkParams } from '../../test/outbox.ts';
import { alivioBody, alivioCaregiver, alivioMinor, cedula, pielBody, uniqueEmail } from '../../test/signup-bodies.ts';
import { purgeClosedAccounts, tombstoneEmail } from '../account/purge.ts';
import { NOT_ME_LINK_TTL_MS } from './disown.ts';

let t: TestApp;
let ip = 0;
const SIGNING_SECRET = 'a-signing-secret-for-the-not-me-links-0001';
const DAY_MS = 24 * 60 * 60 * 1000;
const clock = createTestClock(new Date('2026-11-21T12:00:00Z'));
const request = (
  slug: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
  authorization?: string,
) =>
  t.app.inject({
    method,
    url,
    headers: { host: hostOf(slug), ...(authorization ? { authorization } : {}) },
    remoteAddress: `10.66.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`,
    ...(payload ? { payload } : {}),
  });
const notMe = (link: { n: string; s: string }, slug = 'alivio') =>
  request(slug, 'POST', '/api/v1/patient/signup/not-me', link);

beforeAll(async () => {
  t = await createTestApp(
    {
      SIGNING_SECRET,
      MAIL_WORKER: 'false',
      RATE_LIMIT_PER_MINUTE: '100000',
      SIGNUP_PER_MINUTE: '1000',
      PREREGISTRATION_PER_MINUTE: '1000',
      LOGIN_PER_MINUTE: '1000',
      IDENTIFICATION_CHECK_PER_MINUTE: '1000',
    },
    { clock },
  );
});
afterAll(async () => t.close());

async function enrol(body = alivioBody(), slug = 'alivio') {
  const response = await request(slug, 'POST', '/api/v1/patient/signup', body);
  expect(response.statusCode, response.body).toBe(201);
  const answer = SignupResponseSchema.parse(response.json()).data;
  const [mail] = await t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, String(body.email)), eq(outbox.kind, 'enrolment')))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  const link = new URL(String(mail!.payload.notMeLink));
  return { body, answer, link, n: link.searchParams.get('n')!, s: link.searchParams.get('s')! };
}

async function login(slug: string, email: string, password: string) {
  const response = await request(slug, 'POST', '/api/v1/login', { email, password });
  expect(response.statusCode, response.body).toBe(200);
  return `Bearer ${LoginResponseSchema.parse(response.json()).data.AccessToken}`;
}

async function accountOf(userId: string) {
  const [account] = await t.database.db.select().from(userAccount).where(eq(userAccount.id, userId));
  return account!;
}

/** The enrolled patient logs in and asks to change their login e-mail to a new address; answers that address. */
async function askEmailChange(body: Record<string, unknown>) {
  const authorization = await login('alivio', String(body.email), String(body.password));
  const newEmail = uniqueEmail();
  const asked = await request(
    'alivio',
    'POST',
    '/api/v1/account/email',
    { newEmail, currentPassword: body.password },
    authorization,
  );
  expect(asked.statusCode, asked.body).toBe(202);
  return newEmail;
}

/** The answer every refused link gets: 410 ENROLMENT_LINK_INVALID, nothing more; and the account untouched. */
async function expectRefused(link: { n: string; s: string }, userId: string, slug = 'alivio') {
  const before = await accountOf(userId);
  const response = await notMe(link, slug);
  expect(response.statusCode, response.body).toBe(410);
  expect(ErrorBodySchema.parse(response.json()).error).toEqual({
    code: 'ENROLMENT_LINK_INVALID',
    message: 'signup.notMe.invalid',
  });
  expect(await accountOf(userId)).toEqual(before);
}

describe(`"this wasn't me" (${TEST_DB})`, () => {
  it('puts a signed link to the not-me page in the welcome mail, rendered in its text and HTML: a random nonce, not the account id', async () => {
    const { answer, link, n } = await enrol();
    expect(link.origin).toBe('http://alivio.localhost:3000');
    expect(link.pathname).toBe('/signup/not-me');
    expect(n).toHaveLength(32);
    expect(Buffer.from(n, 'base64url').toString('hex')).not.toContain(answer.userId.replaceAll('-', ''));
    expect(await t.app.mail.worker.drainOnce()).toBeGreaterThan(0);
    const mail = t.app.mail.devMailbox!.list('alivio').find((delivered) => delivered.kind === 'enrolment');
    expect(mail?.text).toContain(link.toString());
    expect(mail?.html).toContain(`href="${link.toString().replaceAll('&', '&amp;')}"`);
    // Recorded: its hash, an expiry 30 days on, unused.
    const [row] = await t.database.db
      .select()
      .from(enrolmentNotMeLink)
      .where(eq(enrolmentNotMeLink.userId, answer.userId));
    expect(row).toMatchObject({ usedAt: null, expiresAt: new Date(clock().getTime() + NOT_ME_LINK_TTL_MS) });
    expect(JSON.stringify(row)).not.toContain(n);
  });

  it('refuses a link of the old shape (the account id, signed with the purpose key or the secret itself), as any bad link', async () => {
    const { answer } = await enrol();
    const n = Buffer.from(answer.userId.replaceAll('-', ''), 'hex').toString('base64url');
    const current = t.config.signingKeys.sign('not-me-link', n);
    const legacy = createHmac('sha256', SIGNING_SECRET).update(`enrolment-not-me:${n}`).digest('base64url');
    await expectRefused({ n, s: current }, answer.userId);
    await expectRefused({ n, s: legacy }, answer.userId);
    expect((await accountOf(answer.userId)).status).toBe('CONFIRMED');
  });

  it('disables the enrolment, revokes its sessions, frees the address, sets an erasure date; used once, recorded', async () => {
    const { body, answer, n, s } = await enrol();
    const authorization = await login('alivio', String(body.email), String(body.password));
    const refreshToken = (
      await request('alivio', 'POST', '/api/v1/login', { email: body.email, password: body.password })
    ).json<{ data: { RefreshToken: string } }>().data.RefreshToken;

    const disowned = await notMe({ n, s });
    expect(disowned.statusCode, disowned.body).toBe(200);
    expect(disowned.json()).toEqual({ data: { disowned: true } });
    const db = t.database.db;
    const account = await accountOf(answer.userId);
    expect(account.status).toBe('DISABLED');
    expect(account.email).toBe(`disowned-${answer.userId}@disowned.invalid`);
    expect(account.eraseAfter).toEqual(new Date(clock().getTime() + 30 * DAY_MS));
    expect(account.closureRequestedAt).toBeNull();
    expect((await db.select().from(patient).where(eq(patient.userId, answer.userId)))[0]?.status).toBe('DISOWNED');
    const [link] = await db.select().from(enrolmentNotMeLink).where(eq(enrolmentNotMeLink.userId, answer.userId));
    expect(link?.usedAt).toEqual(clock());
    // Whoever holds the welcome mail acted, not the enrolment's patient: a visitor, on the account (decision 064).
    expect(
      await db
        .select({ actorKind: auditEvent.actorKind, actorUserId: auditEvent.actorUserId })
        .from(auditEvent)
        .where(and(eq(auditEvent.subject, `user:${answer.userId}`), eq(auditEvent.action, 'enrolment-disowned'))),
    ).toEqual([{ actorKind: 'visitor', actorUserId: null }]);
    const sessions = await db.select().from(session).where(eq(session.userId, answer.userId));
    expect(sessions.length).toBe(2);
    expect(sessions.every((row) => row.revokedAt !== null)).toBe(true);
    expect((await request('alivio', 'GET', '/api/v1/user', undefined, authorization)).statusCode).toBe(401);
    expect((await request('alivio', 'POST', '/api/v1/token/refresh', { refreshToken })).statusCode).toBe(401);
    expect(
      (await request('alivio', 'POST', '/api/v1/login', { email: body.email, password: body.password })).statusCode,
    ).toBe(400);
    // Nor with the placeholder address: a disowned account is no closure that a login cancels.
    expect(
      (await request('alivio', 'POST', '/api/v1/login', { email: account.email, password: body.password })).statusCode,
    ).toBe(400);

    // Used twice: the second is refused.
    await expectRefused({ n, s }, answer.userId);
  });

  it('lets only one of two simultaneous uses through', async () => {
    const { answer, n, s } = await enrol();
    const answers = await Promise.all([notMe({ n, s }), notMe({ n, s })]);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 410]);
    expect(
      await t.database.db
        .select()
        .from(auditEvent)
        .where(and(eq(auditEvent.subject, `user:${answer.userId}`), eq(auditEvent.action, 'enrolment-disowned'))),
    ).toHaveLength(1);
  });

  it('expires 30 days after the welcome mail', async () => {
    const early = await enrol();
    const late = await enrol();
    clock.advance(NOT_ME_LINK_TTL_MS - 60_000);
    expect((await notMe(early)).statusCode).toBe(200);
    clock.advance(60_000);
    await expectRefused(late, late.answer.userId);
    expect((await accountOf(late.answer.userId)).status).toBe('CONFIRMED');
  });

  it('is refused once the patient changed their login e-mail (the old mailbox can no longer lock them out)', async () => {
    const { body, answer, n, s } = await enrol();
    const newEmail = await askEmailChange(body);
    const confirm = linkParams(String((await lastMail(t, newEmail))?.payload.link));
    expect(
      (await request('alivio', 'POST', '/api/v1/account/email/confirm', { n: confirm.n, s: confirm.s })).statusCode,
    ).toBe(200);
    await expectRefused({ n, s }, answer.userId);
    expect((await accountOf(answer.userId)).email).toBe(newEmail);
    await login('alivio', newEmail, String(body.password));
  });

  it('still works while an e-mail change is only asked for, and that change can no longer be confirmed', async () => {
    const { body, answer, n, s } = await enrol();
    const newEmail = await askEmailChange(body);
    expect((await notMe({ n, s })).statusCode).toBe(200);
    const confirm = linkParams(String((await lastMail(t, newEmail))?.payload.link));
    const late = await request('alivio', 'POST', '/api/v1/account/email/confirm', { n: confirm.n, s: confirm.s });
    expect(late.statusCode).toBe(410);
    expect((await accountOf(answer.userId)).email).toBe(`disowned-${answer.userId}@disowned.invalid`);
  });

  it('is refused once the patient changed their password', async () => {
    const { body, answer, n, s } = await enrol();
    const authorization = await login('alivio', String(body.email), String(body.password));
    const changed = await request(
      'alivio',
      'POST',
      '/api/v1/account/password',
      { currentPassword: body.password, newPassword: 'Otra-clave-segura-7' },
      authorization,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    await expectRefused({ n, s }, answer.userId);
    await login('alivio', String(body.email), 'Otra-clave-segura-7');
  });

  it('refuses forged links and a link of another program (the same address enrolled in both), which stays usable on its own', async () => {
    const email = uniqueEmail();
    const mine = await enrol(alivioBody({ email }));
    const other = await enrol(pielBody({ email }), 'piel');
    const flipped = `${mine.s.slice(0, -2)}${mine.s.endsWith('AA') ? 'BB' : 'AA'}`;
    await expectRefused({ n: mine.n, s: flipped }, mine.answer.userId);
    await expectRefused({ n: mine.n, s: t.config.signingKeys.sign('recovery-link', mine.n) }, mine.answer.userId);
    const unknown = Buffer.from(randomUUID().replaceAll('-', '').repeat(2), 'hex').toString('base64url').slice(0, 32);
    await expectRefused({ n: unknown, s: t.config.signingKeys.sign('not-me-link', unknown) }, mine.answer.userId);
    // alivio's link on piel's host names no account of piel's pool, and disables neither.
    await expectRefused({ n: mine.n, s: mine.s }, other.answer.userId, 'piel');
    expect((await accountOf(mine.answer.userId)).status).toBe('CONFIRMED');
    expect((await notMe({ n: 'short', s: mine.s })).statusCode).toBe(400);

    expect((await notMe(mine)).statusCode).toBe(200);
    const piel = await accountOf(other.answer.userId);
    expect(piel).toMatchObject({ status: 'CONFIRMED', email });
  });

  it('frees the address, the identification and the caregiver: the real patient enrols with all three', async () => {
    const caregiverNumber = cedula();
    const body = alivioBody({
      ...alivioMinor(),
      caregiver: alivioCaregiver(caregiverNumber),
    });
    const { answer, n, s } = await enrol(body);
    const identification = body.identification as { type: string; number: string };
    const check = () =>
      request(
        'alivio',
        'GET',
        `/api/v1/plan/101/patient/identification/${identification.number}/type/${identification.type}/country/CR/check`,
      );
    expect((await check()).json()).toMatchObject({ data: { registered: true } });
    const refused = await request('alivio', 'POST', '/api/v1/patient/signup', {
      ...body,
      email: uniqueEmail(),
      idempotencyKey: randomUUID(),
    });
    expect(refused.statusCode).toBe(409);

    expect((await notMe({ n, s })).statusCode).toBe(200);
    expect(await t.database.db.select().from(caregiver).where(eq(caregiver.patientId, answer.patientId))).toEqual([]);
    expect((await check()).json()).toMatchObject({ data: { registered: false } });
    const real = await request('alivio', 'POST', '/api/v1/patient/signup', { ...body, idempotencyKey: randomUUID() });
    expect(real.statusCode, real.body).toBe(201);
    const realAnswer = SignupResponseSchema.parse(real.json()).data;
    expect(realAnswer.userId).not.toBe(answer.userId);
    await login('alivio', String(body.email), String(body.password));
    expect((await check()).json()).toMatchObject({ data: { registered: true } });
  });

  it('is erased by the purge when its erasure date comes, not before; the real enrolment with its address keeps its mails', async () => {
    const { body, answer, n, s } = await enrol();
    expect((await notMe({ n, s })).statusCode).toBe(200);
    const db = t.database.db;
    // The disowned enrolment's mails moved to its placeholder address; none is left on the real one.
    const placeholder = `disowned-${answer.userId}@disowned.invalid`;
    expect((await db.select().from(outbox).where(eq(outbox.recipient, placeholder))).length).toBeGreaterThan(0);
    expect(
      await db
        .select()
        .from(outbox)
        .where(eq(outbox.recipient, String(body.email))),
    ).toEqual([]);
    const real = await enrol(alivioBody({ email: body.email, identification: body.identification }));
    const realMails = await db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, String(body.email)));
    expect(realMails.length).toBeGreaterThan(0);

    await purgeClosedAccounts(db, new Date(clock().getTime() + 30 * DAY_MS - 1));
    expect((await accountOf(answer.userId)).erasedAt).toBeNull();
    expect((await db.select().from(patient).where(eq(patient.userId, answer.userId)))[0]?.firstName).toBe('Lucía');

    const due = new Date(clock().getTime() + 30 * DAY_MS);
    expect((await purgeClosedAccounts(db, due)).erased).toBeGreaterThanOrEqual(1);
    const erased = await accountOf(answer.userId);
    expect(erased).toMatchObject({ email: tombstoneEmail(answer.userId), erasedAt: due, passwordHash: '!' });
    const [row] = await db.select().from(patient).where(eq(patient.userId, answer.userId));
    expect(row).toMatchObject({ firstName: 'ERASED', status: 'ERASED', phoneNumber: null, address: null });
    expect(row!.legalIdentification).not.toBe((body.identification as { number: string }).number);
    expect(await db.select().from(outbox).where(eq(outbox.recipient, placeholder))).toEqual([]);
    expect(await db.select().from(enrolmentNotMeLink).where(eq(enrolmentNotMeLink.userId, answer.userId))).toEqual([]);
    // The real enrolment is untouched: its account, its patient, its mails.
    expect(await accountOf(real.answer.userId)).toMatchObject({
      status: 'CONFIRMED',
      email: body.email,
      erasedAt: null,
    });
    expect(
      await db
        .select()
        .from(outbox)
        .where(eq(outbox.recipient, String(body.email))),
    ).toEqual(realMails);
    await login('alivio', String(body.email), String(body.password));
    expect((await purgeClosedAccounts(db, due)).erased).toBe(0);
  });
});
