// The booking domain's calls (contract packages/contracts/src/booking.ts, decision 058): a service's free slots, a hold
// of one, its confirmation, and the patient's appointments (move, cancel). Every change refreshes the slots and the
// appointments, so a freed place shows at once.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  BookingAvailabilityResponseSchema,
  BookingHoldResponseSchema,
  BookingResponseSchema,
  BookingsResponseSchema,
  type HoldBody,
} from '@portal/contracts/booking';
import { api } from '../../../lib/api.ts';

export const availabilityQuery = (benefitId: number) =>
  queryOptions({
    queryKey: ['booking', 'availability', benefitId],
    queryFn: () =>
      api.get(`/api/v1/booking/availability?benefitId=${benefitId}`, {
        schema: BookingAvailabilityResponseSchema.shape.data,
      }),
    staleTime: 30_000,
  });

export const bookingsQuery = () =>
  queryOptions({
    queryKey: ['booking', 'bookings'],
    queryFn: () => api.get('/api/v1/bookings', { schema: BookingsResponseSchema.shape.data }),
    staleTime: 30_000,
  });

/** After any change: the slots and the appointments are read again. */
function useRefreshBooking() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['booking'] });
}

export function useHoldSlot() {
  return useMutation({
    mutationFn: (body: HoldBody) =>
      api.post('/api/v1/booking/holds', body, { schema: BookingHoldResponseSchema.shape.data }),
  });
}

/** Lets a held slot go (the patient went back); a failure is harmless: the hold ends with its minutes. */
export function useReleaseHold() {
  const refresh = useRefreshBooking();
  return useMutation({
    mutationFn: (holdId: number) => api.delete(`/api/v1/booking/holds/${holdId}`),
    onSettled: refresh,
  });
}

export function useConfirmBooking() {
  const refresh = useRefreshBooking();
  return useMutation({
    mutationFn: (holdId: number) =>
      api.post(`/api/v1/booking/holds/${holdId}/confirm`, undefined, { schema: BookingResponseSchema.shape.data }),
    onSettled: refresh,
  });
}

export function useRescheduleBooking() {
  const refresh = useRefreshBooking();
  return useMutation({
    mutationFn: ({ bookingId, holdId, sequence }: { bookingId: number; holdId: number; sequence: number }) =>
      api.post(
        `/api/v1/bookings/${bookingId}/reschedule`,
        { holdId, sequence },
        { schema: BookingResponseSchema.shape.data },
      ),
    onSettled: refresh,
  });
}

export function useCancelBooking() {
  const refresh = useRefreshBooking();
  return useMutation({
    mutationFn: ({ bookingId, sequence }: { bookingId: number; sequence: number }) =>
      api.post(`/api/v1/bookings/${bookingId}/cancel`, { sequence }, { schema: BookingResponseSchema.shape.data }),
    onSettled: refresh,
  });
}
