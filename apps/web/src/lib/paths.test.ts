import { describe, expect, it } from 'vitest';
import { languageOfPath, loginPathFor, pathInLanguage, safeNextPath, stripLanguage } from './paths.ts';

const ORIGIN = 'http://alivio.localhost:3000';

describe('language prefix', () => {
  it('reads es for unprefixed paths and en for /en paths', () => {
    expect(languageOfPath('/home')).toBe('es');
    expect(languageOfPath('/en/home')).toBe('en');
    expect(languageOfPath('/en')).toBe('en');
    expect(languageOfPath('/english')).toBe('es');
  });

  it('adds the prefix for English and removes it for Spanish', () => {
    expect(pathInLanguage('en', '/home')).toBe('/en/home');
    expect(pathInLanguage('es', '/en/home')).toBe('/home');
    expect(pathInLanguage('en', '/en/home')).toBe('/en/home');
    expect(pathInLanguage('en', '/')).toBe('/en');
    expect(stripLanguage('/en/learning/migraine')).toBe('/learning/migraine');
  });

  it('accepts the redundant /es prefix and drops it, without touching paths that only begin with es', () => {
    expect(stripLanguage('/es/login')).toBe('/login');
    expect(stripLanguage('/es')).toBe('/');
    expect(pathInLanguage('es', '/es/treatments/new')).toBe('/treatments/new');
    expect(pathInLanguage('en', '/es/home')).toBe('/en/home');
    expect(stripLanguage('/estado')).toBe('/estado');
  });

  it('never prefixes the booking route', () => {
    expect(pathInLanguage('en', '/benefit/12/booking')).toBe('/benefit/12/booking');
  });
});

describe('next', () => {
  it('keeps same-origin paths with their query', () => {
    expect(safeNextPath('/en/benefits/abc?activateDiscountCode=true', ORIGIN)).toBe('/en/benefits/abc?activateDiscountCode=true');
  });

  it.each(['https://evil.example/home', '//evil.example/home', '/\\evil.example', 'javascript:alert(1)', 'home', '', null, '/ok\nSet-Cookie: x'])(
    'refuses %s',
    (next) => {
      expect(safeNextPath(next, ORIGIN)).toBeUndefined();
    },
  );

  it('builds the login path with next and the session-expired reason', () => {
    expect(loginPathFor('en', '/en/profile?tab=1', 'session-expired')).toBe('/en/login?next=%2Fen%2Fprofile%3Ftab%3D1&ref=session-expired');
    expect(loginPathFor('es', '/home')).toBe('/login?next=%2Fhome');
  });
});
