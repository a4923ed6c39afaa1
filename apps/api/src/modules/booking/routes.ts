// Booking calls (decision 058): a service's free slots, a held slot, and the caller's appointments (book, move,
// cancel); all of them off where the program turns the booking feature off (decision 034). The patient comes from the
// token; every id is looked up among the caller's own rows.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesInCareArea } from '../../platform/care-areas.ts';
import { z } from 'zod';
import {
  AvailabilityQuerySchema,
  BookingAvailabilityResponseSchema,
  BookingHoldResponseSchema,
  BookingIdParamsSchema,
  BookingResponseSchema,
  BookingsResponseSchema,
  CancelBodySchema,
  HoldBodySchema,
  HoldIdParamsSchema,
  RescheduleBodySchema,
} from '@portal/contracts/booking';
import type { Db } from '../../platform/db.ts';
import { errorResponses } from '../../platform/errors.ts';
import { callerOf, scopeOf } from '../../platform/patient-auth.ts';
import { createBookingService, type BookingDeps } from './service.ts';

export interface BookingRouteOptions {
  db: Db;
  clock: () => Date;
  /** Holds, bookings, moves and cancellations a minute per patient, all together. */
  perMinute: number;
  /** Live holds a patient may have at once across services (BOOKING_HOLDS_PER_PATIENT). */
  holdsPerPatient: number;
  publicUrl?: BookingDeps['publicUrl'];
  onMailQueued?: BookingDeps['onMailQueued'];
}

const readErrors = errorResponses(400, 401, 403, 404);
const writeErrors = errorResponses(400, 401, 403, 404, 409, 410, 422, 429);

