// The staff member's session on this tab (decision 072): kept in sessionStorage, so it ends with the tab and is never
// shared with another tab or a patient's session of the same origin (localStorage's `portal.session`).
import { useSyncExternalStore } from 'react';

export interface StaffSession {
  /** The staff bearer (`stf_...`), sent by the api-client as `bearer` on the staff routes only. */
  token: string;
  /** When the session ends whatever happens (10 hours after the login). */
  expiresAt: string;
}

export const STAFF_SESSION_KEY = 'portal.staff.session';

type Listener = () => void;
const listeners = new Set<Listener>();

function read(): StaffSession | null {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(STAFF_SESSION_KEY) ?? 'null') as Partial<StaffSession> | null;
    return typeof parsed?.token === 'string' && typeof parsed.expiresAt === 'string' ? (parsed as StaffSession) : null;
  } catch {
    return null;
  }
}

let current: StaffSession | null | undefined;
/** Why the last session ended: 'expired' when the server refused it (a 401), so that the login can say so. */
let endReason: 'logout' | 'expired' | undefined;

export const staffSessionStore = {
  get: (): StaffSession | null => (current ??= typeof sessionStorage === 'undefined' ? null : read()),
  set(session: StaffSession) {
    current = session;
    endReason = undefined;
    sessionStorage.setItem(STAFF_SESSION_KEY, JSON.stringify(session));
    listeners.forEach((listener) => listener());
  },
  clear(reason: 'logout' | 'expired') {
    current = null;
    endReason = reason;
    sessionStorage.removeItem(STAFF_SESSION_KEY);
    listeners.forEach((listener) => listener());
  },
  get endReason() {
    return endReason;
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function useStaffSession(): StaffSession | null {
  return useSyncExternalStore(staffSessionStore.subscribe, staffSessionStore.get, () => null);
}
