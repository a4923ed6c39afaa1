// A step tells the wizard while its submit waits for the server, so the wizard's Next shows it and takes no second press.
import { useEffect } from 'react';

export function useStepPending(isPending: boolean, onPendingChange: ((isPending: boolean) => void) | undefined) {
  useEffect(() => {
    onPendingChange?.(isPending);
  }, [isPending, onPendingChange]);
  // A step that hands over (onDone) while pending unmounts: the next one starts idle.
  useEffect(() => () => onPendingChange?.(false), [onPendingChange]);
}
