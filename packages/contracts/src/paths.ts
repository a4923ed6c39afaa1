// The web's page addresses and their language rules (spec section 2), in one place for both sides: the web routes and
// links with them (apps/web/src/lib/paths.ts), the API serves the pages by them (apps/api/src/web/). Without zod:
// the login route's bundle imports this file (decision 021).
import { DEFAULT_LANGUAGE, type Language } from './enum-lists.ts';

/** Route patterns next to their link builders, without a language prefix. */
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
  /** The page a caregiver's invitation opens: the caregiver sets up their own password (decision 092). */
  caregiverInvitation: '/caregiver/invitation',
  /** The pharmacy counter's screen (decision 060): for a pharmacy's staff, not a patient. */
  pharmacy: '/pharmacy',
  /** The staff console (decision 072): its home, its login, and the page a `staff:add` set-up link opens. */
  staff: '/staff',
  staffLogin: '/staff/login',
  staffSetup: '/staff/setup',
  /** Finding a patient, and one patient's record once opened with a reason (decision 074). */
  staffPatients: (id?: number) => (id === undefined ? '/staff/patients' : `/staff/patients/${id}`),
  /** Pre-registering a patient, and the states of an e-mail's invitations (decision 078). */
  staffPreregister: '/staff/preregister',
  /** The admin's screens (decision 077): the staff members (one member's roles and access log), the pharmacies. */
  staffMembers: (id?: string) => (id === undefined ? '/staff/members' : `/staff/members/${id}`),
  staffPharmacies: '/staff/pharmacies',
  /** The outreach list of agents and nurses (decision 080): who ran out of medicine, and what each call came to. */
  staffOutreach: '/staff/outreach',
  /** The program's figures for its managers (decision 081): counts, suppressed when small; no one's data. */
  staffFigures: '/staff/figures',
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
 * The pages the server renders with the web's own components (decision 029), each with its language: the login
 * screen, without a query. The web's server entry renders them; the API sends their HTML.
 */
export const SERVER_RENDERED_PATHS: Readonly<Record<string, Language>> = {
  [paths.login]: DEFAULT_LANGUAGE,
  [pathInLanguage('en', paths.login)]: 'en',
};

/** The screens whose page frame (drawn from the HTML before any script) is the login card: login and its "forgot". */
const LOGIN_CARD_SCREENS: ReadonlySet<string> = new Set([paths.login, paths.passwordForgot]);

/** Which frame the HTML of a page path draws before the app runs: the login card, or a page's skeleton. */
export function pageFrameOf(pathname: string): 'login' | 'page' {
  const bare = stripLanguage(pathname);
  const screen = bare.length > 1 && bare.endsWith('/') ? bare.slice(0, -1) : bare;
  return LOGIN_CARD_SCREENS.has(screen) ? 'login' : 'page';
}

/**
 * Whether a page may use the device's camera: the pharmacy counter's, to scan a patient's code (decision 060). The
 * server sends every other page a policy that turns the camera off.
 */
export function usesCamera(pathname: string): boolean {
  const bare = stripLanguage(pathname.split('?')[0] ?? '/');
  return bare === paths.pharmacy || bare === `${paths.pharmacy}/`;
}
