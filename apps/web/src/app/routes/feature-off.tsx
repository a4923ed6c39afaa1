// A route of a feature the program has switched off (its toggle in GET /resource/features): the page keeps its title
// and says that the feature is not available in this program, with a way home. Nothing of the feature is loaded or
// called (the feature's own screen is never rendered).
import { Link } from 'react-aria-components';
import { AppPage } from '../layouts/app-page.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pathInLanguage, paths } from '../../lib/paths.ts';
import { useT } from '../../program/use-t.ts';

export default function FeatureOffScreen({ titleKey }: { titleKey: string }) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <AppPage title={t(titleKey)}>
      <div className="card card--narrow stack">
        <p>{t('errors.featureDisabled')}</p>
        <Link className="button button--primary" href={pathInLanguage(language, paths.home)}>
          {t('pages.notFound.home')}
        </Link>
      </div>
    </AppPage>
  );
}
