// Access rows of treatments (test/access-matrix.ts): the owner's live treatment, named by id, and the list.
import { TreatmentsResponseSchema } from '@portal/contracts/treatments';
import type { ModuleAccess } from '../../test/access-matrix.ts';
import { callAs } from '../../test/patients.ts';

const change = {
  doctorAuthorized: true,
  treatment: {
    unitAmount: '1',
    frequency: { amount: 3, interval: 'day' },
    duration: { amount: 1, interval: 'year' },
    notStarted: true,
    doctor: { firstName: 'Otro', lastName: 'Médico' },
    healthCenter: { name: 'Otro', type: 'PUBLIC' },
  },
};
/** A treatment an alivio patient may add (an intruder adds it to its own list). */
const added = {
  productId: 1103,
  unitAmount: '1',
  frequency: { amount: 1, interval: 'month' },
  duration: { amount: 1, interval: 'year' },
  notStarted: true,
  doctor: { firstName: 'Otro', lastName: 'Médico' },
  healthCenter: { name: 'Otro', type: 'PUBLIC' },
};

const list = async (...[t, owner]: Parameters<NonNullable<ModuleAccess['snapshot']>>) =>
  TreatmentsResponseSchema.parse((await callAs(t, owner, 'GET', '/api/v1/treatments')).json()).data;

export const ACCESS: ModuleAccess = {
  patientRows: [
    { method: 'GET', path: '/api/v1/treatments' },
    { method: 'POST', path: '/api/v1/treatments', body: () => added },
    { method: 'GET', path: '/api/v1/treatments/{id}', url: (ids) => `/api/v1/treatments/${ids.treatmentId}` },
    {
      method: 'PUT',
      path: '/api/v1/treatments/{id}',
      url: (ids) => `/api/v1/treatments/${ids.treatmentId}`,
      body: () => change,
    },
    {
      method: 'DELETE',
      path: '/api/v1/treatments/{id}',
      url: (ids) => `/api/v1/treatments/${ids.treatmentId}`,
      body: () => ({ reason: 'COST' }),
    },
  ],
  // The treatment enrolment gave the owner.
  seed: async (t, owner) => ({ treatmentId: (await list(t, owner)).live[0]!.id }),
  snapshot: list,
};
