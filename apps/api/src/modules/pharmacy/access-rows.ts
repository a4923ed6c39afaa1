// Access rows of the pharmacy API (test/access-matrix.ts): every route is behind the pharmacy's door, so the matrix
// tries each with a patient's token, no key and a wrong key (401). The ids are of a purchase and a free unit that a
// pharmacy recorded for the owner (Triptaval, 1104, whose 4+1 offer applies in Costa Rica).
import { DiscountCodeResponseSchema } from '@portal/contracts/benefits';
import { PurchaseResponseSchema, RedemptionResponseSchema } from '@portal/contracts/pharmacy';
import type { ModuleAccess } from '../../test/access-matrix.ts';
import { callAs } from '../../test/patients.ts';
import { alivioTreatment } from '../../test/signup-bodies.ts';
import { createTestPharmacy, pharmacyCall } from '../../test/pharmacy.ts';

const OWNERS_PRODUCT = 1104;

export const ACCESS: ModuleAccess = {
  // In the order the query budgets' test calls them (decision 086): the freed free unit is taken again, and the spare
  // purchase, whose units no free unit used, is reversed.
  pharmacyRows: [
    { method: 'GET', path: '/api/v1/pharmacy/me', roundTrips: 3 },
    { method: 'GET', path: '/api/v1/pharmacy/today', roundTrips: 4 },
    {
      method: 'POST',
      path: '/api/v1/pharmacy/verifications',
      roundTrips: 6,
      body: (_caller, ids) => ({ code: ids.pharmacyCode }),
    },
    {
      method: 'POST',
      path: '/api/v1/pharmacy/purchases',
      roundTrips: 11,
      body: (_caller, ids) => ({
        code: ids.pharmacyCode,
        productId: OWNERS_PRODUCT,
        quantity: 1,
        unitPrice: '12500.00',
        receiptId: 'matrix-budget',
        purchasedAt: new Date().toISOString(),
      }),
    },
    {
      method: 'POST',
      path: '/api/v1/pharmacy/redemptions/{redemptionId}/reversal',
      roundTrips: 12,
      url: (ids) => `/api/v1/pharmacy/redemptions/${ids.redemptionId}/reversal`,
      body: () => ({ reason: 'ENTERED_BY_MISTAKE' }),
    },
    {
      method: 'POST',
      path: '/api/v1/pharmacy/redemptions',
      roundTrips: 13,
      body: (_caller, ids) => ({ code: ids.pharmacyCode, productId: OWNERS_PRODUCT, receiptId: 'matrix-budget-free' }),
    },
    {
      method: 'POST',
      path: '/api/v1/pharmacy/purchases/{purchaseId}/reversal',
      roundTrips: 13,
      url: (ids) => `/api/v1/pharmacy/purchases/${ids.purchaseId}/reversal`,
      body: () => ({ reason: 'ENTERED_BY_MISTAKE' }),
    },
  ],
  // The owner renews the code in the matrix (the benefits' row): the budgets' calls use the code it has now.
  current: async (t, owner) => ({
    pharmacyCode: DiscountCodeResponseSchema.parse(
      (await callAs(t, owner, 'GET', `/api/v1/benefits/products/${OWNERS_PRODUCT}/discount-code`)).json(),
    ).data.code.code,
  }),
  seed: async (t, owner) => {
    const url = `/api/v1/benefits/products/${OWNERS_PRODUCT}/discount-code`;
    // The benefits rows add the same treatment: a second add is refused as a duplicate, which is fine here.
    await callAs(t, owner, 'POST', '/api/v1/treatments', alivioTreatment({ productId: OWNERS_PRODUCT }));
    const made = await callAs(t, owner, 'PUT', url);
    if (made.statusCode >= 300) throw new Error(`no discount code: ${made.body}`);
    const { code } = DiscountCodeResponseSchema.parse(made.json()).data.code;
    const counter = await createTestPharmacy(t, owner.slug, 'CR');
    for (let index = 0; index < 4; index += 1) {
      const bought = await pharmacyCall(t, counter.key, owner.slug, '/api/v1/pharmacy/purchases', {
        code,
        productId: OWNERS_PRODUCT,
        quantity: 1,
        unitPrice: '12500.00',
        receiptId: `matrix-${index}`,
        purchasedAt: t.app.clock().toISOString(),
      });
      if (bought.statusCode !== 201) throw new Error(`purchase not recorded: ${bought.body}`);
    }
    const redeemed = await pharmacyCall(t, counter.key, owner.slug, '/api/v1/pharmacy/redemptions', {
      code,
      productId: OWNERS_PRODUCT,
      receiptId: 'matrix-free',
    });
    if (redeemed.statusCode !== 201) throw new Error(`free unit not redeemed: ${redeemed.body}`);
    const redemptionId = RedemptionResponseSchema.parse(redeemed.json()).data.redemption.id;
    // A fifth purchase, whose units no free unit uses: the one the reversal's row names.
    const spare = await pharmacyCall(t, counter.key, owner.slug, '/api/v1/pharmacy/purchases', {
      code,
      productId: OWNERS_PRODUCT,
      quantity: 1,
      unitPrice: '12500.00',
      receiptId: 'matrix-spare',
      purchasedAt: t.app.clock().toISOString(),
    });
    if (spare.statusCode !== 201) throw new Error(`purchase not recorded: ${spare.body}`);
    const purchaseId = PurchaseResponseSchema.parse(spare.json()).data.purchase.id;
    return { purchaseId, redemptionId, pharmacyCode: code, counterKey: counter.key };
  },
};
