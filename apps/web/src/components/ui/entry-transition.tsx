// 'You are entering {0}...': shown from the moment a login succeeds until the screen it leads to can paint (its code
// has loaded), not for a fixed time (decision 052). The login screen draws it, so nothing is blank in between.
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
