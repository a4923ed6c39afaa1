// Route patterns (spec section 2) next to their link builders, and the language-prefix rules.
import { DEFAULT_LANGUAGE, type Language } from '@portal/contracts/enums';

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
  coupon: '/coupon',
  emailConfirm: '/email/confirm',
} as const;

/** The language a path is written in: `/en/...` is English, anything else Spanish (the default). */
export function languageOfPath(pathname: string): Language {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : DEFAULT_LANGUAGE;
}

/** The path without its language prefix (always starts with '/'). */
export function stripLanguage(pathname: string): string {
  if (pathname === '/en') return '/';
  return pathname.startsWith('/en/') ? pathname.slice(3) : pathname;
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
 * The same-origin path (path, query, hash) that `next` names, or undefined when it is absent or
 * points anywhere else (other origins, protocol-relative '//host', backslash tricks, javascript:).
 */
export function safeNextPath(next: string | null | undefined, origin: string): string | undefined {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return undefined;
  if (/[\u0000-\u001f\\]/.test(next)) return undefined;
  try {
    const url = new URL(next, origin);
    if (url.origin !== new URL(origin).origin) return undefined;
    return `${url.pathname}${url.search}${url.hash}`;
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
