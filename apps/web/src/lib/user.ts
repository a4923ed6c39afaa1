// The signed-in patient's profile: one query every screen reads (never fetched again per screen).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@portal/contracts/identity';
import { api } from './api.ts';
import { useSession } from './session-hooks.ts';

export const userQuery = () =>
  queryOptions({
    queryKey: ['user'],
    // Not parsed again here: the server's zod serializer checked the answer, and every page's frame reads this query,
    // so the schema would put zod on every route (decision 021).
    queryFn: () => api.get<UserProfile>('/api/v1/user', { query: { expand: 'USER,PERIOD,CAREGIVER' } }),
    staleTime: 5 * 60_000,
  });

/** The profile of the signed-in patient (disabled while nobody is signed in). */
export function useUser() {
  const session = useSession();
  return useQuery({ ...userQuery(), enabled: Boolean(session) });
}
