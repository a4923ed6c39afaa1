// Providers, outermost first: language, program content (with intl), snackbars, router. The query client comes with
// the screens that use it (app/layouts/screen-providers.tsx), not on the login route (decision 028).
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

/** The app's providers around its router, made before the first render (main.tsx). */
export function App({ router }: { router: Router }) {
  return (
    <LanguageProvider initialPath={window.location.pathname}>
      <ProgramProvider>
        <SnackbarProvider>
          <Routed router={router} />
        </SnackbarProvider>
      </ProgramProvider>
    </LanguageProvider>
  );
}
