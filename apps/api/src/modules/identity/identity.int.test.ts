import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorBodySchema } from '@portal/contracts/errors';
import { LoginResponseSchema, UserResponseSchema } from '@portal/contracts/identity';
import { decodeProtectedHeader } from 'jose';
import { buildApp } from '../../app.ts';
import { identityPool, program, session } from '../../db/schema.ts';
import { DEMO_ENROLLED_DAYS_AGO, DEMO_PASSWORD, demoEmail } from '../../db/demo-seed.ts';
import { createAccount } from '../../test/accounts.ts';
import { createTestApp, createTestClock, hostOf, TEST_DB, type TestApp } from '../../test/app.ts';
import { lastMail, linkParams } from '../../test/outbox.ts';
import { rotatePoolKey } from './keys.ts';
import { REFRESH_REUSE_GRACE_MS } from './service.ts';

const SLUGS = ['alivio', 'piel', 'equilibrio'] as const;
const clock = createTestClock();
let t: TestApp;
let ipCounter = 0;
const nextIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await createTestApp(
    { LOGIN_PER_MINUTE: '1000', EMAIL_CHECK_PER_MINUTE: '1000', RECOVERY_PER_MINUTE: '1000' },
    { clock },
  );
});
afterAll(async () => t.close());
beforeEach(() => clock.advance(60 * 60 * 1000));

function login(slug: string, email: string, password: string, ip = nextIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    headers: { host: hostOf(slug) },
    remoteAddress: ip,
    payload: { email, password },
  });
}
async function tokensOf(slug: string, email: string, password: string) {
  const response = await login(slug, email, password);
  expect(response.statusCode, response.body).toBe(200);
  return LoginResponseSchema.parse(response.json()).data;
}
function getUser(slug: string, accessToken: string) {
  return t.app.inject({
    url: '/api/v1/user?expand=USER,PERIOD,CAREGIVER',
    headers: { host: hostOf(slug), authorization: `Bearer ${accessToken}` },
  });
}
function refresh(slug: string, refreshToken: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/token/refresh',
    headers: { host: hostOf(slug) },
    payload: { refreshToken },
  });
}
function recover(slug: string, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/password/recover',
    headers: { host: hostOf(slug) },
    remoteAddress: nextIp(),
    payload,
  });
}
const codeOf = (body: unknown) => ErrorBodySchema.parse(body).error;

describe(`login and profile (${TEST_DB})`, () => {
  it.each(SLUGS)('logs the demo patient of %s in and answers the profile', async (slug) => {
    const tokens = await tokensOf(slug, demoEmail(slug), DEMO_PASSWORD);
    expect(tokens.ExpiresIn).toBe(900);
    const response = await getUser(slug, tokens.AccessToken);
    expect(response.statusCode).toBe(200);
    const profile = UserResponseSchema.parse(response.json()).data;
    expect(profile.email).toBe(demoEmail(slug));
    expect(profile.userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(profile.birthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(profile.planPatient?.idSupportPlan).toBeGreaterThan(0);
    // The demo is seeded relative to its day (decision 089): enrolled DEMO_ENROLLED_DAYS_AGO days before it.
    const daysAgo = (Date.now() - Date.parse(`${profile.startPeriod}T12:00:00Z`)) / (24 * 60 * 60 * 1000);
    expect(Math.abs(daysAgo - DEMO_ENROLLED_DAYS_AGO)).toBeLessThan(2);
    if (slug === 'alivio') expect(profile.caregiver?.firstName).toBe('Carlos');
    else expect(response.json().data).not.toHaveProperty('caregiver');
  });

  it('accepts the e-mail in any case and with spaces', async () => {
    await tokensOf('piel', `  ${demoEmail('piel').toUpperCase()} `, DEMO_PASSWORD);
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const wrong = await login('alivio', demoEmail('alivio'), 'not-the-password');
    const unknown = await login('alivio', 'nobody@nowhere.example', 'not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(codeOf(wrong.json())).toMatchObject({
      code: 'NotAuthorizedException',
      details: { reason: 'INVALID_CREDENTIALS' },
    });
  });

  it('tells an unconfirmed account apart only when its password is right', async () => {
    const account = await createAccount(t.database.db, 'equilibrio', { status: 'UNCONFIRMED' });
    expect(codeOf((await login('equilibrio', account.email, 'wrong-password')).json()).code).toBe(
      'NotAuthorizedException',
    );
    expect(codeOf((await login('equilibrio', account.email, account.password)).json()).code).toBe(
      'UserNotConfirmedException',
    );
  });

  it('validates the body with documented codes', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: 'not-an-email', password: '' },
    });
    expect(response.statusCode).toBe(400);
    const error = codeOf(response.json());
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fieldErrors).toMatchObject({ email: ['login.email.invalid'], password: ['login.password.required'] });
  });
});

