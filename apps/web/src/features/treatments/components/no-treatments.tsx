// What the treatments list and the home's treatments card say when the patient has no live treatment: a way to add one.
import { Link } from 'react-aria-components';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useLanguage } from '../../../lib/language.tsx';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { useT } from '../../../program/use-t.ts';

export function NoTreatments() {
  const t = useT();
  const { language } = useLanguage();
  return (
    <EmptyState
      message={t('treatments.empty')}
      action={
        <Link className="button button--primary" href={pathInLanguage(language, paths.treatmentsNew)}>
          {t('treatments.add')}
        </Link>
      }
    />
  );
}
