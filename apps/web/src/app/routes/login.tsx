// /login: the login form; /password/forgot shows the forgot-password dialog over it.
import { Suspense, useState } from 'react';
import type { Language } from '@portal/contracts/enums';
import { lazyScreen } from '../../lib/lazy.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { useProgram } from '../../program/program-context.tsx';
import { useT } from '../../program/use-t.ts';
import { AppPage } from '../layouts/app-page.tsx';
import { EntryTransition } from '../../components/ui/entry-transition.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pathInLanguage, paths, safeNextPath } from '../../lib/paths.ts';
import { languageOfSession } from '../../lib/session.ts';
import { startSession } from '../../features/auth/api/auth-api.ts';

// The dialog (and the recovery calls) load only when it opens, keeping the login route small.
const ForgotPasswordDialog = lazyScreen<{ initialEmail: string; language: Language; onClose: () => void }>(() =>
  import('../../features/password-recovery/components/forgot-password-dialog.tsx').then((module) => ({
    default: module.ForgotPasswordDialog,
  })),
);

const pathOnly = (path: string) => path.split(/[?#]/)[0] ?? path;

interface Props {
  forgotPassword?: boolean;
  /** Loads the code of the screen at a path (router.tsx's preloadScreenAt): where the login leads, before it goes. */
  preloadScreen: (pathname: string) => Promise<void>;
}

/** Runs `task` once the page is idle (at the latest in 2 s); at once where the browser has no idle callback. */
function whenIdle(task: () => void) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 2000 });
  else task();
}

export default function LoginScreen({ forgotPassword = false, preloadScreen }: Props) {
  const t = useT();
  const navigate = useNavigate();
  const { language, setLanguage, isLanguageChosen } = useLanguage();
  const { loginConfig } = useProgram();
  const [params] = useSearchParams();
  // The server renders this screen without a query (decision 029): no `next` there, and no window.
  const nextParam = params.get('next');
  const next = nextParam ? safeNextPath(nextParam, window.location.origin) : undefined;
  const forgotHref = (email: string) => {
    const query = new URLSearchParams(email ? { e: email } : {});
    if (next) query.set('next', next);
    const search = query.toString();
    return `${pathInLanguage(language, paths.passwordForgot)}${search ? `?${search}` : ''}`;
  };
  // Logged in: the entry screen until the screen the login leads to can paint (decision 052).
  const [isEntering, setEntering] = useState(false);
  const destination = (chosen = language) => pathInLanguage(chosen, next ?? paths.home);
  const loginHref = `${pathInLanguage(language, paths.login)}${next ? `?${new URLSearchParams({ next }).toString()}` : ''}`;

  if (isEntering) return <EntryTransition />;
  return (
    <AppPage title={t('login.title')}>
      <div className="card card--narrow">
        <p>{t('login.subtitle')}</p>
        <LoginForm
          sessionExpired={params.get('ref') === 'session-expired'}
          forgotPasswordHref={forgotHref}
          signupHref={pathInLanguage(language, paths.signup)}
          showForgotPassword={loginConfig?.showForgotPassword ?? true}
          showSignupLink={loginConfig?.showSignupLink ?? true}
          // The next screen's code loads while the patient types (decision 052): on a slow connection the typing
          // takes longer than the download, so "Log in" waits only for the call. Once the page is idle, so that the
          // keystrokes come first. Again beside the login call, for a form filled in at once (a password manager).
          onTyping={() => whenIdle(() => void preloadScreen(pathOnly(destination())))}
          onSubmitting={() => void preloadScreen(pathOnly(destination()))}
          onLoggedIn={async (session) => {
            // Unless the reader chose a language here, the portal speaks the one chosen in the profile (decision 026).
            const chosen = isLanguageChosen ? language : (languageOfSession(session) ?? language);
            setEntering(true);
            await preloadScreen(pathOnly(destination(chosen)));
            // The session starts with the screen that shows it: with a session this route sends home at once.
            startSession(session);
            if (chosen !== language) setLanguage(chosen);
            void navigate(destination(chosen), { replace: true });
          }}
        />
      </div>
      {forgotPassword ? (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            initialEmail={params.get('e') ?? ''}
            language={language}
            onClose={() => navigate(loginHref, { replace: true })}
          />
        </Suspense>
      ) : null}
    </AppPage>
  );
}
