import { describe, expect, it } from 'vitest';
import { languageOfSession } from './session.ts';

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const sessionWith = (claims: unknown) => ({
  accessToken: 'a',
  refreshToken: 'r',
  idToken: `${base64url({ alg: 'ES256' })}.${base64url(claims)}.signature`,
});

describe('languageOfSession', () => {
  it('reads the account language from the ID token’s locale claim', () => {
    expect(languageOfSession(sessionWith({ email: 'rosa@test.example', locale: 'en' }))).toBe('en');
    expect(languageOfSession(sessionWith({ locale: 'es' }))).toBe('es');
  });

  it('answers undefined for no session, an unknown locale or a token it cannot read', () => {
    expect(languageOfSession(null)).toBeUndefined();
    expect(languageOfSession(sessionWith({ locale: 'fr' }))).toBeUndefined();
    expect(languageOfSession({ accessToken: 'a', refreshToken: 'r', idToken: 'not-a-token' })).toBeUndefined();
    expect(languageOfSession({ accessToken: 'a', refreshToken: 'r', idToken: 'x.%%%.y' })).toBeUndefined();
  });
});
