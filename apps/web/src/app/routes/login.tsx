// /login: the login form; /password/forgot shows the forgot-password dialog over it.
import { Suspense } from 'react';
import type { Language } from '@portal/contracts/enums';
import { lazyScreen } from '../../lib/lazy.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { useProgram } from '../../program/program-context.tsx';
import { useT } from '../../program/use-t.ts';
import { AppPage } from '../layouts/app-page.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pathInLanguage, paths, safeNextPath } from '../../lib/paths.ts';
import { languageOfSession, sessionStore } from '../../lib/session.ts';

// The dialog (and the recovery calls) load only when it opens, keeping the login route small.
const ForgotPasswordDialog = lazyScreen<{ initialEmail: string; language: Language; onClose: () => void }>(() =>
  import('../../features/password-recovery/components/forgot-password-dialog.tsx').then((module) => ({
    default: module.ForgotPasswordDialog,
  })),
);

export default function LoginScreen({ forgotPassword = false }: { forgotPassword?: boolean }) {
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
  const loginHref = `${pathInLanguage(language, paths.login)}${next ? `?${new URLSearchParams({ next }).toString()}` : ''}`;

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
          onLoggedIn={() => {
            // Unless the reader chose a language here, the portal speaks the one chosen in the profile (decision 026).
            const chosen = isLanguageChosen ? language : (languageOfSession(sessionStore.get()) ?? language);
            if (chosen !== language) setLanguage(chosen);
            void navigate(pathInLanguage(chosen, next ?? paths.home), { replace: true, state: { entering: true } });
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
