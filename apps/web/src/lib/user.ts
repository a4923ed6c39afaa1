// The signed-in patient's profile: one query every screen reads (never fetched again per screen).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { UserProfileSchema } from '@portal/contracts/identity';
import { api } from './api.ts';
import { useSession } from './session-hooks.ts';

export const userQuery = () =>
  queryOptions({
    queryKey: ['user'],
    queryFn: () => api.get('/api/v1/user', { query: { expand: 'USER,PERIOD,CAREGIVER' }, schema: UserProfileSchema }),
    staleTime: 5 * 60_000,
  });

/** The profile of the signed-in patient (disabled while nobody is signed in). */
export function useUser() {
  const session = useSession();
  return useQuery({ ...userQuery(), enabled: Boolean(session) });
}
