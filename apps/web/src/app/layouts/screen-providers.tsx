// What every screen but the login shares, loaded with the first of them (app/router.tsx): the query client, the
// signed-in patient for the page frame, and react-aria's links through the router. The login route needs none of it
// (decisions 023 and 028).
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { AriaRouter } from '../../components/layouts/aria-router.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { SignedInUser } from '../../lib/signed-in-user.ts';
import { userQuery, useUser } from '../../lib/user.ts';
import { takeFirstAnswers } from '../../lib/api.ts';
import { consentsQuery } from '../../features/account/api/account-api.ts';
import { treatmentsQuery } from '../../features/treatments/api/treatments-api.ts';
import { TreatmentsResponseSchema } from '@portal/contracts/treatments';
import { ConsentsResponseSchema } from '@portal/contracts/account';

// The home's first answers that the login carried (decision 088) go in as the answers of their own queries, checked as
// those queries check theirs: the home paints its greeting, ribbon and first card without waiting for them again.
takeFirstAnswers(({ user, treatments, consents }) => {
  if (user) queryClient.setQueryData(userQuery().queryKey, user);
  const treatmentsList = TreatmentsResponseSchema.shape.data.safeParse(treatments);
  if (treatmentsList.success) queryClient.setQueryData(treatmentsQuery().queryKey, treatmentsList.data);
  const consentsView = ConsentsResponseSchema.shape.data.safeParse(consents);
  if (consentsView.success) queryClient.setQueryData(consentsQuery().queryKey, consentsView.data);
});

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
