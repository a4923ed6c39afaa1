// The user's language: taken from the route when the app starts, then changed only by the toggle (or the profile).
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Language } from '@portal/contracts/enum-lists';
import { initialLanguage, LANGUAGE_STORAGE_KEY as STORAGE_KEY } from './initial-language.ts';

interface LanguageState {
  language: Language;
  /** `asPatients`: the signed-in patient switched it (the toggle), so it becomes their profile's and mail's too. */
  setLanguage: (language: Language, asPatients?: boolean) => void;
  /**
   * The reader chose this language: the route named it (`/en`, `/es`) when the app started, or it was set since
   * (the toggle, the profile). False for the default of a path without a prefix: a login then follows the account.
   */
  isLanguageChosen: boolean;
}

const LanguageContext = createContext<LanguageState | null>(null);

/** A switch of the signed-in patient's that their profile does not have yet (app/layouts/language-follower.tsx). */
let languageToSave: Language | null = null;

/** The signed-in patient's switch still to save, once: the next call answers null. */
export function takeLanguageToSave(): Language | null {
  const language = languageToSave;
  languageToSave = null;
  return language;
}

export function LanguageProvider({ children, initialPath }: { children: ReactNode; initialPath: string }) {
  const [language, setState] = useState<Language>(() => initialLanguage(initialPath));
  const [isLanguageChosen, setChosen] = useState(() => /^\/(en|es)(\/|$)/.test(initialPath));
  const setLanguage = useCallback((next: Language, asPatients?: boolean) => {
    localStorage.setItem(STORAGE_KEY, next);
    languageToSave = asPatients ? next : null;
    setState(next);
    setChosen(true);
  }, []);
  // Not on the server, which renders the public pages (decision 029).
  if (typeof localStorage !== 'undefined' && localStorage.getItem(STORAGE_KEY) !== language)
    localStorage.setItem(STORAGE_KEY, language);
  const value = useMemo(() => ({ language, setLanguage, isLanguageChosen }), [language, setLanguage, isLanguageChosen]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error('useLanguage outside LanguageProvider');
  return state;
}
