import fc from 'fast-check';
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
    expect(safeNextPath('/en/benefits/abc?activateDiscountCode=true', ORIGIN)).toBe(
      '/en/benefits/abc?activateDiscountCode=true',
    );
  });

  it.each([
    'https://evil.example/home',
    '//evil.example/home',
    '/\\evil.example',
    'javascript:alert(1)',
    'home',
    '',
    null,
    '/ok\nSet-Cookie: x',
    '/..//evil.example',
    '/./\\evil.example',
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '/%5Cevil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/%2E%2E//evil.example',
    '/.%2e//evil.example',
    '/a/../..//evil.example',
    '/%09/evil.example',
  ])('refuses %s', (next) => {
    expect(safeNextPath(next, ORIGIN)).toBeUndefined();
  });

  it('keeps every answer on the portal: one leading slash, resolving to the same origin (property)', () => {
    // Paths assembled from the pieces that open redirects are made of, plus arbitrary text.
    const piece = fc.oneof(
      fc.constantFrom(
        '/',
        '//',
        '\\',
        '.',
        '..',
        '%2F',
        '%2f',
        '%5C',
        '%2E',
        '%2e',
        '%09',
        '%00',
        '\t',
        '\n',
        '\r',
        '\u0000',
        ' ',
        '@',
        ':',
        '?',
        '#',
        '&',
        '=',
        '%',
      ),
      fc.constantFrom(
        'evil.example',
        'http:',
        'https:',
        'javascript:',
        'alivio.localhost:3000',
        'home',
        'en',
        '\u3002',
        '\uff0f',
        '\u2215',
      ),
      fc.string({ maxLength: 4 }),
    );
    const candidate = fc.oneof(
      fc.array(piece, { maxLength: 12 }).map((parts) => `/${parts.join('')}`),
      fc.array(piece, { maxLength: 12 }).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(candidate, (next) => {
        const result = safeNextPath(next, ORIGIN);
        if (result === undefined) return;
        expect(result.startsWith('/')).toBe(true);
        expect(result.startsWith('//')).toBe(false);
        expect(new URL(result, ORIGIN).origin).toBe(ORIGIN);
        // Used again as a base-relative reference (as the router does), it stays put.
        expect(safeNextPath(result, ORIGIN)).toBe(result);
      }),
      { numRuns: 5000 },
    );
  });

  it('builds the login path with next and the session-expired reason', () => {
    expect(loginPathFor('en', '/en/profile?tab=1', 'session-expired')).toBe(
      '/en/login?next=%2Fen%2Fprofile%3Ftab%3D1&ref=session-expired',
    );
    expect(loginPathFor('es', '/home')).toBe('/login?next=%2Fhome');
  });
});
