// Access rows of identity (test/access-matrix.ts): logging in and recovering a password are public; the profile,
// logout and "my sessions" are the caller's own account, behind the patient door. A session is named by its id.
import { UserResponseSchema } from '@portal/contracts/identity';
import { SessionsResponseSchema } from '@portal/contracts/sessions';
import type { ModuleAccess } from '../../test/access-matrix.ts';
import { hostOf } from '../../test/app.ts';
import { callAs } from '../../test/patients.ts';

const sessionsOf = async (...[t, owner]: Parameters<NonNullable<ModuleAccess['snapshot']>>) =>
  SessionsResponseSchema.parse((await callAs(t, owner, 'GET', '/api/v1/sessions')).json()).data;

export const ACCESS: ModuleAccess = {
  publicRoutes: [
    'POST /api/v1/login',
    'POST /api/v1/token/refresh',
    'GET /api/v1/cognito/check',
    'POST /api/v1/password/recover',
  ],
  patientRows: [
    { method: 'GET', path: '/api/v1/user', roundTrips: 1 },
    { method: 'POST', path: '/api/v1/logout', roundTrips: 4, spendsTheCaller: true },
    { method: 'GET', path: '/api/v1/sessions', roundTrips: 2 },
    { method: 'POST', path: '/api/v1/sessions/end-others', roundTrips: 6, spendsTheCaller: true },
    {
      method: 'DELETE',
      path: '/api/v1/sessions/{id}',
      roundTrips: 6,
      url: (ids) => `/api/v1/sessions/${ids.sessionId}`,
    },
  ],
  // A second session of the owner's (another device), which only the owner may end.
  seed: async (t, owner) => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { host: hostOf(owner.slug) },
      payload: { email: owner.email, password: owner.password },
    });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
    return { sessionId: (await sessionsOf(t, owner)).find((row) => !row.current)!.id };
  },
  // The owner's profile, that the owner's session still opens the door, and which sessions the owner has.
  snapshot: async (t, owner) => ({
    profile: UserResponseSchema.parse(
      (await callAs(t, owner, 'GET', '/api/v1/user?expand=USER,PERIOD,CAREGIVER')).json(),
    ).data,
    sessions: (await sessionsOf(t, owner)).map((row) => row.id).sort(),
  }),
};
