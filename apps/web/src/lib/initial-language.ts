// The language the app starts in, read before React (boot.ts fetches the texts in it) and by LanguageProvider.
import { LANGUAGES, type Language } from '@portal/contracts/enum-lists';
import { isUnprefixedRoute, languageOfPath } from './paths.ts';

export const LANGUAGE_STORAGE_KEY = 'portal.language';

/** The route's language; on the booking route (no prefix) the stored preference. */
export function initialLanguage(initialPath: string): Language {
  const fromRoute = languageOfPath(initialPath);
  if (isUnprefixedRoute(initialPath)) {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return LANGUAGES.find((language) => language === stored) ?? fromRoute;
  }
  return fromRoute;
}
