// A caregiver's own login (decision 092): the patient's calls on the access of their caregiver (invite, the areas,
// end it), and the invitation's public calls (open the link, set up the password). The screens come next.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CaregiverAccessGetResponseSchema,
  CaregiverAccessResponseSchema,
  CaregiverInvitationAcceptResponseSchema,
  CaregiverInvitationOpenResponseSchema,
  type CareArea,
} from '@portal/contracts/caregiver-access';
import { api } from '../../../lib/api.ts';

export const caregiverAccessQuery = () =>
  queryOptions({
    queryKey: ['caregiver', 'access'],
    queryFn: () => api.get('/api/v1/caregiver-access', { schema: CaregiverAccessGetResponseSchema.shape.data }),
    staleTime: 60_000,
  });

function useRefreshAccess() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: caregiverAccessQuery().queryKey });
}

/** Invites the registered caregiver `caregiverId`; without areas, the defaults of an adult's or a minor's caregiver. */
export function useInviteCaregiver() {
  const refresh = useRefreshAccess();
  return useMutation({
    mutationFn: ({ caregiverId, areas }: { caregiverId: number; areas?: CareArea[] }) =>
      api.post(`/api/v1/caregiver/${caregiverId}/invitation`, areas ? { areas } : {}, {
        schema: CaregiverAccessResponseSchema.shape.data,
      }),
    onSuccess: refresh,
  });
}

export function useChangeCaregiverAreas() {
  const refresh = useRefreshAccess();
  return useMutation({
    mutationFn: ({ id, areas }: { id: number; areas: CareArea[] }) =>
      api.put(`/api/v1/caregiver-access/${id}`, { areas }, { schema: CaregiverAccessResponseSchema.shape.data }),
    onSuccess: refresh,
  });
}

export function useEndCaregiverAccess() {
  const refresh = useRefreshAccess();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/v1/caregiver-access/${id}`),
    onSuccess: refresh,
  });
}

/** The invitation's page: who invites and the login's e-mail. */
export const openCaregiverInvitation = (link: { n: string; s: string }) =>
  api.post('/api/v1/caregiver-invitation/open', link, { schema: CaregiverInvitationOpenResponseSchema.shape.data });

/** The caregiver's own password, from the invitation's link. */
export const acceptCaregiverInvitation = (body: { n: string; s: string; password: string }) =>
  api.post('/api/v1/caregiver-invitation/accept', body, {
    schema: CaregiverInvitationAcceptResponseSchema.shape.data,
  });
