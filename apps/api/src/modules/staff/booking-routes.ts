// Booking on a patient's behalf (decision 076), behind the staff door: agents and nurses of the host's program whose
// session opened the record, with the booking module's own service and rules. The notices go to the patient, in their
// language, as when they book themselves; each booking, move and cancellation is written to the access log in its own
// transaction (CareCall.alsoWrite). Off where the program turns booking off (FEATURE_DISABLED).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AvailabilityQuerySchema,
  BookingAvailabilityResponseSchema,
  BookingHoldResponseSchema,
  BookingResponseSchema,
  BookingsResponseSchema,
  CancelBodySchema,
  HoldBodySchema,
  RescheduleBodySchema,
} from '@portal/contracts/booking';
import {
  STAFF_PAST_APPOINTMENT_DAYS,
  StaffAttendanceBodySchema,
  StaffAttendanceResponseSchema,
  StaffBookingServicesResponseSchema,
  StaffPastAppointmentsResponseSchema,
  StaffPatientBookingParamsSchema,
  StaffPatientHoldParamsSchema,
} from '@portal/contracts/staff-booking';
import { StaffPatientIdParamsSchema } from '@portal/contracts/staff-records';
import { errorResponses } from '../../platform/errors.ts';
import { SMALL_BODY_LIMIT_BYTES } from '../../platform/json-body.ts';
import type { BookingService } from '../booking/public.ts';
import { staffOf } from './door.ts';
import type { StaffRecordsService } from './records.ts';
import { staffRoleIn } from './roles.ts';

const tags = ['staff'];
const readErrors = errorResponses(400, 401, 403, 404, 429, 503);
const writeErrors = errorResponses(400, 401, 403, 404, 409, 410, 422, 429, 503);
const config = { feature: 'booking' } as const;
const preHandler = staffRoleIn('agent', 'nurse');
const onBehalf =
  'For agents and nurses of the host’s program whose session opened the record (403 `STAFF_RECORD_NOT_OPENED` otherwise); another program’s patient is 404.';