describe(`lockout (${TEST_DB})`, () => {
  it('locks at the 5th failure for 2^(n-5) minutes and says so from that failure on, the same for unknown e-mails', async () => {
    const account = await createAccount(t.database.db, 'alivio');
    for (const email of [account.email, 'ghost@nowhere.example']) {
      for (let i = 0; i < 4; i += 1)
        expect(codeOf((await login('alivio', email, 'bad-password')).json()).details).toEqual({
          reason: 'INVALID_CREDENTIALS',
        });
      // The failure that starts the lock already answers "locked", with how long.
      expect(codeOf((await login('alivio', email, 'bad-password')).json()).details).toEqual({
        reason: 'LOCKED',
        retryAfterSeconds: 60,
      });
      // The right password during the lock gets the same answer, never "invalid".
      const locked = codeOf(
        (await login('alivio', email, email === account.email ? account.password : 'bad-password')).json(),
      );
      expect(locked.code).toBe('NotAuthorizedException');
      expect(locked.details).toEqual({ reason: 'LOCKED', retryAfterSeconds: 60 });
    }
    clock.advance(61_000);
    // After the lock a wrong password is still "locked" (now for 2 minutes): no flipping back to "invalid".
    expect(codeOf((await login('alivio', account.email, 'bad-password')).json()).details).toEqual({
      reason: 'LOCKED',
      retryAfterSeconds: 120,
    });
    clock.advance(90_000);
    expect(codeOf((await login('alivio', account.email, account.password)).json()).details).toEqual({
      reason: 'LOCKED',
      retryAfterSeconds: 30,
    });
    clock.advance(31_000);
    expect((await login('alivio', account.email, account.password)).statusCode).toBe(200);
    // The right password resets the count.
    expect(codeOf((await login('alivio', account.email, 'bad-password')).json()).details).toEqual({
      reason: 'INVALID_CREDENTIALS',
    });
  });

  it('never locks for more than 15 minutes', async () => {
    const account = await createAccount(t.database.db, 'piel');
    for (let i = 0; i < 20; i += 1) {
      await login('piel', account.email, 'bad-password');
      clock.advance(16 * 60 * 1000);
    }
    await login('piel', account.email, 'bad-password');
    expect(codeOf((await login('piel', account.email, account.password)).json()).details).toEqual({
      reason: 'LOCKED',
      retryAfterSeconds: 900,
    });
  });

  it('rate-limits login attempts per e-mail strictly and per address loosely (shared addresses)', async () => {
    const limited = await createTestApp({ LOGIN_PER_MINUTE: '3', RATE_LIMIT_ADDRESS_FACTOR: '2' });
    const attempt = (email: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        remoteAddress: '10.50.0.1',
        payload: { email, password: 'not-the-password-1' },
      });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await attempt('a@b.example')).statusCode);
      expect(statuses).toEqual([400, 400, 400, 429]); // 400: NotAuthorizedException, Cognito's status
      // Another patient behind the same address is not locked out by the first one's attempts ...
      expect((await attempt('c@d.example')).statusCode).toBe(400);
      expect((await attempt('e@f.example')).statusCode).toBe(400);
      // ... until the address's own, looser limit (3 x 2 = 6 calls a minute here).
      expect((await attempt('g@h.example')).statusCode).toBe(429);
      // The key is an HMAC of the e-mail, never the e-mail itself.
      expect(limited.logs()).not.toContain('a@b.example');
    } finally {
      await limited.close();
    }
  });
});

