// /login: the login form; /password/forgot shows the forgot-password dialog over it. What the screen does around the
// form (where it leads, the next screen's code, the session's language) is auth's useLoginFlow.
import { Suspense } from 'react';
import type { Language } from '@portal/contracts/enums';
import { lazyScreen } from '../../lib/lazy.ts';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { useLoginFlow } from '../../features/auth/hooks/use-login-flow.ts';
import { useT } from '../../program/use-t.ts';
import { AppPage } from '../layouts/app-page.tsx';
import { EntryTransition } from '../../components/ui/entry-transition.tsx';

// The dialog (and the recovery calls) load only when it opens, keeping the login route small.
const ForgotPasswordDialog = lazyScreen<{ initialEmail: string; language: Language; onClose: () => void }>(() =>
  import('../../features/password-recovery/components/forgot-password-dialog.tsx').then((module) => ({
    default: module.ForgotPasswordDialog,
  })),
);

interface Props {
  forgotPassword?: boolean;
  /** Loads the code of the screen at a path (router.tsx's preloadScreenAt): where the login leads, before it goes. */
  preloadScreen: (pathname: string) => Promise<void>;
}

export default function LoginScreen({ forgotPassword = false, preloadScreen }: Props) {
  const t = useT();
  const { isEntering, formProps, dialogProps } = useLoginFlow(preloadScreen);

  if (isEntering) return <EntryTransition />;
  return (
    <AppPage title={t('login.title')} isForVisitors>
      <div className="card card--narrow">
        <p>{t('login.subtitle')}</p>
        <LoginForm {...formProps} />
      </div>
      {forgotPassword ? (
        <Suspense fallback={null}>
          <ForgotPasswordDialog {...dialogProps} />
        </Suspense>
      ) : null}
    </AppPage>
  );
}