export const staffBookingRoutes: FastifyPluginAsyncZod<{
  records: StaffRecordsService;
  bookings: BookingService;
}> = async (app, { records, bookings }) => {
  /** The patient's scope, after the grant is checked; reads write no log row (the opening did). */
  const scopeFor = async (request: Parameters<typeof staffOf>[0], patientId: number) =>
    (await records.onBehalf(staffOf(request), request.program, patientId, 'appointment-booked')).scope;

  app.get(
    '/staff/patients/:id/booking/services',
    {
      config,
      preHandler,
      schema: {
        tags,
        operationId: 'listStaffPatientBookingServices',
        summary: "The services a patient's plan lets them book",
        description: `${onBehalf} The program's services offered in the patient's country, for a medicine they take.`,
        params: StaffPatientIdParamsSchema,
        response: { 200: StaffBookingServicesResponseSchema, ...readErrors },
      },
    },
    async (request) => ({ data: { services: await bookings.services(await scopeFor(request, request.params.id)) } }),
  );

  app.get(
    '/staff/patients/:id/bookings',
    {
      config,
      preHandler,
      schema: {
        tags,
        operationId: 'listStaffPatientBookings',
        summary: "A patient's appointments still to come",
        description: `${onBehalf} As the patient's own list shows them, with whether each can still be moved or cancelled.`,
        params: StaffPatientIdParamsSchema,
        response: { 200: BookingsResponseSchema, ...readErrors },
      },
    },
    async (request) => ({ data: await bookings.list(await scopeFor(request, request.params.id)) }),
  );

  app.get(
    '/staff/patients/:id/booking/availability',
    {
      config,
      preHandler,
      schema: {
        tags,
        operationId: 'getStaffPatientBookingAvailability',
        summary: "A service's free slots in the patient's country",
        description: `${onBehalf} The patient's own availability (decision 058): a service the plan does not give is 403 \`BOOKING_SERVICE_NOT_IN_PLAN\`.`,
        params: StaffPatientIdParamsSchema,
        querystring: AvailabilityQuerySchema,
        response: { 200: BookingAvailabilityResponseSchema, ...readErrors },
      },
    },
    async (request) => ({
      data: await bookings.availability(await scopeFor(request, request.params.id), request.query.benefitId),
    }),
  );

  app.post(
    '/staff/patients/:id/booking/holds',
    {
      config,
      preHandler,
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      schema: {
        tags,
        operationId: 'holdStaffPatientBookingSlot',
        summary: 'Holds a seat of a slot for the patient while the agent confirms it with them',
        description: `${onBehalf} The patient's own hold (five minutes, one per service, the patient's cap on running holds).`,
        params: StaffPatientIdParamsSchema,
        body: HoldBodySchema,
        response: { 201: BookingHoldResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await bookings.hold(await scopeFor(request, request.params.id), request.body) }),
  );

  app.delete(
    '/staff/patients/:id/booking/holds/:holdId',
    {
      config,
      preHandler,
      schema: {
        tags,
        operationId: 'releaseStaffPatientBookingHold',
        summary: 'Lets a slot held for the patient go at once',
        description: `${onBehalf} A hold that is not the patient's is 404.`,
        params: StaffPatientHoldParamsSchema,
        response: { 200: z.object({ data: z.object({ released: z.literal(true) }) }), ...readErrors },
      },
    },
    async (request) => {
      await bookings.release(await scopeFor(request, request.params.id), request.params.holdId);
      return { data: { released: true as const } };
    },
  );

  app.post(
    '/staff/patients/:id/booking/holds/:holdId/confirm',
    {
      config,
      preHandler,
      schema: {
        tags,
        operationId: 'confirmStaffPatientBooking',
        summary: "Books the held slot on the patient's behalf",
        description: `${onBehalf} The confirmation and its calendar file go to the patient, in their language; the booking is audited under the staff member and written to the access log (\`appointment-booked\`) in the same transaction. The same hold again answers the same booking (200).`,
        params: StaffPatientHoldParamsSchema,
        response: { 200: BookingResponseSchema, 201: BookingResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const call = await records.onBehalf(staffOf(request), request.program, request.params.id, 'appointment-booked');
      const { booking, created } = await bookings.confirm(call, request.params.holdId);
      return reply.code(created ? 201 : 200).send({ data: booking });
    },
  );

  app.post(
    '/staff/patients/:id/bookings/:bookingId/reschedule',
    {
      config,
      preHandler,
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      schema: {
        tags,
        operationId: 'rescheduleStaffPatientBooking',
        summary: "Moves the patient's appointment to the slot held for it",
        description: `${onBehalf} The patient's own move (the sequence they were shown, before the cut-off); the notice goes to the patient; written to the access log (\`appointment-moved\`).`,
        params: StaffPatientBookingParamsSchema,
        body: RescheduleBodySchema,
        response: { 200: BookingResponseSchema, ...writeErrors },
      },
    },
    async (request) => {
      const call = await records.onBehalf(staffOf(request), request.program, request.params.id, 'appointment-moved');
      return { data: await bookings.reschedule(call, request.params.bookingId, request.body) };
    },
  );

  app.get(
    '/staff/patients/:id/bookings/past',
    {
      config,
      preHandler,
      schema: {
        tags,
        operationId: 'listStaffPatientPastAppointments',
        summary: "A patient's appointments whose time has come, with whether they came",
        description: `${onBehalf} Those that started in the last ${STAFF_PAST_APPOINTMENT_DAYS} days, newest first; \`missed\` once the staff marked it so (decision 085).`,
        params: StaffPatientIdParamsSchema,
        response: { 200: StaffPastAppointmentsResponseSchema, ...readErrors },
      },
    },
    async (request) => ({
      data: { appointments: await bookings.listPast(await scopeFor(request, request.params.id)) },
    }),
  );

  app.post(
    '/staff/patients/:id/bookings/:bookingId/attendance',
    {
      config,
      preHandler,
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      schema: {
        tags,
        operationId: 'recordStaffPatientAttendance',
        summary: 'Marks whether the patient came to an appointment that has started',
        description: `${onBehalf} \`missed\` puts the patient on the outreach list (decision 085); \`attended\` undoes it. An appointment still to come is 409 \`BOOKING_NOT_STARTED\`; a cancelled one 404. No mail; written to the access log (\`appointment-attendance-recorded\`).`,
        params: StaffPatientBookingParamsSchema,
        body: StaffAttendanceBodySchema,
        response: { 200: StaffAttendanceResponseSchema, ...writeErrors },
      },
    },
    async (request) => {
      const call = await records.onBehalf(
        staffOf(request),
        request.program,
        request.params.id,
        'appointment-attendance-recorded',
      );
      return { data: await bookings.recordAttendance(call, request.params.bookingId, request.body.attendance) };
    },
  );

  app.post(
    '/staff/patients/:id/bookings/:bookingId/cancel',
    {
      config,
      preHandler,
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      schema: {
        tags,
        operationId: 'cancelStaffPatientBooking',
        summary: "Cancels the patient's appointment",
        description: `${onBehalf} Before the cut-off; the notice goes to the patient; written to the access log (\`appointment-cancelled\`).`,
        params: StaffPatientBookingParamsSchema,
        body: CancelBodySchema,
        response: { 200: BookingResponseSchema, ...writeErrors },
      },
    },
    async (request) => {
      const call = await records.onBehalf(
        staffOf(request),
        request.program,
        request.params.id,
        'appointment-cancelled',
      );
      return { data: await bookings.cancel(call, request.params.bookingId, request.body.sequence) };
    },
  );
};
