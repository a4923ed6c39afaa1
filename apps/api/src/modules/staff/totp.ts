// The authenticator's codes (RFC 6238 with the otpauth library): SHA-1, 6 digits, 30-second steps, as every
// authenticator app reads an `otpauth://` URI. A code is accepted for the current step and one step either side (a
// phone's clock a little off), never further, and always at the app's clock, so tests move time instead of waiting.
import { Secret, TOTP } from 'otpauth';

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_S = 30;
/** Steps accepted either side of the current one. */
export const TOTP_WINDOW_STEPS = 1;
/** The issuer an authenticator app shows beside the account. */
const ISSUER = 'Portal staff';

function totpOf(base32: string, label = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(base32),
  });
}

/** A fresh secret (160 bits, RFC 4226's recommendation) as base32, and its URI for a QR code. */
export function newTotpSecret(email: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, email).toString() };
}

/** The time step of an instant. */
export function totpStepOf(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_S);
}

/** The step the code belongs to, within the window around `now`; undefined when it matches none. */
export function matchTotpCode(base32: string, code: string, now: Date): number | undefined {
  const delta = totpOf(base32).validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW_STEPS });
  return delta === null ? undefined : totpStepOf(now) + delta;
}

/** The code of an instant (tests, and a console's "what my authenticator should show" never). */
export function totpCodeAt(base32: string, at: Date): string {
  return totpOf(base32).generate({ timestamp: at.getTime() });
}
