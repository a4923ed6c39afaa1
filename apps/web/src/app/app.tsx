// Providers, outermost first: query client, language, program content (with intl), snackbars, router.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { api } from '../lib/api.ts';
import { sessionStore } from '../lib/session.ts';
import { SnackbarProvider } from '../components/ui/snackbar.tsx';
import { ProgramProvider } from '../program/program-context.tsx';
import { LanguageProvider, useLanguage } from '../lib/language.tsx';
import { loginPathFor, stripLanguage } from '../lib/paths.ts';
import type { createRouter } from './router.tsx';

type Router = ReturnType<typeof createRouter>;

function Routed({ router }: { router: Router }) {
  const { language } = useLanguage();
  useEffect(
    () =>
      // A 401 anywhere clears the session and goes to login with ref=session-expired (spec sections 4 and 8).
      api.onStatus(401, () => {
        // Protected routes redirect by themselves (with ref=session-expired) once the session is gone.
        sessionStore.clear('expired');
        const { pathname, search } = router.state.location;
        const onLogin = stripLanguage(pathname) === '/login';
        if (!onLogin) void router.navigate(loginPathFor(language, `${pathname}${search}`, 'session-expired'), { replace: true });
      }),
    [router, language],
  );
  useEffect(() => {
    // Another tab logged in or out.
    const onStorage = (event: StorageEvent) => {
      if (event.key === 'portal.session') sessionStore.reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return <RouterProvider router={router} />;
}

/** The app's providers around its router; both are made before the first render (main.tsx). */
export function App({ queryClient, router }: { queryClient: QueryClient; router: Router }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LanguageProvider initialPath={window.location.pathname}>
        <ProgramProvider>
          <SnackbarProvider>
            <Routed router={router} />
          </SnackbarProvider>
        </ProgramProvider>
      </LanguageProvider>
    </QueryClientProvider>
  );
}
