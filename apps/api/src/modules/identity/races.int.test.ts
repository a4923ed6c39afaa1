// The login races: a burst of guesses against the lockout (memory and Redis stores), and two
// tabs refreshing with the same refresh token at once.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@portal/contracts/errors';
import { LoginResponseSchema } from '@portal/contracts/identity';
import { DEMO_PASSWORD, demoEmail } from '../../db/demo-seed.ts';
import { createAccount } from '../../test/accounts.ts';
import { createTestApp, createTestClock, hostOf, TEST_DB, type TestApp } from '../../test/app.ts';
import { createTestRedisServer, type TestRedisServer } from '../../test/redis-server.ts';
import { LOCKOUT_FREE_FAILURES } from '../../platform/lockout.ts';
import { REFRESH_REUSE_GRACE_MS } from './service.ts';

const LIMITS = { LOGIN_PER_MINUTE: '1000', EMAIL_CHECK_PER_MINUTE: '1000', RECOVERY_PER_MINUTE: '1000' };
const BURST = 24;
const reasonOf = (body: unknown) => ErrorBodySchema.parse(body).error.details?.reason;

function login(t: TestApp, email: string, password: string, index = 0) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    headers: { host: hostOf('alivio') },
    remoteAddress: `10.77.0.${index + 1}`,
    payload: { email, password },
  });
}

/**
 * 24 wrong passwords and then the right one, all at once: 5 checked (4 "invalid", the 5th starts the lock and says
 * so), the rest (the right one included) LOCKED.
 */
async function burstAgainstLockout(t: TestApp) {
  const account = await createAccount(t.database.db, 'alivio');
  // Warm up (the program's pool id is read once), so that the burst starts from equal footing.
  await login(t, 'warm-up@nowhere.example', 'bad-password');
  const wrong = Array.from({ length: BURST }, (_, i) => login(t, account.email, `wrong-${i}`, i));
  const right = login(t, account.email, account.password, BURST);
  const answers = await Promise.all([...wrong, right]);
  const reasons = answers.map((answer) => (answer.statusCode === 200 ? 'OK' : reasonOf(answer.json())));
  expect(reasons.filter((reason) => reason === 'INVALID_CREDENTIALS')).toHaveLength(LOCKOUT_FREE_FAILURES - 1);
  expect(reasons.filter((reason) => reason === 'LOCKED')).toHaveLength(BURST + 2 - LOCKOUT_FREE_FAILURES);
  expect(reasons.at(-1)).toBe('LOCKED');
}

/** A right password before the limit gives the reserved slots back: the count starts again. */
async function rightPasswordResets(t: TestApp) {
  const account = await createAccount(t.database.db, 'alivio');
  for (let i = 0; i < LOCKOUT_FREE_FAILURES - 1; i += 1)
    expect(reasonOf((await login(t, account.email, 'bad-password')).json())).toBe('INVALID_CREDENTIALS');
  expect((await login(t, account.email, account.password)).statusCode).toBe(200);
  const again = await Promise.all(
    Array.from({ length: LOCKOUT_FREE_FAILURES }, (_, i) => login(t, account.email, 'bad-password', i)),
  );
  // Counted from zero again: 4 "invalid", and the 5th starts a lock.
  expect(again.map((answer) => reasonOf(answer.json())).sort()).toEqual([
    ...Array<string>(LOCKOUT_FREE_FAILURES - 1).fill('INVALID_CREDENTIALS'),
    'LOCKED',
  ]);
}

describe(`lockout under a burst, memory store (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(LIMITS);
  });
  afterAll(async () => t?.close());

  it(`checks at most ${LOCKOUT_FREE_FAILURES} of ${BURST} simultaneous wrong passwords and refuses the right one after them`, () =>
    burstAgainstLockout(t));
  it('starts counting again after a right password', () => rightPasswordResets(t));
});

describe(`lockout under a burst, Redis store (${TEST_DB})`, () => {
  let redis: TestRedisServer;
  let t: TestApp;
  beforeAll(async () => {
    redis = await createTestRedisServer();
    t = await createTestApp({
      ...LIMITS,
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
    });
  });
  afterAll(async () => {
    await t?.close();
    await redis?.stop();
  });

  it(`checks at most ${LOCKOUT_FREE_FAILURES} of ${BURST} simultaneous wrong passwords and refuses the right one after them`, async () => {
    await burstAgainstLockout(t);
    // The counter is in Redis, not in this instance's memory.
    expect(t.logs()).not.toContain('redis unavailable');
  });
  it('starts counting again after a right password', () => rightPasswordResets(t));
});

describe(`refresh from two tabs at once (${TEST_DB})`, () => {
  const clock = createTestClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(LIMITS, { clock });
  });
  afterAll(async () => t?.close());

  const refresh = (refreshToken: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/token/refresh',
      headers: { host: hostOf('alivio') },
      payload: { refreshToken },
    });
  const getUser = (accessToken: string) =>
    t.app.inject({ url: '/api/v1/user', headers: { host: hostOf('alivio'), authorization: `Bearer ${accessToken}` } });

  it('gives both the same new pair within the grace period, and revokes the session on a reuse after it', async () => {
    // The demo patient: an account with a profile, so that /user answers 200 while the session lives.
    const first = LoginResponseSchema.parse((await login(t, demoEmail('alivio'), DEMO_PASSWORD)).json()).data;
    const [tabA, tabB] = await Promise.all([refresh(first.RefreshToken), refresh(first.RefreshToken)]);
    expect([tabA.statusCode, tabB.statusCode]).toEqual([200, 200]);
    const a = LoginResponseSchema.parse(tabA.json()).data;
    const b = LoginResponseSchema.parse(tabB.json()).data;
    expect(a.RefreshToken).toBe(b.RefreshToken);
    expect(a.RefreshToken).not.toBe(first.RefreshToken);
    expect((await getUser(b.AccessToken)).statusCode).toBe(200);

    // Either tab goes on with the new token.
    clock.advance(10_000);
    const third = await refresh(a.RefreshToken);
    expect(third.statusCode).toBe(200);
    const c = LoginResponseSchema.parse(third.json()).data;

    // The token just rotated is still within its grace period: the same pair again, the session lives.
    const late = await refresh(a.RefreshToken);
    expect(late.statusCode).toBe(200);
    expect(LoginResponseSchema.parse(late.json()).data.RefreshToken).toBe(c.RefreshToken);

    // After the grace period a reuse is taken for theft: the whole session goes.
    clock.advance(REFRESH_REUSE_GRACE_MS + 1_000);
    expect((await refresh(a.RefreshToken)).statusCode).toBe(401);
    expect((await refresh(c.RefreshToken)).statusCode).toBe(401);
    expect((await getUser(c.AccessToken)).statusCode).toBe(401);
  });

  it('still revokes at once a token older than the one just rotated', async () => {
    const account = await createAccount(t.database.db, 'alivio');
    const first = LoginResponseSchema.parse((await login(t, account.email, account.password)).json()).data;
    const second = LoginResponseSchema.parse((await refresh(first.RefreshToken)).json()).data;
    const third = LoginResponseSchema.parse((await refresh(second.RefreshToken)).json()).data;
    expect((await refresh(first.RefreshToken)).statusCode).toBe(401);
    expect((await refresh(third.RefreshToken)).statusCode).toBe(401);
  });
});
