// /logout: revokes the session on the server, then 'You just logged out of {0}'s account. Please continue.'
import { Link } from 'react-aria-components';
import { useLogout } from '../../features/auth/hooks/use-logout.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { useT } from '../../program/use-t.ts';
import { AppPage } from '../layouts/app-page.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pathInLanguage, paths } from '../../lib/paths.ts';

export default function LogoutScreen() {
  const t = useT();
  const { language } = useLanguage();
  const { state, retry } = useLogout();
  const loginLink = (
    <Link className="button button--primary" href={pathInLanguage(language, paths.login)}>
      {t('logout.continue')}
    </Link>
  );
  return (
    <AppPage title={t('pages.logout.title')}>
      <div className="card card--narrow stack">
        {state.kind === 'working' ? <p role="status">{t('logout.inProgress')}</p> : null}
        {state.kind === 'done' ? (
          <>
            <FormAlert tone="success">
              {state.firstName ? t('logout.success', { 0: state.firstName }) : t('logout.continue')}
            </FormAlert>
            {loginLink}
          </>
        ) : null}
        {state.kind === 'failed' ? (
          <>
            <FormAlert tone="error">{t('logout.error')}</FormAlert>
            <PendingButton onPress={retry}>{t('common.retry')}</PendingButton>
          </>
        ) : null}
        {state.kind === 'anonymous' ? loginLink : null}
      </div>
    </AppPage>
  );
}
