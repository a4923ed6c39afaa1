import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../test/app.ts';

// Real Redis (127.0.0.1:6379 on this kind of machine and in CI): two instances share one counter.
describe(`rate limits shared through Redis (${TEST_DB})`, () => {
  const env = {
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
    CLIENT_LOG_PER_MINUTE: '4',
  };
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    [first, second] = await Promise.all([createTestApp(env), createTestApp(env)]);
  });
  afterAll(async () => Promise.all([first?.close(), second?.close()]));

  it('counts one address across instances', async () => {
    const post = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/log',
        remoteAddress: '10.1.1.1',
        payload: { jsonRawString: JSON.stringify({ level: 'notice', message: 'x' }) },
      });
    const statuses = [];
    for (const t of [first, second, first, second, first, second]) statuses.push((await post(t)).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 429, 429]);
    const limited = await post(first);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
