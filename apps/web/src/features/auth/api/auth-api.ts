// The auth domain's calls: login, logout and the signed-in user's profile.
import type { LoginBody } from '@portal/contracts/identity';
import { api, keepFirstAnswers, tokensOf } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { sessionStore, type Session } from '../../../lib/session.ts';

/**
 * The session a login opens, not started yet: the login screen starts it (startSession) once the screen it leads to
 * can paint, since with a session the login route sends the visitor home at once (decision 052).
 */
export async function login(body: LoginBody): Promise<Session> {
  // The login call handles its own refusals: no global status handler runs for it.
  const answer = await api.post<{ home?: unknown }>('/api/v1/login', body, { skipStatusHandlers: true });
  const tokens = tokensOf(answer);
  // The home's first answers (decision 088), for the screens' query client before the session starts.
  keepFirstAnswers(answer.home);
  return { accessToken: tokens.accessToken, idToken: tokens.idToken, refreshToken: tokens.refreshToken };
}

export function startSession(session: Session): void {
  sessionStore.set(session);
}

export async function logout(): Promise<void> {
  try {
    await api.post('/api/v1/logout', undefined, { skipStatusHandlers: true });
  } catch (error) {
    // A session the server no longer knows is logged out already.
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
  sessionStore.clear();
}
