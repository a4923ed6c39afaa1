// What this counter recorded today (decision 060): the purchases and free units it may still reverse (the same day, the
// same pharmacy). Kept in this device's storage for the day and the key, so that a mistake seen after the next patient
// or a reload can still be reversed. No patient's name, identification or code is kept: the product, the receipt,
// the amounts and the ids the reversal needs.
import { useSyncExternalStore } from 'react';
import type { ReversalReason } from '@portal/contracts/pharmacy-values';

export interface CounterEntry {
  kind: 'purchase' | 'redemption';
  id: number;
  productId: number;
  /** The medicine and presentation as the counter showed them. */
  product: string;
  receiptId: string;
  quantity: number;
  /** The purchase's total (none for a free unit), in `currency`. */
  total: string | null;
  currency: string;
  recordedAt: string;
  reversalReason: ReversalReason | null;
}

interface Stored {
  keyPrefix: string;
  day: string;
  entries: CounterEntry[];
}

const STORAGE_KEY = 'portal.pharmacy.today';
/** A busy counter's day, and more: the oldest go first. */
const MAX_ENTRIES = 300;

/** The device's calendar day: a reversal is allowed on the day the pharmacy entered the row, in its country. */
export function localDay(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const listeners = new Set<() => void>();
const NO_ENTRIES: CounterEntry[] = [];
let cache: { raw: string | null; entries: CounterEntry[] } | undefined;

function readStored(): Stored | undefined {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Stored) : undefined;
  } catch {
    return undefined;
  }
}

function write(stored: Stored) {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Storage refused or full: the list is only a convenience, the records are the server's.
  }
  cache = undefined;
  for (const listener of listeners) listener();
}

/** Today's entries of this key, newest first (the same array while nothing changed, as React's store hook needs). */
export function entriesOf(keyPrefix: string): CounterEntry[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    raw = null;
  }
  const cacheKey = `${keyPrefix}|${localDay()}|${raw ?? ''}`;
  if (cache?.raw === cacheKey) return cache.entries;
  const stored = readStored();
  const entries = stored && stored.keyPrefix === keyPrefix && stored.day === localDay() ? stored.entries : [];
  cache = { raw: cacheKey, entries };
  return entries;
}

export function addEntry(keyPrefix: string, entry: CounterEntry) {
  const entries = [entry, ...entriesOf(keyPrefix).filter((one) => !(one.kind === entry.kind && one.id === entry.id))];
  write({ keyPrefix, day: localDay(), entries: entries.slice(0, MAX_ENTRIES) });
}

export function markReversed(keyPrefix: string, kind: CounterEntry['kind'], id: number, reason: ReversalReason) {
  const entries = entriesOf(keyPrefix).map((one) =>
    one.kind === kind && one.id === id ? { ...one, reversalReason: reason } : one,
  );
  write({ keyPrefix, day: localDay(), entries });
}

/** Forgets the list (the key was removed from this device). */
export function clearEntries() {
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
  cache = undefined;
  for (const listener of listeners) listener();
}

export function useCounterEntries(keyPrefix: string): CounterEntry[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => entriesOf(keyPrefix),
    () => NO_ENTRIES,
  );
}
