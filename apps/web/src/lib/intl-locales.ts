// The portal's own locales, answered without V8's list of every locale (decision 028).
//
// formatjs asks `Intl.NumberFormat.supportedLocalesOf` (and DateTimeFormat's) for every formatter it builds: react-intl's
// createIntl checks that the locale has data, and each IntlMessageFormat resolves its locale with it. The first
// question makes V8 load ICU's number and date data and list every locale it has: 40–100 ms on a desktop, four times
// that on a mid-range phone, inside the first render, for a page (the login) that formats no number and no date.
// formatjs uses the answer only for a warning (createIntl) and to pick the locale it then builds anyway
// (resolveLocale gives the same Intl.Locale either way), and it only ever asks about the portal's own two locales,
// which every browser's ICU has. So the answer for those two is given here, without ICU.

/** The locales react-intl is given (program-context.tsx). */
export const INTL_LOCALES = { es: 'es-419', en: 'en-US' } as const;

const OWN: ReadonlySet<string> = new Set(Object.values(INTL_LOCALES));

type LocaleCheck = (locales?: string | readonly string[], options?: { localeMatcher?: string }) => string[];

/**
 * Makes `supportedLocalesOf` answer a question about exactly one of the portal's locales, with no options, as the
 * browser would (`[locale]`) without asking ICU; anything else goes to the browser as before.
 */
export function answerOwnLocalesDirectly(): void {
  for (const service of [Intl.NumberFormat, Intl.DateTimeFormat]) {
    if ((service.supportedLocalesOf as { portalOwn?: true }).portalOwn) continue;
    const listed = service.supportedLocalesOf.bind(service) as LocaleCheck;
    const check: LocaleCheck = (locales, options) => {
      const locale = typeof locales === 'string' ? locales : locales?.length === 1 ? locales[0] : undefined;
      return locale !== undefined && OWN.has(locale) && options === undefined ? [locale] : listed(locales, options);
    };
    Object.defineProperty(check, 'portalOwn', { value: true });
    Object.defineProperty(service, 'supportedLocalesOf', { value: check, writable: true, configurable: true });
  }
}
