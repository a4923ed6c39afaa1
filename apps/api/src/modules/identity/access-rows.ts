// Access rows of identity (test/access-matrix.ts): logging in and recovering a password are public; the profile
// and logout are the caller's own session, behind the patient door.
import { UserResponseSchema } from '@portal/contracts/identity';
import type { ModuleAccess } from '../../test/access-matrix.ts';
import { callAs } from '../../test/patients.ts';

export const ACCESS: ModuleAccess = {
  publicRoutes: [
    'POST /api/v1/login',
    'POST /api/v1/token/refresh',
    'GET /api/v1/cognito/check',
    'POST /api/v1/password/recover',
  ],
  patientRows: [
    { method: 'GET', path: '/api/v1/user' },
    { method: 'POST', path: '/api/v1/logout', spendsTheCaller: true },
  ],
  // The owner's profile, and that the owner's session still opens the door.
  snapshot: async (t, owner) =>
    UserResponseSchema.parse((await callAs(t, owner, 'GET', '/api/v1/user?expand=USER,PERIOD,CAREGIVER')).json()).data,
};
