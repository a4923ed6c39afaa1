// One `Idempotency-Key` per attempt of a form (decision 060): the same body sent again (a second tap, a retry after a
// lost answer) goes with the same key and is recorded once; a changed body is a new attempt with a new key.
import { useCallback, useRef } from 'react';
import { newAttemptKey } from './counter-errors.ts';

export function useAttemptKey() {
  const last = useRef<{ body: string; key: string } | undefined>(undefined);
  const keyFor = useCallback((body: unknown) => {
    const text = JSON.stringify(body);
    if (last.current?.body !== text) last.current = { body: text, key: newAttemptKey() };
    return last.current.key;
  }, []);
  /** The attempt succeeded: the next submission is a new sale. */
  const settle = useCallback(() => {
    last.current = undefined;
  }, []);
  return { keyFor, settle };
}
