// The bound on password hashes waiting (decision 043): past it, the calls that hash answer 503 with Retry-After at
// once, for a known e-mail and an unknown one alike, instead of queuing behind a flood.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorBodySchema } from '@portal/contracts/errors';
import { DEMO_PASSWORD, demoEmail } from '../../db/demo-seed.ts';
import { createPasswordHashing, HASHING_RETRY_AFTER_S } from '../../platform/passwords.ts';
import { createTestApp, hostOf, TEST_DB, type TestApp } from '../../test/app.ts';
import { alivioBody } from '../../test/signup-bodies.ts';

// No hashing thread: whatever is admitted waits, so "N hashes wait" needs no timing. Two places.
const passwords = createPasswordHashing({ threads: 0, maxWaiting: 2 });
let t: TestApp;
let ipCounter = 0;
const nextIp = () => `10.43.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_PER_MINUTE: '1000', SIGNUP_PER_MINUTE: '1000' }, { passwords });
});
afterAll(async () => {
  await passwords.close();
  await t.close();
});

function login(email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    headers: { host: hostOf('alivio') },
    remoteAddress: nextIp(),
    payload: { email, password },
  });
}

function expectBusy(response: Awaited<ReturnType<typeof login>>) {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.headers['retry-after']).toBe(String(HASHING_RETRY_AFTER_S));
  expect(ErrorBodySchema.parse(response.json()).error).toMatchObject({
    code: 'SERVICE_UNAVAILABLE',
    message: 'errors.serviceUnavailable',
    details: { reason: 'BUSY', retryAfterSeconds: HASHING_RETRY_AFTER_S },
  });
}

describe(`password hashes waiting are bounded (${TEST_DB})`, () => {
  it('lets two logins wait, then refuses the next at once with 503 and Retry-After, for any e-mail', async () => {
    // A known account and an unknown e-mail take a place each: the same work, and the same place in the queue.
    const known = login(demoEmail('alivio'), DEMO_PASSWORD);
    const unknown = login('nobody-here@test.example', 'Not-the-password-9');
    // A loaded machine may take more than vi.waitFor's default second to bring both calls to the queue.
    await vi.waitFor(() => expect(passwords.stats().waiting).toBe(2), { timeout: 15_000 });

    expectBusy(await login(demoEmail('alivio'), DEMO_PASSWORD));
    expectBusy(await login('nobody-else@test.example', 'Not-the-password-9'));

    // Sign-up hashes the chosen password: refused the same way, before anything is written.
    const body = alivioBody();
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/patient/signup',
      headers: { host: hostOf('alivio') },
      remoteAddress: nextIp(),
      payload: body,
    });
    expectBusy(signup);
    const check = await t.app.inject({
      method: 'GET',
      url: `/api/v1/cognito/check?email=${encodeURIComponent(String(body.email))}`,
      headers: { host: hostOf('alivio') },
      remoteAddress: nextIp(),
    });
    expect(check.json()).toEqual({ data: { exists: false } });
    expect(passwords.stats().waiting).toBe(2);

    // Pages are answered while the hashing is full: they never wait for it.
    const page = await t.app.inject({ url: '/api/v1/resource/features', headers: { host: hostOf('alivio') } });
    expect(page.statusCode).toBe(200);

    // Closing the pool refuses what waited, as busy.
    await passwords.close();
    expectBusy(await known);
    expectBusy(await unknown);
  });
});
