// Access rows of the patient's purchases and redemptions (test/access-matrix.ts): the owner's purchases of a product
// only the owner takes and bought (Triptaval, 1104: the pharmacy rows' seed records four purchases and a free unit of it),
// and the caller's own redemptions.
import {
  ProductPurchasesResponseSchema,
  RedemptionsResponseSchema,
  RefillsResponseSchema,
} from '@portal/contracts/purchases';
import type { ModuleAccess } from '../../test/access-matrix.ts';
import { callAs } from '../../test/patients.ts';

const OWNERS_PRODUCT = 1104;

export const ACCESS: ModuleAccess = {
  patientRows: [
    {
      method: 'GET',
      path: '/api/v1/purchases/products/{productId}',
      roundTrips: 6,
      url: (ids) => `/api/v1/purchases/products/${ids.purchasedProductId}`,
    },
    { method: 'GET', path: '/api/v1/redemptions', roundTrips: 3 },
    // The caller's own refill estimates (decision 061): the caller's plan from the token, no id.
    { method: 'GET', path: '/api/v1/purchases/refills', roundTrips: 4 },
  ],
  seed: async () => ({ purchasedProductId: OWNERS_PRODUCT }),
  snapshot: async (t, owner) => ({
    purchases: ProductPurchasesResponseSchema.parse(
      (await callAs(t, owner, 'GET', `/api/v1/purchases/products/${OWNERS_PRODUCT}`)).json(),
    ).data,
    redemptions: RedemptionsResponseSchema.parse((await callAs(t, owner, 'GET', '/api/v1/redemptions')).json()).data,
    refills: RefillsResponseSchema.parse((await callAs(t, owner, 'GET', '/api/v1/purchases/refills')).json()).data,
  }),
};
