// The booking domain's calls (contract packages/contracts/src/booking.ts, decision 058): a service's free slots, a hold
// of one, its confirmation, and the patient's appointments (move, cancel). Every change refreshes the slots and the
// appointments, so a freed place shows at once. The same calls go to the staff API when an agent books on a patient's
// behalf (decision 076): only the endpoint differs (its base path, its cache keys, the staff session's bearer).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  BookingAvailabilityResponseSchema,
  BookingHoldResponseSchema,
  BookingResponseSchema,
  BookingsResponseSchema,
  type HoldBody,
} from '@portal/contracts/booking';
import { api } from '../../../lib/api.ts';

/** Where the booking calls go. */
export interface BookingEndpoint {
  /** `/api/v1` for the patient; `/api/v1/staff/patients/{id}` on a patient's behalf. */
  base: string;
  /** The cache keys' start: the patient's own and a patient's seen by staff never mix. */
  key: readonly unknown[];
  /** Each call's options (the staff session's bearer, read at call time). */
  options?: () => { bearer?: string };
  /** What wraps each call (the staff session's end sends the member to log in). */
  wrap?: <T>(call: () => Promise<T>) => Promise<T>;
  /** The patient's country, when it is not the signed-in patient's (the times' conventions). */
  country?: string;
}

export const PATIENT_BOOKING: BookingEndpoint = { base: '/api/v1', key: ['booking'] };

const run = <T>(endpoint: BookingEndpoint, call: () => Promise<T>) => (endpoint.wrap ? endpoint.wrap(call) : call());

export const availabilityQuery = (benefitId: number, endpoint = PATIENT_BOOKING) =>
  queryOptions({
    queryKey: [...endpoint.key, 'availability', benefitId],
    queryFn: () =>
      run(endpoint, () =>
        api.get(`${endpoint.base}/booking/availability?benefitId=${benefitId}`, {
          ...endpoint.options?.(),
          schema: BookingAvailabilityResponseSchema.shape.data,
        }),
      ),
    staleTime: 30_000,
  });

export const bookingsQuery = (endpoint = PATIENT_BOOKING) =>
  queryOptions({
    queryKey: [...endpoint.key, 'bookings'],
    queryFn: () =>
      run(endpoint, () =>
        api.get(`${endpoint.base}/bookings`, { ...endpoint.options?.(), schema: BookingsResponseSchema.shape.data }),
      ),
    staleTime: 30_000,
  });

/** After any change: the slots and the appointments are read again. */
function useRefreshBooking(endpoint: BookingEndpoint) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: endpoint.key });
}

export function useHoldSlot(endpoint = PATIENT_BOOKING) {
  return useMutation({
    mutationFn: (body: HoldBody) =>
      run(endpoint, () =>
        api.post(`${endpoint.base}/booking/holds`, body, {
          ...endpoint.options?.(),
          schema: BookingHoldResponseSchema.shape.data,
        }),
      ),
  });
}

/** Lets a held slot go (the patient went back); a failure is harmless: the hold ends with its minutes. */
export function useReleaseHold(endpoint = PATIENT_BOOKING) {
  const refresh = useRefreshBooking(endpoint);
  return useMutation({
    mutationFn: (holdId: number) =>
      run(endpoint, () => api.delete(`${endpoint.base}/booking/holds/${holdId}`, { ...endpoint.options?.() })),
    onSettled: refresh,
  });
}

export function useConfirmBooking(endpoint = PATIENT_BOOKING) {
  const refresh = useRefreshBooking(endpoint);
  return useMutation({
    mutationFn: (holdId: number) =>
      run(endpoint, () =>
        api.post(`${endpoint.base}/booking/holds/${holdId}/confirm`, undefined, {
          ...endpoint.options?.(),
          schema: BookingResponseSchema.shape.data,
        }),
      ),
    onSettled: refresh,
  });
}

export function useRescheduleBooking(endpoint = PATIENT_BOOKING) {
  const refresh = useRefreshBooking(endpoint);
  return useMutation({
    mutationFn: ({ bookingId, holdId, sequence }: { bookingId: number; holdId: number; sequence: number }) =>
      run(endpoint, () =>
        api.post(
          `${endpoint.base}/bookings/${bookingId}/reschedule`,
          { holdId, sequence },
          { ...endpoint.options?.(), schema: BookingResponseSchema.shape.data },
        ),
      ),
    onSettled: refresh,
  });
}

export function useCancelBooking(endpoint = PATIENT_BOOKING) {
  const refresh = useRefreshBooking(endpoint);
  return useMutation({
    mutationFn: ({ bookingId, sequence }: { bookingId: number; sequence: number }) =>
      run(endpoint, () =>
        api.post(
          `${endpoint.base}/bookings/${bookingId}/cancel`,
          { sequence },
          { ...endpoint.options?.(), schema: BookingResponseSchema.shape.data },
        ),
      ),
    onSettled: refresh,
  });
}
