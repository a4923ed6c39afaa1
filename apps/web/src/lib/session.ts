// The signed-in session (access, id and refresh tokens), kept per origin (so per program) in localStorage.
import { LANGUAGES, type Language } from '@portal/contracts/enum-lists';

export interface Session {
  accessToken: string;
  idToken: string;
  refreshToken: string;
}

const STORAGE_KEY = 'portal.session';
/**
 * What a patient's screens keep on this device for use without a connection (the discount code's card, decision 046):
 * localStorage keys under this prefix. They go when the session ends (logout, expiry, closure) and when another account
 * signs in, so that nothing of one patient stays for the next person who holds the phone.
 */
export const PATIENT_DEVICE_DATA_PREFIX = 'portal.patient.';
type Listener = () => void;

function forgetPatientDeviceData() {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith(PATIENT_DEVICE_DATA_PREFIX)) localStorage.removeItem(key);
  }
}
const listeners = new Set<Listener>();

function read(): Session | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Session>;
    return typeof parsed.accessToken === 'string' &&
      typeof parsed.idToken === 'string' &&
      typeof parsed.refreshToken === 'string'
      ? (parsed as Session)
      : null;
  } catch {
    return null;
  }
}

let current: Session | null = typeof localStorage === 'undefined' ? null : read();
/**
 * Why the last session ended: 'expired' when the server refused it (a 401), so login can say so. Kept for the tab
 * (sessionStorage): a reload that comes before the redirect to login still says why.
 */
const END_REASON_KEY = 'portal.session.ended';
let endReason: 'logout' | 'expired' | undefined =
  typeof sessionStorage !== 'undefined' && sessionStorage.getItem(END_REASON_KEY) === 'expired' ? 'expired' : undefined;

export const sessionStore = {
  get: (): Session | null => current,
  set(session: Session) {
    if (subjectOfSession(current) !== subjectOfSession(session)) forgetPatientDeviceData();
    current = session;
    endReason = undefined;
    sessionStorage.removeItem(END_REASON_KEY);
    localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    listeners.forEach((listener) => listener());
  },
  clear(reason: 'logout' | 'expired' = 'logout') {
    current = null;
    endReason = reason;
    sessionStorage.setItem(END_REASON_KEY, reason);
    localStorage.removeItem(STORAGE_KEY);
    forgetPatientDeviceData();
    listeners.forEach((listener) => listener());
  },
  get endReason() {
    return endReason;
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Re-reads storage (another tab may have logged in or out). */
  reload() {
    const next = read();
    if (subjectOfSession(current) !== subjectOfSession(next)) forgetPatientDeviceData();
    current = next;
    listeners.forEach((listener) => listener());
  },
};

/** The ID token's claims (not verified: the server does that), or an empty record when it cannot be read. */
function claimsOf(session: Session | null): Record<string, unknown> {
  const payload = session?.idToken.split('.')[1];
  if (!payload) return {};
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The account's language as the ID token says it (its `locale` claim), or undefined when it names none we know. */
export function languageOfSession(session: Session | null): Language | undefined {
  const { locale } = claimsOf(session);
  return LANGUAGES.find((language) => language === locale);
}

/** The account the session belongs to (the ID token's `sub`), or undefined without a session. */
export function subjectOfSession(session: Session | null): string | undefined {
  const { sub } = claimsOf(session);
  return typeof sub === 'string' ? sub : undefined;
}
