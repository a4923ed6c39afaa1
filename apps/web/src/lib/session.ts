// The signed-in session (access, id and refresh tokens), kept per origin (so per program) in localStorage.
import { LANGUAGES, type Language } from '@portal/contracts/enum-lists';

export interface Session {
  accessToken: string;
  idToken: string;
  refreshToken: string;
}

const STORAGE_KEY = 'portal.session';
type Listener = () => void;
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
/** Why the last session ended: 'expired' when the server refused it (a 401), so login can say so. */
let endReason: 'logout' | 'expired' | undefined;

export const sessionStore = {
  get: (): Session | null => current,
  set(session: Session) {
    current = session;
    endReason = undefined;
    localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    listeners.forEach((listener) => listener());
  },
  clear(reason: 'logout' | 'expired' = 'logout') {
    current = null;
    endReason = reason;
    localStorage.removeItem(STORAGE_KEY);
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
    current = read();
    listeners.forEach((listener) => listener());
  },
};

/** The account's language as the ID token says it (its `locale` claim), or undefined when it names none we know. */
export function languageOfSession(session: Session | null): Language | undefined {
  const payload = session?.idToken.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { locale?: unknown };
    return LANGUAGES.find((language) => language === claims.locale);
  } catch {
    return undefined;
  }
}
