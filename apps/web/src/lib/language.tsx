// The user's language: taken from the route when the app starts, then changed only by the toggle (or the profile).
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Language } from '@portal/contracts/enum-lists';
import { initialLanguage, LANGUAGE_STORAGE_KEY as STORAGE_KEY } from './initial-language.ts';

interface LanguageState {
  language: Language;
  setLanguage: (language: Language) => void;
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
  const setLanguage = useCallback((next: Language) => {
    localStorage.setItem(STORAGE_KEY, next);
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
