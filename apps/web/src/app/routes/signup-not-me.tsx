// /signup/not-me?n&s: the welcome mail's "this wasn't me" link; one button cancels that enrolment and frees the address.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { NotMeLinkSchema } from '@portal/contracts/signup-not-me';
import { UnexpectedError } from '../../components/errors/unexpected-error.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { disownEnrolment } from '../../features/signup/api/not-me-api.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useT } from '../../program/use-t.ts';
import { AppPage } from '../layouts/app-page.tsx';

export default function SignupNotMeScreen() {
  const t = useT();
  const [params] = useSearchParams();
  // Read once: the link's parameters stay what the mail carried even if the address bar changes.
  const [link] = useState(() => NotMeLinkSchema.safeParse({ n: params.get('n'), s: params.get('s') }));
  const disown = useMutation({ mutationFn: disownEnrolment });

  if (!link.success) {
    return (
      <AppPage title={t('signup.notMe.title')}>
        <div className="card card--narrow stack" role="status">
          <p>{t('signup.notMe.missingLink')}</p>
        </div>
      </AppPage>
    );
  }
  if (disown.isSuccess) {
    return (
      <AppPage title={t('signup.notMe.title')}>
        <div className="card card--narrow stack" role="status">
          <p>{t('signup.notMe.done')}</p>
        </div>
      </AppPage>
    );
  }
  const isRefused = disown.error instanceof ApiError && disown.error.status >= 400 && disown.error.status < 500;
  return (
    <AppPage title={t('signup.notMe.title')}>
      <div className="card card--narrow stack">
        {isRefused ? (
          <p role="alert">{t('signup.notMe.invalid')}</p>
        ) : disown.error ? (
          <UnexpectedError
            code={disown.error instanceof ApiError ? disown.error.code : 'UNKNOWN'}
            onRetry={() => disown.mutate(link.data)}
          />
        ) : (
          <>
            <p>{t('signup.notMe.body')}</p>
            <PendingButton
              className="button button--primary button--block"
              isPending={disown.isPending}
              onPress={() => disown.mutate(link.data)}
            >
              {t('signup.notMe.confirm')}
            </PendingButton>
          </>
        )}
      </div>
    </AppPage>
  );
}
