// Access rows of booking (test/access-matrix.ts): the owner's appointments of the neurologist video call (1201), one
// booked, moved and cancelled, one live; the service itself is named in the query or the body (a catalogue id, not
// the owner's data), so an intruder's availability and hold act on its own data.
import { eq } from 'drizzle-orm';
import { BookingResponseSchema, BookingsResponseSchema } from '@portal/contracts/booking';
import { booking } from '../../db/schema.ts';
import type { ModuleAccess, OwnedIds } from '../../test/access-matrix.ts';
import { availabilityOf, bookFirstSlot, holdSlot } from '../../test/bookings.ts';
import { callAs } from '../../test/patients.ts';

const SERVICE = 1201;
/** A free slot another patient of the program may hold (the seed picks it). */
let freeSlot = { placeId: '', startsAt: '' };
/** The owner's live booking (the staff's rows hold a slot to move it). */
let liveBookingId = 0;
/** The hold the seed moved the first booking with (a retried move names it again). */
let moveHoldId = 0;
/** The owner's appointment whose time has come. */
let pastBookingId = 0;

export const ACCESS: ModuleAccess = {
  patientRows: [
    {
      method: 'GET',
      path: '/api/v1/booking/availability',
      roundTrips: 4,
      url: () => `/api/v1/booking/availability?benefitId=${SERVICE}`,
    },
    {
      method: 'POST',
      path: '/api/v1/booking/holds',
      roundTrips: 13,
      body: () => ({ benefitId: SERVICE, ...freeSlot }),
      // The owner has a booking of the service: another patient's hold (the matrix's, held again).
      budgetCaller: 'another patient',
    },
    {
      method: 'DELETE',
      path: '/api/v1/booking/holds/{holdId}',
      roundTrips: 5,
      url: (ids) => `/api/v1/booking/holds/${ids.bookingId}`,
    },
    {
      method: 'POST',
      path: '/api/v1/booking/holds/{holdId}/confirm',
      roundTrips: 8,
      url: (ids) => `/api/v1/booking/holds/${ids.bookingId}/confirm`,
    },
    { method: 'GET', path: '/api/v1/bookings', roundTrips: 3 },
    {
      method: 'GET',
      path: '/api/v1/bookings/{bookingId}',
      roundTrips: 3,
      url: (ids) => `/api/v1/bookings/${ids.bookingId}`,
    },
    {
      method: 'POST',
      path: '/api/v1/bookings/{bookingId}/reschedule',
      roundTrips: 5,
      url: (ids) => `/api/v1/bookings/${ids.movedBookingId}/reschedule`,
      body: () => ({ holdId: moveHoldId, sequence: 0 }),
    },
    {
      method: 'POST',
      path: '/api/v1/bookings/{bookingId}/cancel',
      roundTrips: 4,
      url: (ids) => `/api/v1/bookings/${ids.cancelledBookingId}/cancel`,
      body: () => ({ sequence: 1 }),
    },
  ],
  // The same calls made by an agent or a nurse on the owner's behalf (decision 076; the routes are the staff module's).
  staffRows: [
    // Booking on the owner's behalf (decision 076), on the booking module's seeded appointments: each call, repeated by
    // an agent and then a nurse, answers as a retried call of the patient's would.
    ...(
      [
        ['GET', '/booking/services', 9, () => '/booking/services'],
        ['GET', '/bookings', 8, () => '/bookings'],
        ['GET', '/booking/availability', 9, () => `/booking/availability?benefitId=${SERVICE}`],
        ['DELETE', '/booking/holds/{holdId}', 9, (ids: OwnedIds) => `/booking/holds/${ids.bookingId}`],
        ['POST', '/booking/holds/{holdId}/confirm', 13, (ids: OwnedIds) => `/booking/holds/${ids.bookingId}/confirm`],
      ] as const
    ).map(([method, path, roundTrips, url]) => ({
      method,
      path: `/api/v1/staff/patients/{id}${path}`,
      roundTrips,
      url: (ids: OwnedIds) => `/api/v1/staff/patients/${ids.patientId}${url(ids)}`,
      roles: ['agent', 'nurse'] as const,
      opensTheRecord: true,
    })),
    {
      method: 'POST',
      path: '/api/v1/staff/patients/{id}/booking/holds',
      roundTrips: 17,
      url: (ids) => `/api/v1/staff/patients/${ids.patientId}/booking/holds`,
      roles: ['agent', 'nurse'],
      opensTheRecord: true,
      // A hold to move the live booking (a second booking of the service would be refused).
      body: () => ({ benefitId: SERVICE, ...freeSlot, bookingId: liveBookingId }),
    },
    {
      method: 'POST',
      path: '/api/v1/staff/patients/{id}/bookings/{bookingId}/reschedule',
      roundTrips: 9,
      url: (ids) => `/api/v1/staff/patients/${ids.patientId}/bookings/${ids.movedBookingId}/reschedule`,
      roles: ['agent', 'nurse'],
      opensTheRecord: true,
      body: () => ({ holdId: moveHoldId, sequence: 0 }),
    },
    {
      method: 'GET',
      path: '/api/v1/staff/patients/{id}/bookings/past',
      roundTrips: 7,
      url: (ids) => `/api/v1/staff/patients/${ids.patientId}/bookings/past`,
      roles: ['agent', 'nurse'],
      opensTheRecord: true,
    },
    {
      method: 'POST',
      path: '/api/v1/staff/patients/{id}/bookings/{bookingId}/attendance',
      roundTrips: 13,
      url: (ids) => `/api/v1/staff/patients/${ids.patientId}/bookings/${ids.pastBookingId}/attendance`,
      roles: ['agent', 'nurse'],
      opensTheRecord: true,
      body: () => ({ attendance: 'missed' }),
    },
    {
      method: 'POST',
      path: '/api/v1/staff/patients/{id}/bookings/{bookingId}/cancel',
      roundTrips: 8,
      url: (ids) => `/api/v1/staff/patients/${ids.patientId}/bookings/${ids.cancelledBookingId}/cancel`,
      roles: ['agent', 'nurse'],
      opensTheRecord: true,
      body: () => ({ sequence: 1 }),
    },
  ],
  seed: async (t, owner) => {
    // Booked, moved (the retried move answers it again) and cancelled (a repeated cancel too); then one live booking.
    const first = await bookFirstSlot(t, owner, SERVICE, 0);
    const { days } = await availabilityOf(t, owner, SERVICE);
    const move = await holdSlot(t, owner, SERVICE, days[0]!.slots[1]!, first.bookingId);
    moveHoldId = move.holdId;
    const moved = await callAs(t, owner, 'POST', `/api/v1/bookings/${first.bookingId}/reschedule`, {
      holdId: move.holdId,
      sequence: 0,
    });
    if (moved.statusCode !== 200) throw new Error(`not moved: ${moved.body}`);
    const movedTo = BookingResponseSchema.parse(moved.json()).data;
    const cancelled = await callAs(t, owner, 'POST', `/api/v1/bookings/${movedTo.bookingId}/cancel`, { sequence: 1 });
    if (cancelled.statusCode !== 200) throw new Error(`not cancelled: ${cancelled.body}`);
    const live = await bookFirstSlot(t, owner, SERVICE, 2);
    liveBookingId = live.bookingId;
    const slot = days[0]!.slots[3]!;
    freeSlot = { placeId: slot.placeId, startsAt: slot.startsAt };
    // An appointment whose time has come, two days ago (the staff mark whether the owner came, decision 085).
    const [row] = await t.database.db.select().from(booking).where(eq(booking.id, live.bookingId));
    const startsAt = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    const [past] = await t.database.db
      .insert(booking)
      .values({
        ...row!,
        id: undefined,
        calendarUid: undefined,
        status: 'completed',
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60 * 1000),
        endedAt: new Date(startsAt.getTime() + 30 * 60 * 1000),
        confirmedAt: new Date(startsAt.getTime() - 24 * 60 * 60 * 1000),
      })
      .returning({ id: booking.id });
    pastBookingId = past!.id;
    return {
      bookingId: live.bookingId,
      movedBookingId: first.bookingId,
      cancelledBookingId: movedTo.bookingId,
      pastBookingId: past!.id,
    };
  },
  snapshot: async (t, owner) => ({
    upcoming: BookingsResponseSchema.parse((await callAs(t, owner, 'GET', '/api/v1/bookings')).json()).data,
    past: await t.database.db.select({ status: booking.status }).from(booking).where(eq(booking.id, pastBookingId)),
  }),
};
