// Booking as the screen does it, for the API tests (decision 058): the free slots, a hold, the confirmation.
import {
  BookingAvailabilityResponseSchema,
  BookingHoldResponseSchema,
  BookingResponseSchema,
} from '@portal/contracts/booking';
import type { TestApp } from './app.ts';
import { callAs } from './patients.ts';

interface Who {
  slug: string;
  authorization?: string | undefined;
}

/** The service's free slots, as the patient sees them. */
export async function availabilityOf(t: TestApp, who: Who, benefitId: number) {
  const answer = await callAs(t, who, 'GET', `/api/v1/booking/availability?benefitId=${benefitId}`);
  if (answer.statusCode !== 200) throw new Error(`availability: ${answer.statusCode} ${answer.body}`);
  return BookingAvailabilityResponseSchema.parse(answer.json()).data;
}

/** Holds a slot (for a new booking, or to move `bookingId`). */
export async function holdSlot(
  t: TestApp,
  who: Who,
  benefitId: number,
  slot: { placeId: string; startsAt: string },
  bookingId?: number,
) {
  const answer = await callAs(t, who, 'POST', '/api/v1/booking/holds', {
    benefitId,
    placeId: slot.placeId,
    startsAt: slot.startsAt,
    ...(bookingId === undefined ? {} : { bookingId }),
  });
  if (answer.statusCode !== 201) throw new Error(`hold: ${answer.statusCode} ${answer.body}`);
  return BookingHoldResponseSchema.parse(answer.json()).data;
}

/** Books the `index`-th free slot of the service's first day with one (the first by default). */
export async function bookFirstSlot(t: TestApp, who: Who, benefitId: number, index = 0) {
  const { days } = await availabilityOf(t, who, benefitId);
  const slot = days[0]!.slots[index]!;
  const hold = await holdSlot(t, who, benefitId, slot);
  const answer = await callAs(t, who, 'POST', `/api/v1/booking/holds/${hold.holdId}/confirm`);
  if (answer.statusCode !== 201) throw new Error(`booking: ${answer.statusCode} ${answer.body}`);
  return BookingResponseSchema.parse(answer.json()).data;
}
