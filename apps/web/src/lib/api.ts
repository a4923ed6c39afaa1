// The app's api-client instance: the session's token and the app-version tracker are wired here once.
import { createApiClient } from './api-client.ts';
import { appVersion } from './app-version.ts';
import { sessionStore } from './session.ts';

export const api = createApiClient({
  getToken: () => sessionStore.get()?.accessToken,
  onVersion: (version) => appVersion.observe(version),
});
