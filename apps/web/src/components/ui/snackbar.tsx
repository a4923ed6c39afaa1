// Snackbars with the spec's durations (immediate 1000 ms, short 3000 ms), announced politely.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { SNACKBAR_IMMEDIATE_MS, SNACKBAR_SHORT_MS } from '@portal/contracts/constants';

const SNACKBAR_DURATIONS_MS = { immediate: SNACKBAR_IMMEDIATE_MS, short: SNACKBAR_SHORT_MS } as const;
type Duration = keyof typeof SNACKBAR_DURATIONS_MS;
interface Snack {
  id: number;
  text: string;
  tone: 'info' | 'error';
}

const SnackbarContext = createContext<
  ((text: string, options?: { duration?: Duration; tone?: Snack['tone'] }) => void) | null
>(null);

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [snack, setSnack] = useState<Snack | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback((text: string, options: { duration?: Duration; tone?: Snack['tone'] } = {}) => {
    clearTimeout(timer.current);
    setSnack({ id: Date.now(), text, tone: options.tone ?? 'info' });
    timer.current = setTimeout(() => setSnack(null), SNACKBAR_DURATIONS_MS[options.duration ?? 'short']);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  const value = useMemo(() => show, [show]);
  return (
    <SnackbarContext.Provider value={value}>
      {children}
      <div className="snackbar-region" role="status" aria-live="polite">
        {snack ? (
          <div key={snack.id} className={`snackbar snackbar--${snack.tone}`}>
            {snack.text}
          </div>
        ) : null}
      </div>
    </SnackbarContext.Provider>
  );
}

export function useSnackbar() {
  const show = useContext(SnackbarContext);
  if (!show) throw new Error('useSnackbar outside SnackbarProvider');
  return show;
}
