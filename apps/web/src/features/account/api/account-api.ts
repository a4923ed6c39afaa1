// The account's calls (decisions 019, 020): password, login e-mail, terms, the privacy centre's export and closure.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ChangeEmailResponseSchema,
  ChangePasswordResponseSchema,
  CloseAccountResponseSchema,
  ConfirmEmailChangeResponseSchema,
  ConsentsResponseSchema,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type ExportDataBody,
} from '@portal/contracts/account';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { downloadBlob } from '../../../lib/download-file.ts';
import { sessionStore } from '../../../lib/session.ts';
import { useSession } from '../../../lib/session-hooks.ts';
import { userQuery } from '../../../lib/user.ts';

export const changePassword = (body: ChangePasswordBody) =>
  api.post('/api/v1/account/password', body, { schema: ChangePasswordResponseSchema.shape.data });
export const changeEmail = (body: ChangeEmailBody) =>
  api.post('/api/v1/account/email', body, { schema: ChangeEmailResponseSchema.shape.data });
export const confirmEmailChange = (link: { n: string; s: string }) =>
  api.post('/api/v1/account/email/confirm', link, { schema: ConfirmEmailChangeResponseSchema.shape.data });
/** The old address's "this wasn't me" after an agent changed the login e-mail (decision 076). */
export const closeAccount = (currentPassword: string) =>
  api.post('/api/v1/account/close', { currentPassword }, { schema: CloseAccountResponseSchema.shape.data });

export const consentsQuery = () =>
  queryOptions({
    queryKey: ['consents'],
    queryFn: () => api.get('/api/v1/consents', { schema: ConsentsResponseSchema.shape.data }),
    staleTime: 5 * 60_000,
  });

export function useConsents() {
  const session = useSession();
  return useQuery({ ...consentsQuery(), enabled: Boolean(session) });
}

export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (termsVersion: string) =>
      api.post('/api/v1/consents', { termsVersion }, { schema: ConsentsResponseSchema.shape.data }),
    onSuccess: (data) => {
      queryClient.setQueryData(consentsQuery().queryKey, data);
      return queryClient.invalidateQueries({ queryKey: userQuery().queryKey });
    },
  });
}

/**
 * "Download my data": the export is a file (Content-Disposition attachment), fetched with the session's token and
 * handed to the browser as a download. The api-client's envelope and camelCase handling do not apply to a file.
 */
function fetchExport(currentPassword: string) {
  const token = sessionStore.get()?.accessToken;
  return fetch('/api/v1/account/export', {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ currentPassword } satisfies ExportDataBody),
    cache: 'no-store',
  });
}

/** Asks for the password again (decision 044); a refusal is an ApiError, so a wrong password lands on its field. */
export async function downloadMyData(currentPassword: string): Promise<void> {
  let response = await fetchExport(currentPassword);
  if (response.status === 401) {
    // An expired access token: one call through the api-client renews the session (or ends it), then once more.
    await api.get('/api/v1/consents');
    response = await fetchExport(currentPassword);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw new ApiError(response.status, body);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'my-data.json';
  downloadBlob(name, await response.blob());
}
