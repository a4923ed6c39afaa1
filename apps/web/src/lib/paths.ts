// Route patterns (spec section 2) next to their link builders, and the language-prefix rules.
import { DEFAULT_LANGUAGE, type Language } from '@portal/contracts/enum-lists';

export const paths = {
  home: '/home',
  learning: (condition?: string, lesson?: string) => ['/learning', condition, lesson].filter(Boolean).join('/'),
  treatments: '/treatments',
  treatmentsNew: '/treatments/new',
  caregiverAdd: '/caregiver/add',
  purchases: (idProduct: string | number) => `/purchases/${idProduct}`,
  redemptions: (product?: string) => (product ? `/redemptions/${product}` : '/redemptions'),
  redemptionsMenu: (product: string) => `/redemptions/${product}/menu`,
  benefits: (product?: string) => (product ? `/benefits/${product}` : '/benefits'),
  couponCode: (product: string) => `/benefits/${product}/coupon-code`,
  booking: (idBenefit: number) => `/benefit/${idBenefit}/booking`,
  profile: '/profile',
  login: '/login',
  passwordForgot: '/password/forgot',
  passwordRecover: '/password/recover',
  logout: '/logout',
  signup: '/signup',
  signupNotMe: '/signup/not-me',
  coupon: '/coupon',
  emailConfirm: '/email/confirm',
} as const;

/** The language a path is written in: `/en/...` is English, anything else Spanish (the default). */
export function languageOfPath(pathname: string): Language {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : DEFAULT_LANGUAGE;
}

/** The path without its language prefix, `/en` or the redundant `/es` (always starts with '/'). */
export function stripLanguage(pathname: string): string {
  if (pathname === '/en' || pathname === '/es') return '/';
  return pathname.startsWith('/en/') || pathname.startsWith('/es/') ? pathname.slice(3) : pathname;
}

/** Routes that take no language prefix. */
export function isUnprefixedRoute(pathname: string): boolean {
  return /^\/benefit\/[^/]+\/booking\/?$/.test(pathname);
}

/** Writes a prefix-free path in a language: es has no prefix, en has /en. */
export function pathInLanguage(language: Language, path: string): string {
  const bare = stripLanguage(path);
  if (language === DEFAULT_LANGUAGE || isUnprefixedRoute(bare)) return bare;
  return bare === '/' ? '/en' : `/en${bare}`;
}

/**
 * The same-origin path (path, query, hash) that `next` names, or undefined when it is absent or could
 * point anywhere else: other origins, protocol-relative '//host', backslashes (browsers read them as '/'),
 * control characters (the URL parser drops tabs and newlines, so '/\t/host' would become '//host'),
 * encoded slashes, backslashes, dots and controls (a later decode could turn them into any of those), and
 * dot segments that collapse into '//host' ('/..//host'). The answer always starts with exactly one '/'.
 */
export function safeNextPath(next: string | null | undefined, origin: string): string | undefined {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return undefined;
  if (/[\u0000-\u001f\u007f\\]/.test(next) || /%(?:2f|5c|2e|[01][0-9a-f]|7f)/i.test(next)) return undefined;
  try {
    const base = new URL(origin);
    const url = new URL(next, base);
    if (url.origin !== base.origin) return undefined;
    const path = `${url.pathname}${url.search}${url.hash}`;
    if (!path.startsWith('/') || path.startsWith('//') || new URL(path, base).origin !== base.origin) return undefined;
    return path;
  } catch {
    return undefined;
  }
}

/** The login path that brings the visitor back to `fullPath` afterwards. */
export function loginPathFor(language: Language, fullPath: string, ref?: 'session-expired'): string {
  const query = new URLSearchParams({ next: fullPath });
  if (ref) query.set('ref', ref);
  return `${pathInLanguage(language, paths.login)}?${query.toString()}`;
}
