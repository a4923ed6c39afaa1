// Access rows of treatments (test/access-matrix.ts): the owner's live treatment, named by id, and the list.
import { TreatmentsResponseSchema } from '@portal/contracts/treatments';
import type { ModuleAccess } from '../../test/access-matrix.ts';
import { callAs } from '../../test/patients.ts';
import { alivioTreatment } from '../../test/signup-bodies.ts';

/** A change of the owner's treatment (another frequency and duration): an intruder's must change nothing. */
const change = {
  doctorAuthorized: true,
  treatment: alivioTreatment({ frequency: { amount: 3, interval: 'day' }, duration: { amount: 1, interval: 'year' } }),
};
/** A treatment an alivio patient may add (an intruder adds it to its own list): another medicine than enrolment's. */
const added = alivioTreatment({ productId: 1103 });

const list = async (...[t, owner]: Parameters<NonNullable<ModuleAccess['snapshot']>>) =>
  TreatmentsResponseSchema.parse((await callAs(t, owner, 'GET', '/api/v1/treatments')).json()).data;

export const ACCESS: ModuleAccess = {
  patientRows: [
    { method: 'GET', path: '/api/v1/treatments', roundTrips: 2 },
    { method: 'POST', path: '/api/v1/treatments', roundTrips: 10, body: () => added },
    {
      method: 'GET',
      path: '/api/v1/treatments/{id}',
      roundTrips: 2,
      url: (ids) => `/api/v1/treatments/${ids.treatmentId}`,
    },
    {
      method: 'PUT',
      path: '/api/v1/treatments/{id}',
      roundTrips: 10,
      url: (ids) => `/api/v1/treatments/${ids.treatmentId}`,
      body: () => change,
    },
    {
      method: 'DELETE',
      path: '/api/v1/treatments/{id}',
      roundTrips: 7,
      url: (ids) => `/api/v1/treatments/${ids.treatmentId}`,
      body: () => ({ reason: 'COST' }),
    },
  ],
  // The treatment enrolment gave the owner.
  seed: async (t, owner) => ({ treatmentId: (await list(t, owner)).live.at(-1)!.id }),
  snapshot: list,
};
