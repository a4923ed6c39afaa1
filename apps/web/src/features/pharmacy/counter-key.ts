// The pharmacy's key on this device (decision 060): typed once, kept in this browser's storage until someone removes it
// or the server refuses it (revoked, of another program), which sends the counter back to the key step.
import { useSyncExternalStore } from 'react';
import { parsePharmacyKey } from '@portal/contracts/pharmacy-key';

const STORAGE_KEY = 'portal.pharmacy.key';

/** Why the key step shows: none yet, removed by the counter, or refused by the server. */
export type KeyEnd = 'removed' | 'refused';

let ended: KeyEnd | undefined;
const listeners = new Set<() => void>();

function read(): string | undefined {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY) ?? undefined;
    // Anything that is not a well-formed key (edited by hand, an old format) is as good as none.
    return stored !== undefined && parsePharmacyKey(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

let current = typeof window === 'undefined' ? undefined : read();

function changed() {
  for (const listener of listeners) listener();
}

export const counterKeyStore = {
  get: () => current,
  /** Why the last key went, if it went in this visit. */
  endReason: () => ended,
  save(key: string) {
    current = key;
    ended = undefined;
    try {
      window.localStorage.setItem(STORAGE_KEY, key);
    } catch {
      // Storage refused (a private window): the key lasts as long as this page.
    }
    changed();
  },
  forget(reason: KeyEnd) {
    if (current === undefined) return;
    current = undefined;
    ended = reason;
    try {
      window.localStorage.removeItem(STORAGE_KEY);
    } catch {
      // Nothing kept to remove.
    }
    changed();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab of this device removed or changed the key.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY) return;
    current = read();
    changed();
  });
}

/** The key on this device, or undefined: the key step. */
export function useCounterKey(): string | undefined {
  return useSyncExternalStore(counterKeyStore.subscribe, counterKeyStore.get, () => undefined);
}

/** The key's readable start (`psp_live_AbCd1234`), the only part a screen shows. */
export function keyPrefixOf(key: string): string {
  return parsePharmacyKey(key)?.prefix ?? '';
}
