// Providers, outermost first: language, program content (with intl), snackbars, router. The query client comes with
// the screens that use it (app/layouts/screen-providers.tsx), not on the login route (decision 028).
import { useEffect, type ReactNode } from 'react';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router';
import type { AppHistory } from '../lib/app-history.ts';
import { api } from '../lib/api.ts';
import { sessionStore } from '../lib/session.ts';
import { SnackbarProvider } from '../components/ui/snackbar.tsx';
import { ProgramProvider } from '../program/program-context.tsx';
import { LanguageProvider, useLanguage } from '../lib/language.tsx';
import { loginPathFor, stripLanguage } from '../lib/paths.ts';
import { AppRoutes } from './router.tsx';

function Routed({ history }: { history: AppHistory['history'] }) {
  const { language } = useLanguage();
  useEffect(
    () =>
      // A 401 anywhere clears the session and goes to login with ref=session-expired (spec sections 4 and 8).
      api.onStatus(401, () => {
        // Protected routes redirect by themselves (with ref=session-expired) once the session is gone.
        sessionStore.clear('expired');
        const { pathname, search } = history.location;
        const onLogin = stripLanguage(pathname) === '/login';
        if (!onLogin) history.replace(loginPathFor(language, `${pathname}${search}`, 'session-expired'));
      }),
    [history, language],
  );
  useEffect(() => {
    // Another tab logged in or out.
    const onStorage = (event: StorageEvent) => {
      if (event.key === 'portal.session') sessionStore.reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return (
    <HistoryRouter history={history}>
      <AppRoutes />
    </HistoryRouter>
  );
}

/** The app's providers, around the browser's router here and the server's in entry-server.tsx. */
export function AppProviders({ initialPath, children }: { initialPath: string; children: ReactNode }) {
  return (
    <LanguageProvider initialPath={initialPath}>
      <ProgramProvider>
        <SnackbarProvider>{children}</SnackbarProvider>
      </ProgramProvider>
    </LanguageProvider>
  );
}

/** The app on the browser's history (main.tsx). */
export function App({ history }: { history: AppHistory['history'] }) {
  return (
    <AppProviders initialPath={window.location.pathname}>
      <Routed history={history} />
    </AppProviders>
  );
}
