import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginWithHomeResponseSchema } from '@portal/contracts/way-in';
import { DEMO_PASSWORD, demoEmail } from '../../db/demo-seed.ts';
import { createTestApp, hostOf, TEST_DB, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_PER_MINUTE: '1000' });
});
afterAll(async () => t.close());

const get = (slug: string, url: string, accessToken: string) =>
  t.app.inject({ url, headers: { host: hostOf(slug), authorization: `Bearer ${accessToken}` } });

describe(`the login's answer carries the home's first answers (decision 088, ${TEST_DB})`, () => {
  it.each(['alivio', 'piel'])('answers, for %s, the very answers of the calls the home makes first', async (slug) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { host: hostOf(slug) },
      remoteAddress: '10.8.0.1',
      payload: { email: demoEmail(slug), password: DEMO_PASSWORD },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { AccessToken, home } = LoginWithHomeResponseSchema.parse(response.json()).data;
    expect(home?.user?.email).toBe(demoEmail(slug));
    // Each is what its own call answers the new session, field for field.
    const calls = {
      user: '/api/v1/user?expand=USER,PERIOD,CAREGIVER',
      treatments: '/api/v1/treatments',
      consents: '/api/v1/consents',
    } as const;
    for (const [name, url] of Object.entries(calls)) {
      const own = await get(slug, url, AccessToken);
      expect(own.statusCode).toBe(200);
      expect(JSON.parse(response.body).data.home[name], name).toEqual(own.json().data);
    }
  });

  it('carries nothing of the home with a refused login', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { host: hostOf('alivio') },
      remoteAddress: '10.8.0.2',
      payload: { email: demoEmail('alivio'), password: 'not-the-password' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).not.toHaveProperty('data');
  });
});
