// /password/recover?n&s: checks the link, then 'Create new password', the success screen, or the invalid-link screen.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { RecoveryLinkSchema } from '@portal/contracts/identity';
import { ApiError } from '../../lib/api-client.ts';
import { UnexpectedError } from '../../components/errors/unexpected-error.tsx';
import { verifyRecoveryLink } from '../../features/password-recovery/api/recovery-api.ts';
import { NewPasswordForm } from '../../features/password-recovery/components/new-password-form.tsx';
import { useT } from '../../program/use-t.ts';
import { AppPage } from '../layouts/app-page.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pathInLanguage, paths } from '../../lib/paths.ts';

function InvalidLink() {
  const t = useT();
  const { language } = useLanguage();
  return (
    <AppPage title={t('passwordRecovery.invalidLink.title')}>
      <div className="card card--narrow stack">
        <p>{t('passwordRecovery.invalidLink.body')}</p>
        <Link className="button button--primary" href={pathInLanguage(language, paths.passwordForgot)}>
          {t('passwordRecovery.invalidLink.action')}
        </Link>
      </div>
    </AppPage>
  );
}

export default function PasswordRecoverScreen() {
  const t = useT();
  const { language } = useLanguage();
  const [params] = useSearchParams();
  const [outcome, setOutcome] = useState<'saved' | 'expired'>();
  const link = RecoveryLinkSchema.safeParse({ n: params.get('n'), s: params.get('s') });
  const check = useQuery({
    queryKey: ['recovery-link', link.success ? link.data.n : ''],
    queryFn: () => verifyRecoveryLink(link.data!.n, link.data!.s),
    enabled: link.success && !outcome,
    retry: false,
    staleTime: Infinity,
  });

  if (outcome === 'saved') {
    return (
      <AppPage title={t('passwordRecovery.success.title')}>
        <div className="card card--narrow stack" role="status">
          <p>{t('passwordRecovery.success.body')}</p>
          <Link className="button button--primary" href={pathInLanguage(language, paths.login)}>
            {t('passwordRecovery.success.action')}
          </Link>
        </div>
      </AppPage>
    );
  }
  const isExpired = check.error instanceof ApiError && check.error.status >= 400 && check.error.status < 500;
  if (!link.success || outcome === 'expired' || isExpired) return <InvalidLink />;
  if (check.error) {
    return (
      <AppPage title={t('passwordRecovery.newPassword.title')}>
        <UnexpectedError code={check.error instanceof ApiError ? check.error.code : 'UNKNOWN'} onRetry={() => void check.refetch()} />
      </AppPage>
    );
  }
  return (
    <AppPage title={t('passwordRecovery.newPassword.title')}>
      <div className="card card--narrow">
        {check.data ? (
          <NewPasswordForm email={check.data} nonce={link.data.n} signature={link.data.s} onSaved={() => setOutcome('saved')} onExpired={() => setOutcome('expired')} />
        ) : (
          <div className="route-loading" role="status" aria-label={t('app.loading')}>
            <span className="spinner" aria-hidden="true" />
          </div>
        )}
      </div>
    </AppPage>
  );
}
