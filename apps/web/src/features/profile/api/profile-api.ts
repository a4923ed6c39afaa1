// The profile's call: PUT /api/v1/user (the profile itself is lib/user.ts's one query; the address search is patient/api).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ProfileUpdateResponseSchema, type ProfileUpdateBody } from '@portal/contracts/profile';
import { api } from '../../../lib/api.ts';
import { userQuery } from '../../../lib/user.ts';

const updateProfile = (body: ProfileUpdateBody) =>
  api.put('/api/v1/user', body, { schema: ProfileUpdateResponseSchema.shape.data });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQuery().queryKey }),
  });
}
