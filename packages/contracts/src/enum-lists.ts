// The enumerations the browser's entry needs, without zod: every route loads the entry, and a value imported from a
// module that builds zod schemas brings all of zod with it (decision 021). enums.ts re-exports them.
export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

export const LOG_LEVELS = { debug: 1, notice: 2, warning: 3, error: 4, off: 9 } as const;
export type LogLevelName = keyof typeof LOG_LEVELS;
