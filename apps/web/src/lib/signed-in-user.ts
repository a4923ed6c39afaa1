// The signed-in patient's profile as the page frame shows it (the ribbon's first name, the country of the call-center
// phones). The screens provide it from the one ['user'] query (app/layouts/screen-providers.tsx); the login route,
// which has no query library (decision 028), has none.
import { createContext, useContext } from 'react';
import type { UserProfile } from '@portal/contracts/identity';

export const SignedInUser = createContext<UserProfile | undefined>(undefined);

export function useSignedInUser(): UserProfile | undefined {
  return useContext(SignedInUser);
}
