// Access rows of benefits (test/access-matrix.ts): the owner's discount code, named by the product of a treatment
// only the owner has (Triptaval, 1104: no other test patient adds it), and the caller's own benefits.
import { BenefitsResponseSchema } from '@portal/contracts/benefits';
import type { ModuleAccess } from '../../test/access-matrix.ts';
import { callAs } from '../../test/patients.ts';
import { alivioTreatment } from '../../test/signup-bodies.ts';

const OWNERS_PRODUCT = 1104;

export const ACCESS: ModuleAccess = {
  patientRows: [
    { method: 'GET', path: '/api/v1/benefits', roundTrips: 4 },
    {
      method: 'GET',
      path: '/api/v1/benefits/products/{productId}/discount-code',
      roundTrips: 5,
      url: (ids) => `/api/v1/benefits/products/${ids.benefitProductId}/discount-code`,
    },
    {
      method: 'PUT',
      path: '/api/v1/benefits/products/{productId}/discount-code',
      roundTrips: 11,
      url: (ids) => `/api/v1/benefits/products/${ids.benefitProductId}/discount-code`,
    },
    {
      method: 'POST',
      path: '/api/v1/benefits/products/{productId}/discount-code/renew',
      roundTrips: 10,
      url: (ids) => `/api/v1/benefits/products/${ids.benefitProductId}/discount-code/renew`,
    },
  ],
  seed: async (t, owner) => {
    const added = await callAs(t, owner, 'POST', '/api/v1/treatments', alivioTreatment({ productId: OWNERS_PRODUCT }));
    if (added.statusCode !== 201) throw new Error(`treatment not added: ${added.body}`);
    const url = `/api/v1/benefits/products/${OWNERS_PRODUCT}/discount-code`;
    const made = await callAs(t, owner, 'PUT', url);
    if (made.statusCode !== 201) throw new Error(`discount code not made: ${made.body}`);
    return { benefitProductId: OWNERS_PRODUCT };
  },
  snapshot: async (t, owner) =>
    BenefitsResponseSchema.parse((await callAs(t, owner, 'GET', '/api/v1/benefits')).json()).data,
};
