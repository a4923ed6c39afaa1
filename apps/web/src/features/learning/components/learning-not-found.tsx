// An unknown condition or lesson: "not found" with a way to /learning (never a blank page).
import { Link } from 'react-aria-components';
import { useLanguage } from '../../../lib/language.tsx';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { useT } from '../../../program/use-t.ts';

export function LearningNotFound() {
  const t = useT();
  const { language } = useLanguage();
  return (
    <div className="card card--narrow stack">
      <p>{t('learning.notFound')}</p>
      <Link className="button button--primary" href={pathInLanguage(language, paths.learning())}>
        {t('learning.notFound.link')}
      </Link>
    </div>
  );
}
