// /password/recover?n&s: checks the link, then 'Create new password', the success screen, or the invalid-link screen.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { RecoveryLinkSchema } from '@portal/contracts/identity';
import { ApiError } from '../../lib/api-client.ts';
import { UnexpectedError } from '../../components/errors/unexpected-error.tsx';
import { recoveryLinkQuery } from '../../features/password-recovery/api/recovery-link-query.ts';
import { NewPasswordForm } from '../../features/password-recovery/components/new-password-form.tsx';
import {
  InvalidLink,
  linkRefusalOf,
  PasswordSaved,
  type LinkRefusal,
} from '../../features/password-recovery/components/recovery-outcomes.tsx';
import { useT } from '../../program/use-t.ts';
import { AppPage } from '../layouts/app-page.tsx';

export default function PasswordRecoverScreen() {
  const t = useT();
  const [params] = useSearchParams();
  const [outcome, setOutcome] = useState<'saved' | { refused: LinkRefusal }>();
  const link = RecoveryLinkSchema.safeParse({ n: params.get('n'), s: params.get('s') });
  const check = useQuery({
    ...recoveryLinkQuery(link.success ? link.data : undefined),
    enabled: link.success && !outcome,
  });
  const isExpired = check.error instanceof ApiError && check.error.status >= 400 && check.error.status < 500;

  if (outcome === 'saved')
    return (
      <AppPage title={t('passwordRecovery.success.title')}>
        <PasswordSaved />
      </AppPage>
    );
  if (!link.success || typeof outcome === 'object' || isExpired)
    return (
      <AppPage title={t('passwordRecovery.invalidLink.title')}>
        <InvalidLink
          reason={typeof outcome === 'object' ? outcome.refused : isExpired ? linkRefusalOf(check.error) : 'EXPIRED'}
        />
      </AppPage>
    );
  return (
    <AppPage title={t('passwordRecovery.newPassword.title')}>
      {check.error ? (
        <UnexpectedError
          code={check.error instanceof ApiError ? check.error.code : 'UNKNOWN'}
          onRetry={() => void check.refetch()}
        />
      ) : (
        <div className="card card--narrow">
          {check.data ? (
            <NewPasswordForm
              email={check.data}
              nonce={link.data.n}
              signature={link.data.s}
              onSaved={() => setOutcome('saved')}
              onExpired={(reason) => setOutcome({ refused: reason })}
            />
          ) : (
            <div className="route-loading" role="status" aria-label={t('app.loading')}>
              <span className="spinner" aria-hidden="true" />
            </div>
          )}
        </div>
      )}
    </AppPage>
  );
}
