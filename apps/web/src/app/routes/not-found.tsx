// A logged-in patient's unknown path (or /purchases without a product): 'page not found', inside the app, with a way home.
import { Link } from 'react-aria-components';
import { AppPage } from '../layouts/app-page.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pathInLanguage, paths } from '../../lib/paths.ts';
import { useT } from '../../program/use-t.ts';

export default function NotFoundScreen() {
  const t = useT();
  const { language } = useLanguage();
  return (
    <AppPage title={t('pages.notFound.title')} markCurrent={false}>
      <div className="card card--narrow stack">
        <p>{t('errors.notFound')}</p>
        <Link className="button button--primary" href={pathInLanguage(language, paths.home)}>
          {t('pages.notFound.home')}
        </Link>
      </div>
    </AppPage>
  );
}
