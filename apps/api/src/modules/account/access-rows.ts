// Access rows of the account (test/access-matrix.ts): the caller's own password, e-mail, consents, export and
// closure; confirming a new e-mail is public (the link in the mail is the credential).
import { ConsentsResponseSchema } from '@portal/contracts/account';
import type { ModuleAccess } from '../../test/access-matrix.ts';
import { callAs } from '../../test/patients.ts';

export const ACCESS: ModuleAccess = {
  publicRoutes: ['POST /api/v1/account/email/confirm', 'POST /api/v1/account/email/not-me'],
  patientRows: [
    {
      method: 'POST',
      path: '/api/v1/account/password',
      roundTrips: 11,
      body: (caller) => ({ currentPassword: caller.password, newPassword: 'Otra-clave-segura-7' }),
      spendsTheCaller: true,
    },
    {
      method: 'POST',
      path: '/api/v1/account/email',
      roundTrips: 12,
      body: (caller) => ({ newEmail: `nuevo.${caller.patientId}@test.example`, currentPassword: caller.password }),
    },
    { method: 'GET', path: '/api/v1/consents', roundTrips: 3 },
    { method: 'POST', path: '/api/v1/consents', roundTrips: 9, body: () => ({ termsVersion: '3.1' }) },
    {
      method: 'POST',
      path: '/api/v1/account/export',
      roundTrips: 25,
      body: (caller) => ({ currentPassword: caller.password }),
    },
    {
      method: 'POST',
      path: '/api/v1/account/close',
      roundTrips: 10,
      body: (caller) => ({ currentPassword: caller.password }),
      spendsTheCaller: true,
    },
  ],
  snapshot: async (t, owner) =>
    ConsentsResponseSchema.parse((await callAs(t, owner, 'GET', '/api/v1/consents')).json()).data,
};
