// /email/confirm?n&s: the link mailed to a new login e-mail. The page POSTs the link once (a mail scanner that only
// opens the address changes nothing) and says whether the login e-mail changed.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { EmailChangeLinkSchema } from '@portal/contracts/account';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { confirmEmailChange } from '../../features/account/api/account-api.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pathInLanguage, paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session-hooks.ts';
import { useT } from '../../program/use-t.ts';
import { AppPage } from '../layouts/app-page.tsx';

export default function EmailConfirmScreen() {
  const t = useT();
  const { language } = useLanguage();
  const session = useSession();
  const [params] = useSearchParams();
  const link = EmailChangeLinkSchema.safeParse({ n: params.get('n'), s: params.get('s') });
  const confirm = useMutation({ mutationFn: confirmEmailChange, retry: false });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !link.success) return;
    sent.current = true;
    confirm.mutate(link.data);
  }, [link, confirm]);

  const next = session ? paths.profile : paths.login;
  const action = (
    <Link className="button button--primary" href={pathInLanguage(language, next)}>
      {session ? t('profile.title') : t('account.email.confirm.toLogin')}
    </Link>
  );
  let body;
  if (
    !link.success ||
    (confirm.error instanceof ApiError && confirm.error.status >= 400 && confirm.error.status < 500)
  ) {
    const code = confirm.error instanceof ApiError ? confirm.error.error?.code : undefined;
    body = (
      <FormAlert tone="error">
        {t(code === 'EMAIL_ALREADY_REGISTERED' ? 'signup.email.alreadyRegistered' : 'account.email.confirm.invalid')}
      </FormAlert>
    );
  } else if (confirm.isError) {
    body = <FormAlert tone="error">{t('errors.general')}</FormAlert>;
  } else if (confirm.isSuccess) {
    body = <FormAlert tone="success">{t('account.email.confirm.done', { email: confirm.data.email })}</FormAlert>;
  } else {
    body = <Skeleton lines={2} label={t('account.email.confirm.pending')} />;
  }
  return (
    <AppPage title={t('account.email.confirm.title')}>
      <div className="card card--narrow stack">
        {body}
        {confirm.isPending ? null : action}
      </div>
    </AppPage>
  );
}
