// The one query client: no retries for 4xx answers, no refetch on window focus. It comes with the screens that use it
// (app/layouts/screen-providers.tsx), not with the login route (decision 028).
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { sessionStore } from './session.ts';

function createQueryClient() {
  // The online manager starts as "online" whatever the browser says: a portal opened offline would send every call,
  // wait for each to fail twice and show a wall of errors (issue 38, item 2). Started from the browser's answer, the
  // queries wait for the connection instead, and the regions say that they need it.
  if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean')
    onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
        // Tried once even offline: the service worker answers what it keeps (the lessons, the program's files); what
        // it cannot answer then waits for the connection (paused), and its region says that it needs it.
        networkMode: 'offlineFirst',
      },
    },
  });
}

/** The app's query client, made when the first screen that uses it loads. */
export const queryClient = createQueryClient();

// What was read for a patient goes when their session ends (logout, a 401, another tab), so that the next one to sign
// in on this device never sees it, not even for a moment.
let signedIn = sessionStore.get() !== null;
sessionStore.subscribe(() => {
  const now = sessionStore.get() !== null;
  if (signedIn && !now) queryClient.clear();
  signedIn = now;
});
