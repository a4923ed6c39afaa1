// The profile's calls: PUT /api/v1/user (the profile itself is lib/user.ts's one query; the address search is
// patient/api), and the notices: the booking notices' channel and reminders, and the refill reminders (GET and PUT
// /api/v1/user/notices).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NoticePreferencesResponseSchema, type NoticePreferences } from '@portal/contracts/notices';
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

const noticePreferencesQuery = () =>
  queryOptions({
    queryKey: ['notice-preferences'],
    queryFn: () => api.get('/api/v1/user/notices', { schema: NoticePreferencesResponseSchema.shape.data }),
  });

export function useNoticePreferences() {
  return useQuery(noticePreferencesQuery());
}

export function useUpdateNoticePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NoticePreferences) =>
      api.put('/api/v1/user/notices', body, { schema: NoticePreferencesResponseSchema.shape.data }),
    onSuccess: (saved) => queryClient.setQueryData(noticePreferencesQuery().queryKey, saved),
  });
}
