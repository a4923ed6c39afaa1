// Access rows of the caregiver (test/access-matrix.ts): the owner's caregiver, named by id, and the caller's own.
import { randomInt } from 'node:crypto';
import { CaregiverGetResponseSchema, CaregiverResponseSchema } from '@portal/contracts/caregiver';
import { CaregiverAccessGetResponseSchema, CaregiverAccessResponseSchema } from '@portal/contracts/caregiver-access';
import type { ModuleAccess } from '../../test/access-matrix.ts';
import { callAs, type TestPatient } from '../../test/patients.ts';
import { cedula } from '../../test/signup-bodies.ts';

/** A caregiver the caller may register: a new person each time, of the caller's country. */
function caregiverOf(caller: Pick<TestPatient, 'slug'>, firstName = 'Intruso') {
  const inCostaRica = caller.slug === 'alivio';
  return {
    relation: 'OTHER',
    firstName,
    lastName: 'Prueba',
    identification: inCostaRica
      ? { type: 'IDENTIFICATION', number: cedula() }
      : { type: 'PASSPORT', number: `TT${randomInt(1_000_000, 9_999_999)}` },
    phone: inCostaRica ? { country: 'CR', phoneNumber: '7000 9999' } : { country: 'TT', phoneNumber: '868 620 9999' },
    // An e-mail, so that the caregiver can still be invited to a login of their own once changed (decision 092).
    email: `cuidador.${randomInt(1_000_000, 9_999_999)}@example.com`,
  };
}

export const ACCESS: ModuleAccess = {
  // The caregiver's own login (decision 092) first: its budgets run before the caregiver's removal ends it.
  patientRows: [
    { method: 'GET', path: '/api/v1/caregiver-access', roundTrips: 2 },
    {
      method: 'POST',
      path: '/api/v1/caregiver/{id}/invitation',
      roundTrips: 14,
      url: (ids) => `/api/v1/caregiver/${ids.caregiverId}/invitation`,
      body: () => ({}),
    },
    {
      method: 'PUT',
      path: '/api/v1/caregiver-access/{id}',
      roundTrips: 7,
      url: (ids) => `/api/v1/caregiver-access/${ids.caregiverAccessId}`,
      body: () => ({ areas: ['codes', 'booking'] }),
    },
    {
      method: 'DELETE',
      path: '/api/v1/caregiver-access/{id}',
      roundTrips: 7,
      url: (ids) => `/api/v1/caregiver-access/${ids.caregiverAccessId}`,
    },
    { method: 'GET', path: '/api/v1/caregiver', roundTrips: 2 },
    {
      method: 'POST',
      path: '/api/v1/caregiver',
      roundTrips: 10,
      body: (caller) => caregiverOf(caller),
      // The owner, and the patient who made the matrix's call, have one already.
      budgetCaller: 'new patient',
    },
    {
      method: 'PUT',
      path: '/api/v1/caregiver/{id}',
      roundTrips: 10,
      url: (ids) => `/api/v1/caregiver/${ids.caregiverId}`,
      body: (caller) => caregiverOf(caller),
    },
    {
      method: 'DELETE',
      path: '/api/v1/caregiver/{id}',
      roundTrips: 8,
      url: (ids) => `/api/v1/caregiver/${ids.caregiverId}`,
    },
  ],
  // The invitation's calls are public: a link, not a session (decision 092).
  publicRoutes: ['POST /api/v1/caregiver-invitation/open', 'POST /api/v1/caregiver-invitation/accept'],
  // Rosa: a name the tests look for in every answer to an intruder. Invited to a login of her own.
  seed: async (t, owner) => {
    const added = await callAs(t, owner, 'POST', '/api/v1/caregiver', {
      ...caregiverOf(owner, 'Rosa'),
      relation: 'DIRECT_FAMILY',
    });
    if (added.statusCode !== 201) throw new Error(`caregiver not added: ${added.body}`);
    const caregiverId = CaregiverResponseSchema.parse(added.json()).data.id;
    const invited = await callAs(t, owner, 'POST', `/api/v1/caregiver/${caregiverId}/invitation`, {});
    if (invited.statusCode !== 200) throw new Error(`caregiver not invited: ${invited.body}`);
    return { caregiverId, caregiverAccessId: CaregiverAccessResponseSchema.parse(invited.json()).data.id };
  },
  snapshot: async (t, owner) => ({
    caregiver: CaregiverGetResponseSchema.parse((await callAs(t, owner, 'GET', '/api/v1/caregiver')).json()).data,
    access: CaregiverAccessGetResponseSchema.parse((await callAs(t, owner, 'GET', '/api/v1/caregiver-access')).json())
      .data,
  }),
};
