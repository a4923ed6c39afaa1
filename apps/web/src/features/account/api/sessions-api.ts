// "My sessions" (decision 044): the account's live sessions, ending one of them or every other one.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  OtherSessionsEndedResponseSchema,
  SessionEndedResponseSchema,
  SessionsResponseSchema,
} from '@portal/contracts/sessions';
import { api } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session-hooks.ts';

const sessionsQuery = () =>
  queryOptions({
    queryKey: ['sessions'],
    queryFn: () => api.get('/api/v1/sessions', { schema: SessionsResponseSchema.shape.data }),
  });

export function useSessions() {
  const session = useSession();
  return useQuery({ ...sessionsQuery(), enabled: Boolean(session) });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete(`/api/v1/sessions/${encodeURIComponent(id)}`, { schema: SessionEndedResponseSchema.shape.data }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post('/api/v1/sessions/end-others', undefined, { schema: OtherSessionsEndedResponseSchema.shape.data }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey }),
  });
}
