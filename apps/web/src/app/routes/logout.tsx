// /logout: revokes the session on the server, then 'You just logged out of {0}'s account. Please continue.'
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-aria-components';
import { logout } from '../../features/auth/api/auth-api.ts';
import { userQuery } from '../../lib/user.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { sessionStore } from '../../lib/session.ts';
import { useT } from '../../program/use-t.ts';
import { AppPage } from '../layouts/app-page.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pathInLanguage, paths } from '../../lib/paths.ts';

type State = { kind: 'working' } | { kind: 'done'; firstName?: string } | { kind: 'failed' } | { kind: 'anonymous' };

export default function LogoutScreen() {
  const t = useT();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>(() => (sessionStore.get() ? { kind: 'working' } : { kind: 'anonymous' }));
  const started = useRef(false);

  const run = async () => {
    setState({ kind: 'working' });
    const firstName = queryClient.getQueryData(userQuery().queryKey)?.firstName ?? (await queryClient.fetchQuery(userQuery()).catch(() => undefined))?.firstName;
    try {
      await logout();
      queryClient.removeQueries({ queryKey: ['user'] });
      setState({ kind: 'done', firstName });
    } catch {
      setState({ kind: 'failed' });
    }
  };

  useEffect(() => {
    if (started.current || !sessionStore.get()) return;
    started.current = true;
    void run();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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
            <FormAlert tone="success">{state.firstName ? t('logout.success', { 0: state.firstName }) : t('logout.continue')}</FormAlert>
            {loginLink}
          </>
        ) : null}
        {state.kind === 'failed' ? (
          <>
            <FormAlert tone="error">{t('logout.error')}</FormAlert>
            <PendingButton onPress={run}>{t('common.retry')}</PendingButton>
          </>
        ) : null}
        {state.kind === 'anonymous' ? loginLink : null}
      </div>
    </AppPage>
  );
}
