// What every screen but the login shares, loaded with the first of them (app/router.tsx): the query client, the
// signed-in patient for the page frame, and react-aria's links through the router. The login route needs none of it
// (decisions 023 and 028).
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { AriaRouter } from '../../components/layouts/aria-router.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { SignedInUser } from '../../lib/signed-in-user.ts';
import { useUser } from '../../lib/user.ts';

// Its own chunk: what it shares with the app's first script would otherwise be split off the login route's.
const LanguageFollower = lazy(() => import('./language-follower.tsx'));

function SignedInPatient({ children }: { children: ReactNode }) {
  const user = useUser();
  return <SignedInUser.Provider value={user.data}>{children}</SignedInUser.Provider>;
}

/** A screen inside the shared providers. */
export function withScreenProviders<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  return function WithScreenProviders(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <AriaRouter>
          <SignedInPatient>
            <Suspense fallback={null}>
              <LanguageFollower />
            </Suspense>
            <Screen {...props} />
          </SignedInPatient>
        </AriaRouter>
      </QueryClientProvider>
    );
  };
}