describe(`sessions and tokens (${TEST_DB})`, () => {
  it('rotates the refresh token on every use and revokes the family when an old one is reused after the grace period', async () => {
    const first = await tokensOf('alivio', demoEmail('alivio'), DEMO_PASSWORD);
    const second = LoginResponseSchema.parse((await refresh('alivio', first.RefreshToken)).json()).data;
    expect(second.RefreshToken).not.toBe(first.RefreshToken);
    expect((await getUser('alivio', second.AccessToken)).statusCode).toBe(200);
    clock.advance(REFRESH_REUSE_GRACE_MS + 1000); // within the grace period a reuse gets the same pair (races.int.test.ts)
    const reuse = await refresh('alivio', first.RefreshToken);
    expect(reuse.statusCode).toBe(401);
    expect((await refresh('alivio', second.RefreshToken)).statusCode).toBe(401);
    expect((await getUser('alivio', second.AccessToken)).statusCode).toBe(401);
  });

  it('expires a session after 30 idle minutes and after 12 hours in all', async () => {
    const idle = await tokensOf('piel', demoEmail('piel'), DEMO_PASSWORD);
    clock.advance(29 * 60 * 1000);
    const kept = LoginResponseSchema.parse((await refresh('piel', idle.RefreshToken)).json()).data;
    clock.advance(31 * 60 * 1000);
    expect((await refresh('piel', kept.RefreshToken)).statusCode).toBe(401);

    let current = (await tokensOf('piel', demoEmail('piel'), DEMO_PASSWORD)).RefreshToken;
    for (let minutes = 0; minutes < 12 * 60 - 20; minutes += 20) {
      clock.advance(20 * 60 * 1000);
      const response = await refresh('piel', current);
      expect(response.statusCode, `at ${minutes + 20} min`).toBe(200);
      current = LoginResponseSchema.parse(response.json()).data.RefreshToken;
    }
    clock.advance(20 * 60 * 1000);
    expect((await refresh('piel', current)).statusCode).toBe(401);
  });

  it('checks the idle limit when an access token is used, and marks the session used at most once a minute', async () => {
    const tokens = await tokensOf('alivio', demoEmail('alivio'), DEMO_PASSWORD);
    const sessionId = tokens.RefreshToken.split('.')[0]!;
    const lastUsed = async () =>
      (
        await t.database.db.select({ at: session.lastUsedAt }).from(session).where(eq(session.id, sessionId))
      )[0]!.at.getTime();
    const loggedInAt = await lastUsed();
    clock.advance(30 * 1000);
    expect((await getUser('alivio', tokens.AccessToken)).statusCode).toBe(200);
    expect(await lastUsed()).toBe(loggedInAt); // a read within the minute writes nothing
    clock.advance(40 * 1000);
    expect((await getUser('alivio', tokens.AccessToken)).statusCode).toBe(200);
    expect(await lastUsed()).toBe(clock().getTime());
    // Use through the access token keeps the session alive: 34 minutes after login the refresh still works.
    clock.advance(13 * 60 * 1000);
    expect((await getUser('alivio', tokens.AccessToken)).statusCode).toBe(200);
    clock.advance(20 * 60 * 1000);
    const renewed = LoginResponseSchema.parse((await refresh('alivio', tokens.RefreshToken)).json()).data;
    // A session idle for longer than 30 minutes is refused, and ended, even with an unexpired access token.
    await t.database.db
      .update(session)
      .set({ lastUsedAt: new Date(clock().getTime() - 31 * 60 * 1000) })
      .where(eq(session.id, sessionId));
    const idle = await getUser('alivio', renewed.AccessToken);
    expect(idle.statusCode).toBe(401);
    expect(codeOf(idle.json()).code).toBe('UNAUTHENTICATED');
    const [ended] = await t.database.db.select().from(session).where(eq(session.id, sessionId));
    expect(ended?.revokedReason).toBe('idle');
    expect((await refresh('alivio', renewed.RefreshToken)).statusCode).toBe(401);
  });

  it('revokes the session on logout', async () => {
    const tokens = await tokensOf('equilibrio', demoEmail('equilibrio'), DEMO_PASSWORD);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { host: hostOf('equilibrio'), authorization: `Bearer ${tokens.AccessToken}` },
    });
    expect(logout.statusCode).toBe(200);
    expect((await getUser('equilibrio', tokens.AccessToken)).statusCode).toBe(401);
    expect((await refresh('equilibrio', tokens.RefreshToken)).statusCode).toBe(401);
  });

  it('refuses a token of one pool on every other program, for every pair', async () => {
    for (const from of SLUGS) {
      const tokens = await tokensOf(from, demoEmail(from), DEMO_PASSWORD);
      for (const to of SLUGS.filter((slug) => slug !== from)) {
        expect((await getUser(to, tokens.AccessToken)).statusCode, `${from} -> ${to}`).toBe(401);
        expect((await getUser(to, tokens.IdToken)).statusCode).toBe(401);
        expect((await refresh(to, tokens.RefreshToken)).statusCode, `refresh ${from} -> ${to}`).toBe(401);
      }
      expect((await getUser(from, tokens.AccessToken)).statusCode).toBe(200);
    }
  });

  it('refuses tampered, unsigned, id and expired tokens', async () => {
    const tokens = await tokensOf('alivio', demoEmail('alivio'), DEMO_PASSWORD);
    const [header, payload, signature] = tokens.AccessToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-0000-0000-000000000000' })).toString(
      'base64url',
    );
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    for (const token of [
      `${header}.${forged}.${signature}`,
      `${none}.${payload}.`,
      `${header}.${payload}.${signature.slice(0, -4)}AAAA`,
      tokens.IdToken,
      'garbage',
    ]) {
      expect((await getUser('alivio', token)).statusCode).toBe(401);
    }
    expect((await t.app.inject({ url: '/api/v1/user' })).statusCode).toBe(401);
    clock.advance(15 * 60 * 1000 + 1000);
    expect((await getUser('alivio', tokens.AccessToken)).statusCode).toBe(401);
  });

  it('keeps tokens of a rotated key valid and signs new ones with the new key', async () => {
    const before = await tokensOf('piel', demoEmail('piel'), DEMO_PASSWORD);
    const [pool] = await t.database.db
      .select({ id: identityPool.id })
      .from(identityPool)
      .innerJoin(program, eq(program.id, identityPool.programId))
      .where(eq(program.slug, 'piel'));
    await rotatePoolKey(t.database.db, pool!.id, t.config.keyEncryptionSecret);
    // A new instance (as after a deploy) loads the rotated keys from the database.
    const restarted = await buildApp(t.config, { database: t.database, clock });
    try {
      const kidOf = (token: string) => decodeProtectedHeader(token).kid;
      const after = LoginResponseSchema.parse(
        (
          await restarted.inject({
            method: 'POST',
            url: '/api/v1/login',
            headers: { host: hostOf('piel') },
            payload: { email: demoEmail('piel'), password: DEMO_PASSWORD },
          })
        ).json(),
      ).data;
      expect(kidOf(after.AccessToken)).not.toBe(kidOf(before.AccessToken));
      for (const token of [before.AccessToken, after.AccessToken]) {
        expect(
          (
            await restarted.inject({
              url: '/api/v1/user',
              headers: { host: hostOf('piel'), authorization: `Bearer ${token}` },
            })
          ).statusCode,
        ).toBe(200);
      }
    } finally {
      await restarted.close();
    }
  });
});

