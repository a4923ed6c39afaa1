import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { lockedMinutesOf, loginErrorKey } from './login-form.tsx';

const refusal = (status: number, code: string, details?: Record<string, unknown>) =>
  new ApiError(status, { error: { code, message: 'x', ...(details ? { details } : {}) } });

describe('login refusals', () => {
  it('explains each refusal of spec section 8', () => {
    expect(loginErrorKey(refusal(400, 'NotAuthorizedException', { reason: 'INVALID_CREDENTIALS' }))).toBe(
      'login.errors.notAuthorized',
    );
    expect(loginErrorKey(refusal(400, 'NotAuthorizedException', { reason: 'LOCKED', retryAfterSeconds: 4 }))).toBe(
      'login.errors.locked',
    );
    expect(loginErrorKey(refusal(400, 'UserNotConfirmedException'))).toBe('login.errors.notConfirmed');
    expect(loginErrorKey(refusal(429, 'RATE_LIMITED'))).toBe('login.errors.rateLimited');
  });

  it('asks for a moment when too many logins are being checked, and says when the service is down', () => {
    expect(loginErrorKey(refusal(503, 'SERVICE_UNAVAILABLE', { reason: 'BUSY', retryAfterSeconds: 2 }))).toBe(
      'login.errors.busy',
    );
    expect(loginErrorKey(refusal(503, 'SERVICE_UNAVAILABLE'))).toBe('errors.serviceUnavailable');
  });

  it('says "we cannot sign in right now" for anything else', () => {
    expect(loginErrorKey(refusal(500, 'INTERNAL'))).toBe('login.errors.generic');
    expect(loginErrorKey(new ApiError(0, {}))).toBe('login.errors.generic');
    expect(loginErrorKey(new Error('boom'))).toBe('login.errors.generic');
  });

  it('says for how many whole minutes a login stays locked', () => {
    const locked = (seconds: number) =>
      refusal(400, 'NotAuthorizedException', { reason: 'LOCKED', retryAfterSeconds: seconds });
    expect(lockedMinutesOf(locked(60))).toBe(1);
    expect(lockedMinutesOf(locked(61))).toBe(2);
    expect(lockedMinutesOf(locked(30))).toBe(1);
    expect(lockedMinutesOf(locked(900))).toBe(15);
    expect(lockedMinutesOf(new Error('boom'))).toBe(1);
  });
});
