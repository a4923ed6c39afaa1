// The staff API as the console calls it (contract packages/contracts/src/staff.ts, decision 068), through the one
// api-client with the staff bearer (decision 072): never the patient's token, not even on the public set-up and login
// calls. A refused session (401) ends the staff session on this tab, and the console goes back to its login.
import { queryOptions } from '@tanstack/react-query';
import * as Contract from '@portal/contracts/staff';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { staffSessionStore } from '../staff-session.ts';

/** The staff bearer of this tab, or none (an empty one: the patient's token stays home either way). */
export const staffBearer = () => ({ bearer: staffSessionStore.get()?.token ?? '' });

export async function withStaffSession<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && staffSessionStore.get())
      staffSessionStore.clear('expired');
    throw error;
  }
}

export interface SetupLink {
  n: string;
  s: string;
}

export const openSetup = (link: SetupLink) =>
  api.post('/api/v1/staff/setup/open', link, {
    ...staffBearer(),
    schema: Contract.StaffSetupOpenResponseSchema.shape.data,
  });

export const setupQuery = (link: SetupLink) =>
  queryOptions({
    // Each opening draws a new secret (only the latest can finish): opened once per visit, never refetched.
    queryKey: ['staff', 'setup', link.n],
    queryFn: () => openSetup(link),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export type SetupAnswers = Omit<Contract.StaffSetupFinishBody, 'n' | 's'>;

export const finishSetup = (link: SetupLink, answers: SetupAnswers) =>
  api.post(
    '/api/v1/staff/setup/finish',
    { ...link, ...answers },
    { ...staffBearer(), schema: Contract.StaffSetupFinishResponseSchema.shape.data },
  );

export const logIn = (body: Contract.StaffLoginBody) =>
  api.post('/api/v1/staff/login', body, { ...staffBearer(), schema: Contract.StaffLoginResponseSchema.shape.data });

export async function proveSecondFactor(challenge: string, code: string) {
  const session = await api.post(
    '/api/v1/staff/login/second-factor',
    { challenge, code },
    { ...staffBearer(), schema: Contract.StaffSessionResponseSchema.shape.data },
  );
  staffSessionStore.set({ token: session.token, expiresAt: session.expiresAt });
  return session;
}

export const staffMeQuery = () =>
  queryOptions({
    queryKey: ['staff', 'me', staffSessionStore.get()?.token.slice(0, 12) ?? ''],
    queryFn: () =>
      withStaffSession(() =>
        api.get('/api/v1/staff/me', { ...staffBearer(), schema: Contract.StaffMeResponseSchema.shape.data }),
      ),
    staleTime: 60_000,
    retry: false,
  });

/** Ends the session on the server, then on this tab (even when the server had already ended it). */
export async function logOut() {
  try {
    await api.post('/api/v1/staff/logout', undefined, { ...staffBearer() });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
  staffSessionStore.clear('logout');
}
