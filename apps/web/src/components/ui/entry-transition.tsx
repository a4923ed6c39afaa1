// 'You are entering {0}...': shown briefly after login, before the patient's home.
import { useT } from '../../program/use-t.ts';
import { useProgram } from '../../program/program-context.tsx';

export function EntryTransition() {
  const t = useT();
  const { program } = useProgram();
  return (
    <div className="entry-transition" role="status" aria-live="polite">
      <img src={program.logoUrl} alt="" className="entry-transition__logo" />
      <p>{t('entry.transition', { 0: program.name })}</p>
    </div>
  );
}
