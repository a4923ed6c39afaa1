// Home: after login the entry transition shows first ('You are entering {0}...').
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { AppPage } from '../layouts/app-page.tsx';
import { EntryTransition } from '../../components/ui/entry-transition.tsx';
import { useProgram } from '../../program/program-context.tsx';
import { useT } from '../../program/use-t.ts';

const DEFAULT_ENTRY_TRANSITION_MS = 1500;

export default function HomeScreen() {
  const t = useT();
  const { program, loginConfig } = useProgram();
  const location = useLocation();
  const [entering, setEntering] = useState(() => (location.state as { entering?: boolean } | null)?.entering === true);
  useEffect(() => {
    if (!entering) return;
    const timer = setTimeout(() => setEntering(false), loginConfig?.entryTransitionMs ?? DEFAULT_ENTRY_TRANSITION_MS);
    return () => clearTimeout(timer);
  }, [entering, loginConfig]);
  if (entering) return <EntryTransition />;
  return (
    <AppPage title={t('pages.home.title')}>
      <p>{t('home.intro')}</p>
      <p className="card">{t('pages.inPreparation', { 0: program.name })}</p>
    </AppPage>
  );
}
