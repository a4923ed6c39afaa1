// Business constants of the specification (section 9), each with its unit in its name.
export const PASSWORD_MIN_LENGTH = 8;
export const RECOVERY_LINK_TTL_MS = 60 * 60 * 1000;
/** A pre-registration invitation (signup?v=ppr) stays usable this long; not fixed by the specification. */
export const PREREGISTRATION_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const REDEMPTION_HISTORY_DAYS = 365;
export const PREVENTIVE_OFFER = { buy: 4, free: 1 } as const;
export const SNACKBAR_IMMEDIATE_MS = 1000;
export const SNACKBAR_SHORT_MS = 3000;
export const BREAKPOINTS_PX = {
  mobileMax: 767,
  tabletMin: 768,
  tabletMax: 1024,
  desktopMin: 1025,
  bigDesktopMin: 1600,
} as const;
export const MONEY_DECIMALS = 2;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const APP_VERSION_HEADER = 'x-app-version';
export const ERROR_ID_HEADER = 'x-error-id';
/** Largest accepted body of POST /api/v1/log, in bytes. */
export const CLIENT_LOG_MAX_BYTES = 8 * 1024;
