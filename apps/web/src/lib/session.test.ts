import { describe, expect, it, vi } from 'vitest';
import { languageOfSession, PATIENT_DEVICE_DATA_PREFIX, sessionStore, subjectOfSession } from './session.ts';

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

describe('what a patient keeps on the device', () => {
  const rosa = sessionWith({ sub: 'rosa' });
  const kept = `${PATIENT_DEVICE_DATA_PREFIX}discount-codes`;

  it('goes when the session ends', () => {
    sessionStore.set(rosa);
    localStorage.setItem(kept, '{}');
    localStorage.setItem('portal.language', 'en');
    sessionStore.clear();
    expect(localStorage.getItem(kept)).toBeNull();
    expect(localStorage.getItem('portal.language')).toBe('en');
  });

  it('stays while the same account renews its tokens, and goes when another account signs in', () => {
    sessionStore.set(rosa);
    localStorage.setItem(kept, '{}');
    sessionStore.set({ ...sessionWith({ sub: 'rosa' }), accessToken: 'renewed' });
    expect(localStorage.getItem(kept)).toBe('{}');
    sessionStore.set(sessionWith({ sub: 'jorge' }));
    expect(localStorage.getItem(kept)).toBeNull();
    expect(subjectOfSession(sessionStore.get())).toBe('jorge');
  });

  it('goes when another tab signed another account in', () => {
    sessionStore.set(rosa);
    localStorage.setItem(kept, '{}');
    localStorage.setItem('portal.session', JSON.stringify(sessionWith({ sub: 'jorge' })));
    sessionStore.reload();
    expect(localStorage.getItem(kept)).toBeNull();
    sessionStore.clear();
  });
});

describe('why the session ended', () => {
  it('survives a reload of the tab: a 401 just before it still says the session expired', async () => {
    sessionStore.set(sessionWith({ sub: 'rosa' }));
    sessionStore.clear('expired');
    vi.resetModules();
    const reloaded = await import('./session.ts');
    expect(reloaded.sessionStore.get()).toBeNull();
    expect(reloaded.sessionStore.endReason).toBe('expired');
    // A new session forgets it; a logout says logout.
    reloaded.sessionStore.set(sessionWith({ sub: 'rosa' }));
    vi.resetModules();
    expect((await import('./session.ts')).sessionStore.endReason).toBeUndefined();
    reloaded.sessionStore.clear();
    vi.resetModules();
    expect((await import('./session.ts')).sessionStore.endReason).toBeUndefined();
  });
});
