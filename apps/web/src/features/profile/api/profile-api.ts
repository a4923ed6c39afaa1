// The profile's calls: PUT /api/v1/user (the profile itself is lib/user.ts's one query) and the address search.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CountryCode, Language } from '@portal/contracts/enums';
import { ProfileUpdateResponseSchema, type ProfileUpdateBody } from '@portal/contracts/profile';
import { LocationSearchResponseSchema } from '@portal/contracts/signup';
import { api } from '../../../lib/api.ts';
import { userQuery } from '../../../lib/user.ts';

export const updateProfile = (body: ProfileUpdateBody) => api.put('/api/v1/user', body, { schema: ProfileUpdateResponseSchema.shape.data });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQuery().queryKey }),
  });
}

export const searchLocations = (country: CountryCode, q: string, lang: Language) =>
  api.get('/api/v1/resource/locations', { query: { country, q, lang }, schema: LocationSearchResponseSchema.shape.data });
