// What the login screen does around its form: where the login leads (`next`, or home), the links to recovery and
// sign-up in the reader's language, the next screen's code loaded while the patient types (decision 052), and the
// language the session brings (decision 026). The route only assembles the form, the recovery dialog and the page.
import { useState, type ComponentProps } from 'react';
import type { Language } from '@portal/contracts/enums';
import { useNavigate, useSearchParams } from 'react-router';
import { useLanguage } from '../../../lib/language.tsx';
import { pathInLanguage, paths, safeNextPath } from '../../../lib/paths.ts';
import { languageOfSession } from '../../../lib/session.ts';
import { useProgram } from '../../../program/program-context.tsx';
import { startSession } from '../api/auth-api.ts';
import type { LoginForm } from '../components/login-form.tsx';

const pathOnly = (path: string) => path.split(/[?#]/)[0] ?? path;

/** Runs `task` once the page is idle (at the latest in 2 s); at once where the browser has no idle callback. */
function whenIdle(task: () => void) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 2000 });
  else task();
}

export interface LoginFlow {
  /** Logged in: the entry screen shows until the screen the login leads to can paint (decision 052). */
  isEntering: boolean;
  /** The login form's props. */
  formProps: ComponentProps<typeof LoginForm>;
  /** The forgot-password dialog's props: the address typed so far, and closing back to this screen, `next` kept. */
  dialogProps: { initialEmail: string; language: Language; onClose: () => void };
}

/** `preloadScreen` loads the code of the screen at a path (router.tsx's preloadScreenAt). */
export function useLoginFlow(preloadScreen: (pathname: string) => Promise<void>): LoginFlow {
  const navigate = useNavigate();
  const { language, setLanguage, isLanguageChosen } = useLanguage();
  const { loginConfig } = useProgram();
  const [params] = useSearchParams();
  // The server renders this screen without a query (decision 029): no `next` there, and no window.
  const nextParam = params.get('next');
  const next = nextParam ? safeNextPath(nextParam, window.location.origin) : undefined;
  const [isEntering, setEntering] = useState(false);
  const destination = (chosen = language) => pathInLanguage(chosen, next ?? paths.home);
  const forgotPasswordHref = (email: string) => {
    const query = new URLSearchParams(email ? { e: email } : {});
    if (next) query.set('next', next);
    const search = query.toString();
    return `${pathInLanguage(language, paths.passwordForgot)}${search ? `?${search}` : ''}`;
  };
  const loginHref = `${pathInLanguage(language, paths.login)}${next ? `?${new URLSearchParams({ next }).toString()}` : ''}`;
  return {
    isEntering,
    dialogProps: {
      initialEmail: params.get('e') ?? '',
      language,
      onClose: () => void navigate(loginHref, { replace: true }),
    },
    formProps: {
      sessionExpired: params.get('ref') === 'session-expired',
      forgotPasswordHref,
      signupHref: pathInLanguage(language, paths.signup),
      showForgotPassword: loginConfig?.showForgotPassword ?? true,
      showSignupLink: loginConfig?.showSignupLink ?? true,
      // The next screen's code loads while the patient types (decision 052): on a slow connection the typing takes
      // longer than the download, so "Log in" waits only for the call. Once the page is idle, so that the keystrokes
      // come first. Again beside the login call, for a form filled in at once (a password manager).
      onTyping: () => whenIdle(() => void preloadScreen(pathOnly(destination()))),
      onSubmitting: () => void preloadScreen(pathOnly(destination())),
      onLoggedIn: async (session) => {
        // Unless the reader chose a language here, the portal speaks the one chosen in the profile (decision 026).
        const chosen = isLanguageChosen ? language : (languageOfSession(session) ?? language);
        // The login's screen (its button still busy) stays while the next screen's code is there already: the home
        // then follows it at once. The entry screen shows only while that code is still loading (decision 052).
        const loading = preloadScreen(pathOnly(destination(chosen)));
        const NOT_YET = Symbol('loading');
        const early = await Promise.race([loading, new Promise((resolve) => setTimeout(() => resolve(NOT_YET), 0))]);
        if (early === NOT_YET) setEntering(true);
        await loading;
        // The session starts with the screen that shows it: with a session this route sends home at once.
        startSession(session);
        if (chosen !== language) setLanguage(chosen);
        void navigate(destination(chosen), { replace: true });
      },
    },
  };
}
