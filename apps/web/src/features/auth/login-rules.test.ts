// The hand-written login checks must say what the contract says, for every kind of input.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LoginBodySchema } from '@portal/contracts/identity';
import { EMAIL_PATTERN, loginBodyOf, loginFieldError, loginResolver } from './login-rules.ts';

const emails = [
  '',
  '   ',
  'ana@example.com',
  '  Ana@Example.COM ',
  'ana',
  'ana@',
  'ana@example',
  'a..b@example.com',
  'ana@exa mple.com',
  'ana\u0007@example.com',
  `${'a'.repeat(250)}@example.com`,
  'ñandú@example.com',
  "o'brien+tag@example.co",
];
const passwords = ['', ' ', 'secret', ' spaced secret ', 'tab\there', 'x'.repeat(1024), 'x'.repeat(1025), 'contraseña'];

/** The first issue the contract reports for a field, or undefined when it accepts the field. */
function contractError(field: 'email' | 'password', value: string): string | undefined {
  const body = field === 'email' ? { email: value, password: 'secret' } : { email: 'ana@example.com', password: value };
  const result = LoginBodySchema.safeParse(body);
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('login checks by hand', () => {
  it("writes out zod's e-mail pattern exactly", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
  });

  it.each(emails)('reports what the contract reports for the e-mail %j', (email) => {
    expect(loginFieldError('email', email)).toBe(contractError('email', email));
  });

  it.each(passwords)('reports what the contract reports for the password %j', (password) => {
    expect(loginFieldError('password', password)).toBe(contractError('password', password));
  });

  it('outputs what the contract outputs', () => {
    const values = { email: '  Ana@Example.COM ', password: ' spaced secret ' };
    expect(loginBodyOf(values)).toEqual(LoginBodySchema.parse(values));
  });

  it('gives the form every broken field, and the cleaned values when none is', async () => {
    const refused = await loginResolver({ email: 'ana', password: '' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(refused.errors).toEqual({
      email: { type: 'validate', message: 'login.email.invalid' },
      password: { type: 'validate', message: 'login.password.required' },
    });
    const accepted = await loginResolver({ email: ' ANA@example.com', password: 'pw' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(accepted).toEqual({ values: { email: 'ana@example.com', password: 'pw' }, errors: {} });
  });
});
