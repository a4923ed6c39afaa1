// The purchases domain's calls (contract packages/contracts/src/purchases.ts, decision 059): a product's purchases of
// the last year with its 4+1 progress and the year's savings, the free units redeemed in the last year, and until when
// each medicine should last (decision 061).
import { queryOptions } from '@tanstack/react-query';
import {
  ProductPurchasesResponseSchema,
  RedemptionsResponseSchema,
  RefillsResponseSchema,
} from '@portal/contracts/purchases';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-client.ts';

export const productPurchasesQuery = (productId: number) =>
  queryOptions({
    queryKey: ['purchases', 'product', productId],
    // A product the patient neither takes nor bought is 404: null, which the screen says as such (not a load failure).
    queryFn: async () => {
      try {
        return await api.get(`/api/v1/purchases/products/${productId}`, {
          schema: ProductPurchasesResponseSchema.shape.data,
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 30_000,
  });

export const redemptionsQuery = () =>
  queryOptions({
    queryKey: ['purchases', 'redemptions'],
    queryFn: () => api.get('/api/v1/redemptions', { schema: RedemptionsResponseSchema.shape.data }),
    staleTime: 30_000,
  });

export const refillsQuery = () =>
  queryOptions({
    queryKey: ['purchases', 'refills'],
    queryFn: () => api.get('/api/v1/purchases/refills', { schema: RefillsResponseSchema.shape.data }),
    staleTime: 30_000,
  });
