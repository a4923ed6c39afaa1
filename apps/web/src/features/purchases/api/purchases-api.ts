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

export const productPurchasesQuery = (productId: number) =>
  queryOptions({
    queryKey: ['purchases', 'product', productId],
    queryFn: () =>
      api.get(`/api/v1/purchases/products/${productId}`, { schema: ProductPurchasesResponseSchema.shape.data }),
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
