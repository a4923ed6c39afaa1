// Home: after login the entry transition shows first ('You are entering {0}...'); then the greeting with the
// patient's name and plan, the home's cards and a shortcut to every section of the program's navigation.
import { useEffect, useState } from 'react';
import { Link } from 'react-aria-components';
import { useLocation, useNavigate } from 'react-router';
import { Card } from '../../components/ui/card.tsx';
import { EntryTransition } from '../../components/ui/entry-transition.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { isFeatureEnabled } from '../../lib/features.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pathInLanguage, paths } from '../../lib/paths.ts';
import { useUser } from '../../lib/user.ts';
import { useProgram } from '../../program/program-context.tsx';
import { useT } from '../../program/use-t.ts';
import { HOME_CARDS } from '../home-cards.tsx';
import { AppPage } from '../layouts/app-page.tsx';

const DEFAULT_ENTRY_TRANSITION_MS = 1500;

function Greeting() {
  const t = useT();
  const user = useUser();
  const { program } = useProgram();
  if (!user.data) return user.isError ? null : <Skeleton lines={1} label={t('app.loading')} />;
  const plan = program.supportPlans.find((item) => item.id === user.data.planPatient?.idSupportPlan);
  return (
    <div className="greeting">
      <p className="lead">{t('home.welcome', { firstName: user.data.firstName })}</p>
      {plan ? <p className="greeting__plan">{t('home.plan', { planName: plan.name })}</p> : null}
    </div>
  );
}

function Shortcuts() {
  const t = useT();
  const { language } = useLanguage();
  const { navigation, featureToggles } = useProgram();
  const items = (navigation?.main ?? []).filter((item) => item.path !== paths.home && (!item.feature || isFeatureEnabled(item.feature, featureToggles)));
  if (items.length === 0) return null;
  return (
    <Card title={t('home.shortcuts.title')}>
      <ul className="shortcuts">
        {items.map((item) => (
          <li key={item.id}>
            <Link className="shortcut" href={pathInLanguage(language, item.path)}>
              {t(item.labelKey)}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export default function HomeScreen() {
  const t = useT();
  const { loginConfig, featureToggles } = useProgram();
  const location = useLocation();
  const navigate = useNavigate();
  const [entering, setEntering] = useState(() => (location.state as { entering?: boolean } | null)?.entering === true);
  useEffect(() => {
    if (!entering) return;
    // The transition shows once per login: a reload of the home must not replay it (the state survives reloads).
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    const timer = setTimeout(() => setEntering(false), loginConfig?.entryTransitionMs ?? DEFAULT_ENTRY_TRANSITION_MS);
    return () => clearTimeout(timer);
    // Only when the transition starts; the address does not change while it shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entering, loginConfig]);
  if (entering) return <EntryTransition />;
  const cards = HOME_CARDS.filter((card) => !card.feature || isFeatureEnabled(card.feature, featureToggles));
  return (
    <AppPage title={t('pages.home.title')}>
      <Greeting />
      <div className="home-cards">
        {cards.map(({ id, Component }) => (
          <Component key={id} />
        ))}
        <Shortcuts />
      </div>
    </AppPage>
  );
}
