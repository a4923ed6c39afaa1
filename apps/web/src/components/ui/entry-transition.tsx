// 'You are entering {0}...': shown briefly after login, before the patient's home.
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '../../program/use-t.ts';
import { useProgram } from '../../program/program-context.tsx';

const DEFAULT_ENTRY_TRANSITION_MS = 1500;

/** Whether the transition shows now: once per login (the login navigates with state `entering`), for the program's time. */
export function useEntryTransition(): boolean {
  const { loginConfig } = useProgram();
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
  return entering;
}

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
