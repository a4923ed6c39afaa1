// The caregiver domain's calls: read, add, change and remove the patient's caregiver.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { CaregiverGetResponseSchema, CaregiverResponseSchema, type CaregiverBody } from '@portal/contracts/caregiver';
import { api } from '../../../lib/api.ts';
import { userQuery } from '../../../lib/user.ts';

export const caregiverQuery = () =>
  queryOptions({
    queryKey: ['caregiver'],
    queryFn: () => api.get('/api/v1/caregiver', { schema: CaregiverGetResponseSchema.shape.data }),
    staleTime: 60_000,
  });

/** Every change refreshes the caregiver and the profile (which carries the caregiver too). */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: caregiverQuery().queryKey }),
      queryClient.invalidateQueries({ queryKey: userQuery().queryKey }),
    ]);
}

export function useAddCaregiver() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (body: CaregiverBody) =>
      api.post('/api/v1/caregiver', body, { schema: CaregiverResponseSchema.shape.data }),
    onSuccess: refresh,
  });
}

export function useChangeCaregiver() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CaregiverBody }) =>
      api.put(`/api/v1/caregiver/${id}`, body, { schema: CaregiverResponseSchema.shape.data }),
    onSuccess: refresh,
  });
}

export function useRemoveCaregiver() {
  const refresh = useRefreshAfter();
  return useMutation({ mutationFn: (id: number) => api.delete(`/api/v1/caregiver/${id}`), onSuccess: refresh });
}
