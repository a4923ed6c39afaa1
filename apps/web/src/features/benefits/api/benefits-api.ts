// The benefits domain's calls (contract packages/contracts/src/benefits.ts, decision 045): the patient's benefits per
// product, and the product's discount code: read, made once (PUT, idempotent) and renewed.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { BenefitsResponseSchema, DiscountCodeResponseSchema, type DiscountCodeCard } from '@portal/contracts/benefits';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { saveCodeCard } from '../offline-code.ts';

export const benefitsQuery = () =>
  queryOptions({
    queryKey: ['benefits'],
    queryFn: () => api.get('/api/v1/benefits', { schema: BenefitsResponseSchema.shape.data }),
    staleTime: 60_000,
  });

const codePath = (productId: number) => `/api/v1/benefits/products/${productId}/discount-code`;

/** The product's live code card, or null when the patient has none yet (the API's 404). Kept for offline use. */
export const discountCodeQuery = (productId: number | undefined) =>
  queryOptions({
    queryKey: ['benefits', 'discount-code', productId],
    queryFn: async (): Promise<DiscountCodeCard | null> => {
      try {
        const card = await api.get(codePath(productId!), { schema: DiscountCodeResponseSchema.shape.data });
        saveCodeCard(card);
        return card;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: productId !== undefined,
    staleTime: 60_000,
  });

/** After a code was made or renewed: the card is the answer, the overview shows the new code. */
function useCodeChanged() {
  const queryClient = useQueryClient();
  return (card: DiscountCodeCard) => {
    saveCodeCard(card);
    queryClient.setQueryData(discountCodeQuery(card.productId).queryKey, card);
    return queryClient.invalidateQueries({ queryKey: benefitsQuery().queryKey, exact: true });
  };
}

/** Makes the product's code if it has none (the same code again if it has one: a retry never makes a second). */
export function useActivateCode() {
  const changed = useCodeChanged();
  return useMutation({
    mutationFn: (productId: number) =>
      api.put(codePath(productId), undefined, { schema: DiscountCodeResponseSchema.shape.data }),
    onSuccess: changed,
  });
}

/** A new code for the product; the old one stops working at once. */
export function useRenewCode() {
  const changed = useCodeChanged();
  return useMutation({
    mutationFn: (productId: number) =>
      api.post(`${codePath(productId)}/renew`, undefined, { schema: DiscountCodeResponseSchema.shape.data }),
    onSuccess: changed,
  });
}
