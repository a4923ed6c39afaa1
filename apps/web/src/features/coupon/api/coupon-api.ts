// The coupon link's call (decision 047): public, the link's own parameters as they came, never retried on a refusal.
import { queryOptions } from '@tanstack/react-query';
import { CouponResponseSchema, type CouponLink } from '@portal/contracts/benefits';
import { ApiError } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api.ts';

/** The link's parameters as the address carried them (the server checks them; the web only passes them on). */
export type CouponLinkParams = Record<keyof CouponLink, string>;

export const couponQuery = (link: CouponLinkParams) =>
  queryOptions({
    queryKey: ['coupon', link],
    queryFn: () =>
      api.get('/api/v1/coupon', { query: link, schema: CouponResponseSchema.shape.data, skipStatusHandlers: true }),
    // A coupon does not change while it is on screen: fetched once per visit.
    staleTime: Infinity,
    gcTime: 0,
  });

/** Whether the server refused the link (any 4xx: invalid, expired, the feature off): the coupon error, no Try again. */
export const isRefusedLink = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;
