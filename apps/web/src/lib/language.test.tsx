import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageProvider, useLanguage } from './language.tsx';

const languageOn = (initialPath: string) =>
  renderHook(() => useLanguage(), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <LanguageProvider initialPath={initialPath}>{children}</LanguageProvider>
    ),
  });

afterEach(() => localStorage.clear());

describe('the reader’s language', () => {
  it('is Spanish by default on a path without a prefix, and not chosen: a login may follow the account', () => {
    const { result } = languageOn('/login');
    expect(result.current).toMatchObject({ language: 'es', isLanguageChosen: false });
  });

  it.each(['/en/login', '/es/login', '/en'])('is chosen when the route names it (%s)', (path) => {
    expect(languageOn(path).result.current.isLanguageChosen).toBe(true);
  });

  it('is chosen once set (the toggle, the profile)', () => {
    const { result } = languageOn('/login');
    act(() => result.current.setLanguage('es'));
    expect(result.current).toMatchObject({ language: 'es', isLanguageChosen: true });
  });
});
