// Contracts of booking (decision 058): a service's free slots, a slot held while the patient confirms, and the
// patient's appointments (book, move, cancel). Times travel as ISO instants with the IANA zone beside them; the
// screens show them in that zone, never in the device's.
import { z } from 'zod';
import { BookingPlaceIdSchema, BookingPlaceKindSchema, CalendarDateSchema, ClockTimeSchema } from './booking-block.ts';
import { BenefitTextsSchema } from './benefits.ts';

const IdSchema = z.number().int().positive();
const InstantSchema = z.iso.datetime({ offset: true });

/** A place as the patient sees it (the service's block, for the patient's country). */
export const BookingPlaceViewSchema = z.object({
  id: BookingPlaceIdSchema,
  kind: BookingPlaceKindSchema,
  name: z.string().nullable(),
  address: z.string().nullable(),
  mapUrl: z.string().nullable(),
});
export type BookingPlaceView = z.infer<typeof BookingPlaceViewSchema>;

/** The service: its texts (keys of the program's texts) and the rules the patient is told. */
export const BookingServiceViewSchema = z.object({
  benefitId: IdSchema,
  texts: BenefitTextsSchema,
  slotMinutes: z.number().int(),
  minimumNoticeHours: z.number().int(),
  cancellationCutoffHours: z.number().int(),
});
export type BookingServiceView = z.infer<typeof BookingServiceViewSchema>;

/** A slot with room: its place, its instants and what the patient's clock says. */
export const FreeSlotSchema = z.object({
  placeId: BookingPlaceIdSchema,
  startsAt: InstantSchema,
  endsAt: InstantSchema,
  /** HH:mm in the zone. */
  time: ClockTimeSchema,
  /** Seats left. */
  free: z.number().int().positive(),
});
export type FreeSlot = z.infer<typeof FreeSlotSchema>;

/** GET /api/v1/booking/availability?benefitId= */
export const BookingAvailabilitySchema = z.object({
  service: BookingServiceViewSchema,
  timeZone: z.string(),
  /** Today and the last bookable day in the zone (YYYY-MM-DD). */
  firstDay: CalendarDateSchema,
  lastDay: CalendarDateSchema,
  places: z.array(BookingPlaceViewSchema),
  /** Only the days with at least one free slot, in order. */
  days: z.array(z.object({ date: CalendarDateSchema, slots: z.array(FreeSlotSchema) })),
});
export type BookingAvailability = z.infer<typeof BookingAvailabilitySchema>;
export const BookingAvailabilityResponseSchema = z.object({ data: BookingAvailabilitySchema });

/** How long a held slot waits for the patient's confirmation. */
export const BOOKING_HOLD_MS = 5 * 60 * 1000;

/** The service is named in the query (or the body): a catalogue id, not one of the patient's own rows. */
export const AvailabilityQuerySchema = z.object({
  benefitId: z.coerce.number().int().positive().max(2_147_483_647),
});
export const BookingIdParamsSchema = z.object({
  bookingId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export const HoldIdParamsSchema = z.object({
  holdId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** POST /api/v1/booking/holds: hold one seat of a slot of a service (for a new booking, or to move one). */
export const HoldBodySchema = z.strictObject({
  benefitId: IdSchema,
  placeId: BookingPlaceIdSchema,
  startsAt: InstantSchema,
  /** The booking this slot will replace (moving it), when it is a move. */
  bookingId: IdSchema.optional(),
});
export type HoldBody = z.infer<typeof HoldBodySchema>;

export const BookingHoldSchema = z.object({
  holdId: IdSchema,
  benefitId: IdSchema,
  placeId: BookingPlaceIdSchema,
  startsAt: InstantSchema,
  endsAt: InstantSchema,
  timeZone: z.string(),
  heldUntil: InstantSchema,
});
export type BookingHold = z.infer<typeof BookingHoldSchema>;
export const BookingHoldResponseSchema = z.object({ data: BookingHoldSchema });

/** POST /api/v1/bookings/{bookingId}/reschedule: move to a held slot, if the booking is still as the patient saw it. */
export const RescheduleBodySchema = z.strictObject({ holdId: IdSchema, sequence: z.number().int().min(0) });
/** POST /api/v1/bookings/{bookingId}/cancel */
export const CancelBodySchema = z.strictObject({ sequence: z.number().int().min(0) });

/**
 * An appointment of the patient. POST /api/v1/booking/holds/{holdId}/confirm makes one from a hold (its id is the
 * hold's; the same hold confirmed again answers the same booking).
 */
export const BookingViewSchema = z.object({
  bookingId: IdSchema,
  service: BookingServiceViewSchema,
  place: BookingPlaceViewSchema,
  startsAt: InstantSchema,
  endsAt: InstantSchema,
  timeZone: z.string(),
  status: z.enum(['confirmed', 'cancelled']),
  /** iCalendar UID (the same across moves) and SEQUENCE (raised on each change). */
  calendarUid: z.string(),
  sequence: z.number().int(),
  /** Whether it may still be moved or cancelled (before the cut-off). */
  canChange: z.boolean(),
  /** Until when it may be moved or cancelled. */
  changeableUntil: InstantSchema,
});
export type BookingView = z.infer<typeof BookingViewSchema>;
export const BookingResponseSchema = z.object({ data: BookingViewSchema });
/** GET /api/v1/bookings: the patient's appointments still to come, soonest first. */
export const BookingsResponseSchema = z.object({ data: z.array(BookingViewSchema) });
