// The pharmacy API as the counter screen calls it (contract packages/contracts/src/pharmacy.ts, decisions 059 and 060):
// with the device's key in `X-Api-Key`, never the patient's token. A refused key (401) ends the key on this device, so
// the screen goes back to the key step. Answers are parsed with the contract's schemas, as the patient's features do
// (decision 065): the pharmacy contract reaches the patient's identification without the phone numbers' data.
import { queryOptions } from '@tanstack/react-query';
import * as Contract from '@portal/contracts/pharmacy';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { counterKeyStore, keyPrefixOf } from '../counter-key.ts';

async function withKey<T>(key: string, call: (options: { apiKey: string }) => Promise<T>): Promise<T> {
  try {
    return await call({ apiKey: key });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && counterKeyStore.get() === key)
      counterKeyStore.forget('refused');
    throw error;
  }
}

/** Checks a key against the server before it is kept (the key step): a refusal here is the form's, not the device's. */
export const getPharmacy = (key: string) =>
  api.get('/api/v1/pharmacy/me', { apiKey: key, schema: Contract.PharmacyMeResponseSchema.shape.data });

export const pharmacyMeQuery = (key: string) =>
  queryOptions({
    // The key's readable start names the query: the whole key stays out of the query cache's keys.
    queryKey: ['pharmacy', 'me', keyPrefixOf(key)],
    queryFn: () =>
      withKey(key, (options) =>
        api.get('/api/v1/pharmacy/me', { ...options, schema: Contract.PharmacyMeResponseSchema.shape.data }),
      ),
    staleTime: Infinity,
  });

/** What this key recorded today, from the server (decision 073). */
export const counterDayQuery = (key: string) =>
  queryOptions({
    queryKey: ['pharmacy', 'today', keyPrefixOf(key)],
    queryFn: () =>
      withKey(key, (options) =>
        api.get('/api/v1/pharmacy/today', { ...options, schema: Contract.CounterDayResponseSchema.shape.data }),
      ),
  });

export const verifyCode = (key: string, code: string) =>
  withKey(key, (options) =>
    api.post(
      '/api/v1/pharmacy/verifications',
      { code },
      { ...options, schema: Contract.VerifyResponseSchema.shape.data },
    ),
  );

/** Writes carry an `Idempotency-Key`: one per attempt, so that a retried request never records twice. */
const idempotent = (options: { apiKey: string }, attempt: string) => ({
  ...options,
  headers: { 'idempotency-key': attempt },
});
const purchaseAnswer = { schema: Contract.PurchaseResponseSchema.shape.data };
const redemptionAnswer = { schema: Contract.RedemptionResponseSchema.shape.data };

export const recordPurchase = (key: string, body: Contract.RecordPurchaseRequest, attempt: string) =>
  withKey(key, (options) =>
    api.post('/api/v1/pharmacy/purchases', body, { ...idempotent(options, attempt), ...purchaseAnswer }),
  );

export const redeemFreeUnit = (key: string, body: Contract.RedeemRequest, attempt: string) =>
  withKey(key, (options) =>
    api.post('/api/v1/pharmacy/redemptions', body, { ...idempotent(options, attempt), ...redemptionAnswer }),
  );

export const reversePurchase = (key: string, purchaseId: number, reason: Contract.ReversalReason) =>
  withKey(key, (options) =>
    api.post(`/api/v1/pharmacy/purchases/${purchaseId}/reversal`, { reason }, { ...options, ...purchaseAnswer }),
  );

export const reverseRedemption = (key: string, redemptionId: number, reason: Contract.ReversalReason) =>
  withKey(key, (options) =>
    api.post(`/api/v1/pharmacy/redemptions/${redemptionId}/reversal`, { reason }, { ...options, ...redemptionAnswer }),
  );
