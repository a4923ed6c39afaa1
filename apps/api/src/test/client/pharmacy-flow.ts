// A pharmacy's integration written as a partner would write it (decision 059), against the client generated from the
// OpenAPI document (decision 057): verify the patient's code, record four purchases, redeem the free unit they earn,
// and meet the refusals a counter meets (a mistyped code, no free unit left). generated-client.test.ts type-checks this
// file against the types it generated, then runs it with a client that sends the pharmacy's key in `X-Api-Key`.
import type { Client } from 'openapi-fetch';
import type { paths } from './portal-api.generated.ts';

export type PharmacyClient = Client<paths>;

export interface PharmacyFlowResult {
  firstName: string;
  freeUnitsBefore: number | undefined;
  purchases: number;
  freeUnitsAfterFour: number | undefined;
  redeemed: boolean;
  usedPurchases: number;
  afterRedemption: string | undefined;
  mistyped: string | undefined;
  rateLimitPolicy: string | null;
}

export async function pharmacyFlow(
  client: PharmacyClient,
  counter: { code: string; productId: number; purchasedAt: string; receiptPrefix: string },
): Promise<PharmacyFlowResult> {
  const verified = await client.POST('/api/v1/pharmacy/verifications', { body: { code: counter.code } });
  if (!verified.data) throw new Error(`verify: ${verified.response.status} ${JSON.stringify(verified.error)}`);
  const product = verified.data.data.products.find((entry) => entry.productId === counter.productId);
  let progress = product?.progress;
  let purchases = 0;
  for (let index = 1; index <= 4; index += 1) {
    const bought = await client.POST('/api/v1/pharmacy/purchases', {
      body: {
        code: counter.code,
        productId: counter.productId,
        quantity: 1,
        unitPrice: '15750.00',
        receiptId: `${counter.receiptPrefix}-${index}`,
        purchasedAt: counter.purchasedAt,
      },
      params: { header: { 'idempotency-key': `${counter.receiptPrefix}-purchase-${index}` } },
    });
    if (!bought.data) throw new Error(`purchase: ${bought.response.status} ${JSON.stringify(bought.error)}`);
    purchases += 1;
    progress = bought.data.data.progress ?? undefined;
  }
  const redeemed = await client.POST('/api/v1/pharmacy/redemptions', {
    body: { code: counter.code, productId: counter.productId, receiptId: `${counter.receiptPrefix}-free` },
  });
  const again = await client.POST('/api/v1/pharmacy/redemptions', {
    body: { code: counter.code, productId: counter.productId, receiptId: `${counter.receiptPrefix}-free-2` },
  });
  const mistyped = await client.POST('/api/v1/pharmacy/verifications', {
    body: { code: `${counter.code.slice(0, -1)}${counter.code.endsWith('0') ? '1' : '0'}` },
  });
  return {
    firstName: verified.data.data.patient.firstName,
    freeUnitsBefore: product?.progress?.freeUnitsAvailable,
    purchases,
    freeUnitsAfterFour: progress?.freeUnitsAvailable,
    redeemed: redeemed.response.status === 201,
    usedPurchases: redeemed.data?.data.redemption.uses.length ?? 0,
    afterRedemption: again.error?.error.code,
    mistyped: mistyped.error?.error.code,
    rateLimitPolicy: verified.response.headers.get('ratelimit-policy'),
  };
}
