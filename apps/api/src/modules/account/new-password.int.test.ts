// Decision 041: the profile's change of password refuses a common or breached new password, as the meter does.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginResponseSchema } from '@portal/contracts/identity';
import { createTestApp, TEST_DB, type TestApp } from '../../test/app.ts';
import { callAs, enrolPatient, errorOf, MANY_PATIENTS_ENV } from '../../test/patients.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(MANY_PATIENTS_ENV);
});
afterAll(async () => t.close());

describe(`change password: the new one (${TEST_DB})`, () => {
  it('refuses a common or breached new password, or the login e-mail, on its field with the meter’s message', async () => {
    const who = await enrolPatient(t, 'alivio', { email: `marisol.arias@${randomUUID().slice(0, 8)}.example` });
    for (const newPassword of ['12345678', 'password', 'Password1', 'iloveyou2', 'MarisolArias!']) {
      const response = await callAs(t, who, 'POST', '/api/v1/account/password', {
        currentPassword: who.password,
        newPassword,
      });
      expect(response.statusCode, newPassword).toBe(400);
      expect(errorOf(response.json()), newPassword).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'errors.validation',
        fieldErrors: { newPassword: ['passwordRecovery.newPassword.tooWeak'] },
      });
    }
    const login = (password: string) => callAs(t, who, 'POST', '/api/v1/login', { email: who.email, password });
    expect((await login('Password1')).statusCode).toBe(400);
    expect((await login(who.password)).statusCode).toBe(200);

    const changed = await callAs(t, who, 'POST', '/api/v1/account/password', {
      currentPassword: who.password,
      newPassword: 'Morning-Tide-Harbour-9',
    });
    expect(changed.statusCode).toBe(200);
    const relogin = await login('Morning-Tide-Harbour-9');
    expect(LoginResponseSchema.parse(relogin.json()).data.AccessToken).toBeTruthy();
  });
});
