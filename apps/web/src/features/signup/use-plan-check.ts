// A step's check against the plan on the server (the identification, the medicines for the age): one at a time, and
// a count of the failures, so that each failure shows its alert again (keyed by the count).
import { useCallback, useRef, useState } from 'react';

export function usePlanCheck(supportPlanId: number | undefined) {
  const [failures, setFailures] = useState(0);
  const busy = useRef(false);
  const fail = useCallback(() => setFailures((count) => count + 1), []);
  /** Runs the check unless one is running; without a plan (its settings not loaded) it fails at once. */
  const run = async (check: (supportPlanId: number) => Promise<void>) => {
    if (busy.current) return;
    if (supportPlanId === undefined) {
      fail();
      return;
    }
    busy.current = true;
    setFailures(0);
    try {
      await check(supportPlanId);
    } finally {
      busy.current = false;
    }
  };
  return { failures, fail, run };
}