export const bookingRoutes: FastifyPluginAsyncZod<BookingRouteOptions> = async (
  app,
  { db, clock, perMinute, holdsPerPatient, publicUrl, onMailQueued },
) => {
  // Every route here is of the patient's care area `booking` (decision 092).
  routesInCareArea(app, 'booking');
  const bookings = createBookingService({
    db,
    clock,
    holdsPerPatient,
    publicUrl,
    onMailQueued,
    onBookingChanged: (change, programId) =>
      app.metrics.count(change === 'booked' ? 'appointments_booked' : 'appointments_cancelled', programId),
  });
  // One counter per patient for every write: a script walking slots (or seats) is stopped, a person never is.
  const writeLimit = app.subjectLimit(perMinute, (request) => scopeOf(request).userId, 'booking');

  app.get(
    '/booking/availability',
    {
      schema: {
        tags: ['booking'],
        operationId: 'getBookingAvailability',
        summary: "A service's free slots in the patient's country, from today to the last bookable day",
        description:
          "Slots are computed in the IANA zone of the patient's country from the program's schedule (opening hours, holidays, minimum notice, horizon); only slots with a free seat are listed. Another program's benefit is 404; a service the plan does not give is 403 `BOOKING_SERVICE_NOT_IN_PLAN`.",
        querystring: AvailabilityQuerySchema,
        response: { 200: BookingAvailabilityResponseSchema, ...readErrors },
      },
    },
    async (request) => ({ data: await bookings.availability(scopeOf(request), request.query.benefitId) }),
  );

  app.post(
    '/booking/holds',
    {
      preHandler: writeLimit,
      schema: {
        tags: ['booking'],
        operationId: 'holdBookingSlot',
        summary: 'Holds one seat of a slot for five minutes while the patient confirms',
        description:
          "The slot is checked against the schedule (422 `BOOKING_OUTSIDE_HORIZON`, `BOOKING_INSIDE_NOTICE`, `BOOKING_CLOSED_DAY`, `BOOKING_OUTSIDE_HOURS`); a full slot is 409 `BOOKING_SLOT_FULL`, a second booking of the service 409 `BOOKING_ALREADY_BOOKED` (move it instead, with `bookingId`). A patient holds one slot per service at a time: a new hold lets the previous hold of the service go (also a hold made to move a booking), in the same transaction, and of two simultaneous holds one is left running. The patient's running holds across services are capped (409 `BOOKING_TOO_MANY_HOLDS`; the server's `BOOKING_HOLDS_PER_PATIENT`, 2 by default). The web lets a hold go when the patient goes back; otherwise it ends with its minutes. Limited per patient.",
        body: HoldBodySchema,
        response: { 201: BookingHoldResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await bookings.hold(scopeOf(request), request.body) }),
  );

  app.delete(
    '/booking/holds/:holdId',
    {
      schema: {
        tags: ['booking'],
        operationId: 'releaseBookingHold',
        summary: 'Lets a held slot go at once (the patient went back)',
        description: "A hold that is not the caller's is 404; one already confirmed or let go stays as it is.",
        params: HoldIdParamsSchema,
        response: { 200: z.object({ data: z.object({ released: z.literal(true) }) }), ...readErrors },
      },
    },
    async (request) => {
      await bookings.release(scopeOf(request), request.params.holdId);
      return { data: { released: true as const } };
    },
  );

  app.get(
    '/bookings',
    {
      schema: {
        tags: ['booking'],
        operationId: 'getBookings',
        summary: "The caller's appointments still to come, soonest first",
        description: 'Each with its place, its time in its zone, and whether it can still be moved or cancelled.',
        response: { 200: BookingsResponseSchema, ...readErrors },
      },
    },
    async (request) => ({ data: await bookings.list(scopeOf(request)) }),
  );

  app.post(
    '/booking/holds/:holdId/confirm',
    {
      preHandler: writeLimit,
      schema: {
        tags: ['booking'],
        operationId: 'confirmBooking',
        summary: 'Books the held slot (201), or answers the booking this hold already made (200)',
        description:
          "The booking takes the hold's id. Idempotent by the hold: the same hold again answers the same booking. A hold whose minutes ran out, or that a newer hold of the service let go, is 410 `BOOKING_HOLD_EXPIRED`; a second live booking of the service 409 `BOOKING_ALREADY_BOOKED`; a hold that is not the caller's 404. Sends the confirmation with its calendar invitation. Limited per patient.",
        params: HoldIdParamsSchema,
        response: { 200: BookingResponseSchema, 201: BookingResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { booking, created } = await bookings.confirm(callerOf(request), request.params.holdId);
      return reply.code(created ? 201 : 200).send({ data: booking });
    },
  );

  app.get(
    '/bookings/:bookingId',
    {
      schema: {
        tags: ['booking'],
        operationId: 'getBooking',
        summary: "One of the caller's appointments",
        description: "A booking id that is not the caller's (another patient's, another program's) is 404.",
        params: BookingIdParamsSchema,
        response: { 200: BookingResponseSchema, ...readErrors },
      },
    },
    async (request) => ({ data: await bookings.get(scopeOf(request), request.params.bookingId) }),
  );

  app.post(
    '/bookings/:bookingId/reschedule',
    {
      preHandler: writeLimit,
      schema: {
        tags: ['booking'],
        operationId: 'rescheduleBooking',
        summary: 'Moves an appointment to a slot held for it',
        description:
          'Only before the cancellation cut-off (409 `BOOKING_CUTOFF_PASSED`) and only if the booking is still at `sequence` (409 `BOOKING_CHANGED`: of two simultaneous moves one wins). A hold that ran out or that a newer hold of the service let go is 410 `BOOKING_HOLD_EXPIRED` and changes nothing. The appointment keeps its calendar UID with the next sequence; the old slot is free at once. Limited per patient.',
        params: BookingIdParamsSchema,
        body: RescheduleBodySchema,
        response: { 200: BookingResponseSchema, ...writeErrors },
      },
    },
    async (request) => ({
      data: await bookings.reschedule(callerOf(request), request.params.bookingId, request.body),
    }),
  );

  app.post(
    '/bookings/:bookingId/cancel',
    {
      preHandler: writeLimit,
      schema: {
        tags: ['booking'],
        operationId: 'cancelBooking',
        summary: 'Cancels an appointment; its place is free at once',
        description:
          'Only before the cancellation cut-off (409 `BOOKING_CUTOFF_PASSED`) and only if the booking is still at `sequence` (409 `BOOKING_CHANGED`); a repeated cancel answers the cancelled booking. Sends the cancellation with its calendar cancellation. Limited per patient.',
        params: BookingIdParamsSchema,
        body: CancelBodySchema,
        response: { 200: BookingResponseSchema, ...writeErrors },
      },
    },
    async (request) => ({
      data: await bookings.cancel(callerOf(request), request.params.bookingId, request.body.sequence),
    }),
  );
};
