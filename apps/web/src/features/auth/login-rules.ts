// The login form's checks, by hand: the contract's LoginBodySchema (zod) would bring all of zod onto the login route
// (decision 021). Same rules, messages and output as the schema; login-rules.test.ts holds them to it, and
// the server still parses the body with the full contract.
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { LoginBody } from '@portal/contracts/identity';
import {
  hasForbiddenControlCharacter,
  TEXT_CONTROL_CHARACTERS_MESSAGE,
  TEXT_TOO_LONG_MESSAGE,
} from '@portal/contracts/text-rules';

const EMAIL_MAX = 254;
/**
 * zod's e-mail pattern (`z.regexes.email`, which EmailSchema checks), written out: importing it from zod brings zod's
 * whole list of patterns onto the login route (1.2 KB gzip). login-rules.test.ts holds it equal to zod's.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
const PASSWORD_MAX = 1024;

/** The message key of the first rule a field breaks, as LoginBodySchema reports it. */
export function loginFieldError(field: keyof LoginBody, raw: string): string | undefined {
  if (field === 'email') {
    const value = raw.trim();
    if (hasForbiddenControlCharacter(value)) return TEXT_CONTROL_CHARACTERS_MESSAGE;
    if (value.length > EMAIL_MAX) return 'login.email.invalid';
    if (value.length === 0) return 'login.email.required';
    return EMAIL_PATTERN.test(value) ? undefined : 'login.email.invalid';
  }
  if (hasForbiddenControlCharacter(raw)) return TEXT_CONTROL_CHARACTERS_MESSAGE;
  if (raw.length > PASSWORD_MAX) return TEXT_TOO_LONG_MESSAGE;
  return raw.length === 0 ? 'login.password.required' : undefined;
}

/** What LoginBodySchema outputs: the e-mail trimmed and lower-cased, the password as typed. */
export function loginBodyOf(values: LoginBody): LoginBody {
  return { email: values.email.trim().toLowerCase(), password: values.password };
}

export const LOGIN_FIELDS = ['email', 'password'] as const;

/** Each field's first broken rule (its message key), in the form's order; empty when the body is valid. */
export function loginErrors(values: LoginBody): Partial<Record<keyof LoginBody, string>> {
  const errors: Partial<Record<keyof LoginBody, string>> = {};
  for (const field of LOGIN_FIELDS) {
    const message = loginFieldError(field, values[field] ?? '');
    if (message) errors[field] = message;
  }
  return errors;
}

/** The same checks as a react-hook-form resolver (the login form itself has no form library: decision 023). */
export const loginResolver: Resolver<LoginBody> = (values) => {
  const errors: FieldErrors<LoginBody> = {};
  for (const [field, message] of Object.entries(loginErrors(values)))
    errors[field as keyof LoginBody] = { type: 'validate', message };
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values: loginBodyOf(values), errors: {} };
};