describe(`e-mail check (${TEST_DB})`, () => {
  it('tells whether the e-mail exists in this program’s pool only', async () => {
    const check = (slug: string, email: string) =>
      t.app.inject({
        url: `/api/v1/cognito/check?email=${encodeURIComponent(email)}`,
        headers: { host: hostOf(slug) },
        remoteAddress: nextIp(),
      });
    expect((await check('alivio', demoEmail('alivio'))).json()).toEqual({ data: { exists: true } });
    expect((await check('piel', demoEmail('alivio'))).json()).toEqual({ data: { exists: false } });
    expect((await check('alivio', 'not-an-email')).statusCode).toBe(400);
  });

  it('is rate-limited hard per address', async () => {
    const limited = await createTestApp({ EMAIL_CHECK_PER_MINUTE: '2' });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i += 1)
        statuses.push(
          (await limited.app.inject({ url: '/api/v1/cognito/check?email=x%40y.example', remoteAddress: '10.60.0.1' }))
            .statusCode,
        );
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe(`password recovery (${TEST_DB})`, () => {
  it('answers the same for unknown e-mails and sends them nothing', async () => {
    const known = await createAccount(t.database.db, 'alivio', { country: 'CR' });
    const a = await recover('alivio', { step: 'request', email: known.email, language: 'es' });
    const b = await recover('alivio', { step: 'request', email: 'unknown-person@nowhere.example', language: 'es' });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    expect(await lastMail(t, 'unknown-person@nowhere.example')).toBeUndefined();
    const mail = await lastMail(t, known.email);
    expect(mail?.kind).toBe('password-reset');
  });

  it('builds the link from configuration, not from the Host header, in the user’s language', async () => {
    const account = await createAccount(t.database.db, 'piel', { country: 'MX' });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/password/recover',
      headers: { host: 'piel.evil.example', 'x-forwarded-host': 'evil.example' },
      payload: { step: 'request', email: account.email, language: 'en' },
    });
    // piel.evil.example still resolves to piel (first label); the link must not carry that host.
    const { url, n, s } = linkParams(String((await lastMail(t, account.email))!.payload.link));
    expect(url.origin).toBe('http://piel.localhost:3000');
    expect(url.pathname).toBe('/en/password/recover');
    expect(n.length).toBeGreaterThanOrEqual(22);
    expect(s.length).toBeGreaterThanOrEqual(43);
  });

  it('resets the password once, revokes every session and sends a notice', async () => {
    const account = await createAccount(t.database.db, 'equilibrio', { country: 'PA' });
    const session = await tokensOf('equilibrio', account.email, account.password);
    await recover('equilibrio', { step: 'request', email: account.email, language: 'es' });
    const { n, s } = linkParams(String((await lastMail(t, account.email))!.payload.link));
    expect((await recover('equilibrio', { step: 'verify', n, s })).json()).toEqual({
      data: { step: 'verify', email: account.email },
    });
    const reset = await recover('equilibrio', { step: 'reset', n, s, password: 'Brand-new-pass-77' });
    expect(reset.json()).toEqual({ data: { step: 'reset', passwordChanged: true } });
    expect((await getUser('equilibrio', session.AccessToken)).statusCode).toBe(401);
    expect((await refresh('equilibrio', session.RefreshToken)).statusCode).toBe(401);
    expect((await login('equilibrio', account.email, account.password)).statusCode).toBe(400);
    expect((await login('equilibrio', account.email, 'Brand-new-pass-77')).statusCode).toBe(200);
    expect((await lastMail(t, account.email))?.kind).toBe('password-changed');
    // A used link says it was used (not that it expired), at the check and at a second reset.
    for (const body of [
      { step: 'verify', n, s },
      { step: 'reset', n, s, password: 'Another-pass-88' },
    ]) {
      const refused = codeOf((await recover('equilibrio', body)).json());
      expect(refused.code).toBe('RECOVERY_LINK_EXPIRED');
      expect(refused.details).toEqual({ reason: 'USED' });
    }
  });

  it('says whether a refused link was replaced by a newer one or expired', async () => {
    const account = await createAccount(t.database.db, 'alivio', { country: 'CR' });
    await recover('alivio', { step: 'request', email: account.email, language: 'es' });
    const first = linkParams(String((await lastMail(t, account.email))!.payload.link));
    await recover('alivio', { step: 'request', email: account.email, language: 'es' });
    const second = linkParams(String((await lastMail(t, account.email))!.payload.link));
    const reasonOf = async (link: { n: string; s: string }) =>
      codeOf((await recover('alivio', { step: 'verify', n: link.n, s: link.s })).json()).details;
    expect(await reasonOf(first)).toEqual({ reason: 'SUPERSEDED' });
    clock.advance(61 * 60 * 1000);
    expect(await reasonOf(second)).toEqual({ reason: 'EXPIRED' });
    // A link of another program's pool, or not signed by us, is simply "expired".
    expect(await reasonOf({ n: second.n, s: `${second.s.slice(0, -2)}xx` })).toEqual({ reason: 'EXPIRED' });
  });

  it('refuses a common or breached new password with the meter’s message and keeps the link usable (decision 041)', async () => {
    const account = await createAccount(t.database.db, 'alivio', {
      country: 'CR',
      email: 'lucia.zeledon@test.example',
    });
    await recover('alivio', { step: 'request', email: account.email, language: 'es' });
    const { n, s } = linkParams(String((await lastMail(t, account.email))!.payload.link));
    for (const password of ['12345678', 'password', 'Password1', 'P@ssw0rd2026', 'LuciaZeledon1']) {
      const refused = await recover('alivio', { step: 'reset', n, s, password });
      expect(refused.statusCode, password).toBe(400);
      expect(codeOf(refused.json()), password).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'errors.validation',
        fieldErrors: { password: ['passwordRecovery.newPassword.tooWeak'] },
      });
    }
    expect((await recover('alivio', { step: 'reset', n, s, password: 'Orchid-Valley-Morning-7' })).statusCode).toBe(
      200,
    );
    expect((await login('alivio', account.email, 'Orchid-Valley-Morning-7')).statusCode).toBe(200);
  });

  it('accepts a link at 59:59 and refuses it at 60:01', async () => {
    const account = await createAccount(t.database.db, 'alivio', { country: 'CR' });
    for (const [elapsedMs, expected] of [
      [59 * 60 * 1000 + 59_000, 200],
      [60 * 60 * 1000 + 1000, 410],
    ] as const) {
      await recover('alivio', { step: 'request', email: account.email, language: 'es' });
      const { n, s } = linkParams(String((await lastMail(t, account.email))!.payload.link));
      clock.advance(elapsedMs);
      expect((await recover('alivio', { step: 'verify', n, s })).statusCode).toBe(expected);
    }
  });

  it('lets exactly one of 16 simultaneous submissions of a link succeed', async () => {
    const account = await createAccount(t.database.db, 'piel', { country: 'DO' });
    await recover('piel', { step: 'request', email: account.email, language: 'es' });
    const { n, s } = linkParams(String((await lastMail(t, account.email))!.payload.link));
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => recover('piel', { step: 'reset', n, s, password: `Racing-pass-${i}-xyz` })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 410)).toHaveLength(15);
    const winner = results.findIndex((r) => r.statusCode === 200);
    expect((await login('piel', account.email, `Racing-pass-${winner}-xyz`)).statusCode).toBe(200);
  });

  it('supersedes an older link with a newer one', async () => {
    const account = await createAccount(t.database.db, 'alivio', { country: 'PA' });
    await recover('alivio', { step: 'request', email: account.email, language: 'es' });
    const older = linkParams(String((await lastMail(t, account.email))!.payload.link));
    clock.advance(1000);
    await recover('alivio', { step: 'request', email: account.email, language: 'es' });
    const newer = linkParams(String((await lastMail(t, account.email))!.payload.link));
    expect((await recover('alivio', { step: 'verify', n: older.n, s: older.s })).statusCode).toBe(410);
    expect((await recover('alivio', { step: 'verify', n: newer.n, s: newer.s })).statusCode).toBe(200);
  });

  it('refuses a link whose signature does not match, and a link of another program', async () => {
    const account = await createAccount(t.database.db, 'alivio', { country: 'CR' });
    await recover('alivio', { step: 'request', email: account.email, language: 'es' });
    const { n, s } = linkParams(String((await lastMail(t, account.email))!.payload.link));
    const wrongS = `${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await recover('alivio', { step: 'verify', n, s: wrongS })).statusCode).toBe(410);
    expect((await recover('piel', { step: 'verify', n, s })).statusCode).toBe(410);
  });

  it('sends accounts of call-center countries to the call center (PTP00197) with their phones', async () => {
    const account = await createAccount(t.database.db, 'alivio', { country: 'GT' });
    const response = await recover('alivio', { step: 'request', email: account.email, language: 'es' });
    expect(response.statusCode).toBe(409);
    const error = codeOf(response.json());
    expect(error.code).toBe('PTP00197');
    expect(error.details).toMatchObject({
      country: 'GT',
      phones: [{ labelKey: 'phones.callCenter', number: expect.stringMatching(/^\+502/) }],
    });
    expect(await lastMail(t, account.email)).toBeUndefined();
  });

  it('keeps e-mails, passwords and tokens out of the logs', async () => {
    const account = await createAccount(t.database.db, 'piel', { country: 'MX' });
    const tokens = await tokensOf('piel', account.email, account.password);
    await getUser('piel', tokens.AccessToken);
    await t.app.inject({
      url: `/api/v1/cognito/check?email=${encodeURIComponent(account.email)}`,
      headers: { host: hostOf('piel') },
    });
    await recover('piel', { step: 'request', email: account.email, language: 'es' });
    const logs = t.logs();
    for (const secret of [
      account.email,
      encodeURIComponent(account.email),
      account.password,
      tokens.AccessToken,
      tokens.RefreshToken,
    ])
      expect(logs).not.toContain(secret);
  });
});
