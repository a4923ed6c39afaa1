// The app's api-client instance: the session's token, its renewal and the app-version tracker are wired here once.
import { LoginResponseSchema } from '@portal/contracts/identity';
import { createApiClient } from './api-client.ts';
import { appVersion } from './app-version.ts';
import { camelCaseDeep } from './camel-case.ts';
import { sessionStore } from './session.ts';

let refreshing: Promise<boolean> | undefined;

/** Trades the refresh token for new tokens (rotated on every use); concurrent callers share one call. */
function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const current = sessionStore.get();
    if (!current) return false;
    try {
      const response = await fetch('/api/v1/token/refresh', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ refreshToken: current.refreshToken }),
      });
      appVersion.observe(response.headers.get('x-app-version'));
      if (!response.ok) return false;
      const tokens = camelCaseDeep(LoginResponseSchema.parse(await response.json()).data) as { accessToken: string; idToken: string; refreshToken: string };
      sessionStore.set({ accessToken: tokens.accessToken, idToken: tokens.idToken, refreshToken: tokens.refreshToken });
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

export const api = createApiClient({
  getToken: () => sessionStore.get()?.accessToken,
  onVersion: (version) => appVersion.observe(version),
  refresh: refreshSession,
});
