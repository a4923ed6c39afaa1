// What this counter recorded today (decisions 060 and 073): the server's list of what the key entered on the pharmacy
// country's today, so a reload, another tab or another tablet with the same key forgets nothing. A purchase, free unit
// or reversal made here goes into the cached list at once, and the list is then read again from the server.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CounterDay, CounterDayEntry, ReversalReason } from '@portal/contracts/pharmacy';
import { counterDayQuery } from './api/pharmacy-api.ts';

export type { CounterDayEntry };

/** The device's calendar day (YYYY-MM-DD): the purchase form's default date and its "today". */
export function localDay(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Where an earlier version kept the list on the device: forgotten, the server holds it now. */
const OLD_STORAGE_KEY = 'portal.pharmacy.today';

/** The list with one entry put first (or replaced where it was): what the cache shows until the server answers. */
export function withEntry(day: CounterDay | undefined, entry: CounterDayEntry): CounterDay | undefined {
  if (!day) return day;
  const others = day.entries.filter((one) => !(one.kind === entry.kind && one.id === entry.id));
  return { ...day, entries: [entry, ...others] };
}

/** The list with one entry marked reversed. */
export function withReversal(
  day: CounterDay | undefined,
  kind: CounterDayEntry['kind'],
  id: number,
  reason: ReversalReason,
  at: string,
): CounterDay | undefined {
  if (!day) return day;
  return {
    ...day,
    entries: day.entries.map((one) =>
      one.kind === kind && one.id === id ? { ...one, reversalReason: reason, reversedAt: at } : one,
    ),
  };
}

/** Puts a change made at this counter into the list now, then reads the list again. */
export function updateCounterDay(
  queryClient: QueryClient,
  apiKey: string,
  change: (day: CounterDay | undefined) => CounterDay | undefined,
) {
  const { queryKey } = counterDayQuery(apiKey);
  queryClient.setQueryData<CounterDay>(queryKey, change);
  void queryClient.invalidateQueries({ queryKey });
}

export function useCounterDay(apiKey: string) {
  useEffect(() => {
    try {
      window.localStorage.removeItem(OLD_STORAGE_KEY);
    } catch {
      // Nothing kept.
    }
  }, []);
  return useQuery(counterDayQuery(apiKey));
}

/** Whether this counter reversed the entry today (a result shown for it is no longer true). */
export function useIsReversed(apiKey: string, kind: CounterDayEntry['kind'], id: number | undefined): boolean {
  const { data } = useQuery({
    ...counterDayQuery(apiKey),
    select: (day) => day.entries.some((one) => one.kind === kind && one.id === id && one.reversalReason !== null),
    enabled: id !== undefined,
  });
  return id !== undefined && data === true;
}
