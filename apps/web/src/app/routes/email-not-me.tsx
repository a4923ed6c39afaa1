// /email/not-me?n&s: the link mailed to the old login e-mail when an agent changed it for a caller (decision 076).
// Nothing happens on opening it (a mail scanner that only opens the address changes nothing): the owner reads what the
// button does and presses it; the account goes back to this e-mail and every session ends.
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { EmailNotMeBodySchema, EmailNotMeResponseSchema } from '@portal/contracts/staff-recovery';
import { AllCallCenterPhones } from '../../components/ui/call-center-phones.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { api } from '../../lib/api.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pathInLanguage, paths } from '../../lib/paths.ts';
import { useT } from '../../program/use-t.ts';
import { AppPage } from '../layouts/app-page.tsx';

/** Here, not with the account's calls: the home loads those, and this contract is the call center's (decision 076). */
const disownEmailChange = (link: { n: string; s: string }) =>
  api.post('/api/v1/account/email/not-me', link, { schema: EmailNotMeResponseSchema.shape.data });

export default function EmailNotMeScreen() {
  const t = useT();
  const { language } = useLanguage();
  const [params] = useSearchParams();
  const link = EmailNotMeBodySchema.safeParse({ n: params.get('n'), s: params.get('s') });
  const disown = useMutation({ mutationFn: disownEmailChange, retry: false });
  const refused = disown.error instanceof ApiError && disown.error.status >= 400 && disown.error.status < 500;
  const toLogin = (
    <Link className="button button--primary" href={pathInLanguage(language, paths.login)}>
      {t('account.email.notMe.toLogin')}
    </Link>
  );
  let body;
  if (!link.success || refused) {
    const code = disown.error instanceof ApiError ? disown.error.error?.code : undefined;
    // Not a dead end: the call center's phones, one tap away, and the way to the login.
    body = (
      <>
        <FormAlert tone="error">
          {t(code === 'EMAIL_ALREADY_REGISTERED' ? 'account.email.notMe.taken' : 'account.email.notMe.invalid')}
        </FormAlert>
        <AllCallCenterPhones headingLevel={2} />
        {toLogin}
      </>
    );
  } else if (disown.isSuccess) {
    body = (
      <>
        <FormAlert tone="success">{t('account.email.notMe.done')}</FormAlert>
        {toLogin}
      </>
    );
  } else {
    body = (
      <>
        {disown.isError ? <FormAlert tone="error">{t('errors.general')}</FormAlert> : null}
        <p>{t('account.email.notMe.lead')}</p>
        <div className="actions">
          <PendingButton
            isPending={disown.isPending}
            pendingLabel={t('account.email.notMe.pending')}
            onPress={() => disown.mutate(link.data)}
          >
            {t('account.email.notMe.submit')}
          </PendingButton>
        </div>
      </>
    );
  }
  return (
    <AppPage title={t('account.email.notMe.title')}>
      <div className="card card--narrow stack">{body}</div>
    </AppPage>
  );
}
