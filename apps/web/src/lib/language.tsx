// The user's language: taken from the route when the app starts, then changed only by the toggle (or the profile).
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Language } from '@portal/contracts/enum-lists';
import { initialLanguage, LANGUAGE_STORAGE_KEY as STORAGE_KEY } from './initial-language.ts';

interface LanguageState {
  language: Language;
  /** `asPatients`: the signed-in patient switched it (the toggle), so it becomes their profile's and mail's too. */
  setLanguage: (language: Language, options?: { asPatients?: boolean }) => void;
  /** A switch of the signed-in patient's that their profile does not have yet (saved by app/language-follower). */
  languageToSave: Language | null;
  /** The switch was saved (or is no longer to be saved). */
  clearLanguageToSave: () => void;
  /**
   * The reader chose this language: the route named it (`/en`, `/es`) when the app started, or it was set since
   * (the toggle, the profile). False for the default of a path without a prefix: a login then follows the account.
   */
  isLanguageChosen: boolean;
}

const LanguageContext = createContext<LanguageState | null>(null);

export function LanguageProvider({ children, initialPath }: { children: ReactNode; initialPath: string }) {
  const [language, setState] = useState<Language>(() => initialLanguage(initialPath));
  const [isLanguageChosen, setChosen] = useState(() => /^\/(en|es)(\/|$)/.test(initialPath));
  const [languageToSave, setLanguageToSave] = useState<Language | null>(null);
  const setLanguage = useCallback((next: Language, options: { asPatients?: boolean } = {}) => {
    localStorage.setItem(STORAGE_KEY, next);
    setState(next);
    setChosen(true);
    setLanguageToSave(options.asPatients ? next : null);
  }, []);
  const clearLanguageToSave = useCallback(() => setLanguageToSave(null), []);
  // Not on the server, which renders the public pages (decision 029).
  if (typeof localStorage !== 'undefined' && localStorage.getItem(STORAGE_KEY) !== language)
    localStorage.setItem(STORAGE_KEY, language);
  const value = useMemo(
    () => ({ language, setLanguage, isLanguageChosen, languageToSave, clearLanguageToSave }),
    [language, setLanguage, isLanguageChosen, languageToSave, clearLanguageToSave],
  );
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error('useLanguage outside LanguageProvider');
  return state;
}
