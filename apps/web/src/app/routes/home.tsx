// Home: the greeting with the patient's name and plan, the home's cards and a shortcut to every section of the
// program's navigation. The entry transition ('You are entering {0}...') is the login screen's, while this loads.
import { Suspense, useEffect } from 'react';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Shortcuts } from '../../components/layouts/shortcuts.tsx';
import { isFeatureEnabled } from '../../lib/features.ts';
import { keepLoadedFilesForOffline } from '../../lib/offline-files.ts';
import { Greeting } from '../../patient/components/greeting.tsx';
import { useProgram } from '../../program/program-context.tsx';
import { useT } from '../../program/use-t.ts';
import { HOME_CARDS } from '../home-cards.tsx';
import { OfflineHomeNotice } from '../offline-home-notice.tsx';
import { AppPage } from '../layouts/app-page.tsx';

export default function HomeScreen() {
  const t = useT();
  const { featureToggles } = useProgram();
  const cards = HOME_CARDS.filter((card) => !card.feature || isFeatureEnabled(card.feature, featureToggles));
  // The home's files kept for opening the portal offline (issue 38, item 2); its lazy cards keep theirs as they load.
  useEffect(() => {
    void keepLoadedFilesForOffline();
  }, []);
  return (
    <AppPage title={t('pages.home.title')}>
      <OfflineHomeNotice />
      <Greeting />
      <div className="home-cards">
        {cards.map(({ id, Component }) => (
          <Suspense
            key={id}
            fallback={
              <div className="ui-card">
                <Skeleton lines={2} />
              </div>
            }
          >
            <Component />
          </Suspense>
        ))}
        <Shortcuts />
      </div>
    </AppPage>
  );
}
