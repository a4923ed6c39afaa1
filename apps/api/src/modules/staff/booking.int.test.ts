// Booking on a patient's behalf (decision 076): an agent whose session opened the record books, moves and cancels with
// the patients' own rules; the notices go to the patient; each change is audited under the agent and written to the
// access log (with the opening's reason) in its own transaction; nothing without the opened record, nothing where the
// program turns booking off.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BookingAvailabilityResponseSchema,
  BookingHoldResponseSchema,
  BookingResponseSchema,
  BookingsResponseSchema,
} from '@portal/contracts/booking';
import { StaffBookingServicesResponseSchema } from '@portal/contracts/staff-booking';
import { PatientAccessLogResponseSchema } from '@portal/contracts/staff-records';
import { auditEvent, featureToggle, outbox } from '../../db/schema.ts';
import { createTestApp, createTestClock, TEST_DB, type TestApp } from '../../test/app.ts';
import { callAs, enrolPatient, errorOf, type TestPatient } from '../../test/patients.ts';
import { openTestStaffSession } from '../../test/staff.ts';

const NEUROLOGIST = 1201; // alivio: a video call, for the default enrolment's medicine
const clock = createTestClock(new Date());
let t: TestApp;
let agent: string;
let patient: TestPatient;

beforeAll(async () => {
  t = await createTestApp(
    { LOGIN_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '100000', SIGNUP_PER_MINUTE: '1000' },
    { clock },
  );
  agent = await openTestStaffSession(t, ['agent:alivio']);
  patient = await enrolPatient(t, 'alivio');
}, 120_000);
afterAll(async () => t?.close());

const onBehalf = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, authorization = agent) =>
  callAs(t, { slug: 'alivio', authorization }, method, `/api/v1/staff/patients/${patient.patientId}${path}`, body);

async function holdFirst(index: number, bookingId?: number) {
  const availability = await onBehalf('GET', `/booking/availability?benefitId=${NEUROLOGIST}`);
  expect(availability.statusCode, availability.body).toBe(200);
  const slot = BookingAvailabilityResponseSchema.parse(availability.json()).data.days[0]!.slots[index]!;
  const held = await onBehalf('POST', '/booking/holds', {
    benefitId: NEUROLOGIST,
    placeId: slot.placeId,
    startsAt: slot.startsAt,
    ...(bookingId === undefined ? {} : { bookingId }),
  });
  expect(held.statusCode, held.body).toBe(201);
  return BookingHoldResponseSchema.parse(held.json()).data;
}

describe(`booking on a patient's behalf (${TEST_DB})`, () => {
  it('needs the opened record', async () => {
    const answer = await onBehalf('GET', '/booking/services');
    expect(answer.statusCode).toBe(403);
    expect(errorOf(answer.json()).code).toBe('STAFF_RECORD_NOT_OPENED');
    const manager = await openTestStaffSession(t, ['manager:alivio']);
    expect((await onBehalf('GET', '/bookings', undefined, manager)).statusCode).toBe(403);
  });

  it('books, moves and cancels with the patient’s rules; the patient gets each notice; each is in the access log', async () => {
    const opened = await callAs(
      t,
      { slug: 'alivio', authorization: agent },
      'POST',
      `/api/v1/staff/patients/${patient.patientId}/open`,
      {
        reason: 'inbound-call',
      },
    );
    expect(opened.statusCode).toBe(200);
    const services = StaffBookingServicesResponseSchema.parse((await onBehalf('GET', '/booking/services')).json()).data
      .services;
    expect(services.map((service) => service.benefitId)).toContain(NEUROLOGIST);

    const hold = await holdFirst(0);
    const booked = await onBehalf('POST', `/booking/holds/${hold.holdId}/confirm`);
    expect(booked.statusCode, booked.body).toBe(201);
    const booking = BookingResponseSchema.parse(booked.json()).data;
    // The patient sees it in their own list.
    const mine = BookingsResponseSchema.parse((await callAs(t, patient, 'GET', '/api/v1/bookings')).json()).data;
    expect(mine.map((one) => one.bookingId)).toEqual([booking.bookingId]);
    // A second booking of the service is refused, as it would be for the patient.
    const again = await onBehalf('GET', `/booking/availability?benefitId=${NEUROLOGIST}`);
    const slot = BookingAvailabilityResponseSchema.parse(again.json()).data.days[0]!.slots[2]!;
    const second = await onBehalf('POST', '/booking/holds', {
      benefitId: NEUROLOGIST,
      placeId: slot.placeId,
      startsAt: slot.startsAt,
    });
    expect(errorOf(second.json()).code).toBe('BOOKING_ALREADY_BOOKED');

    const moveHold = await holdFirst(1, booking.bookingId);
    const moved = await onBehalf('POST', `/bookings/${booking.bookingId}/reschedule`, {
      holdId: moveHold.holdId,
      sequence: booking.sequence,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const movedTo = BookingResponseSchema.parse(moved.json()).data;
    const cancelled = await onBehalf('POST', `/bookings/${movedTo.bookingId}/cancel`, { sequence: movedTo.sequence });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const mails = await t.database.db
      .select({ kind: outbox.kind })
      .from(outbox)
      .where(and(eq(outbox.recipient, patient.email)));
    expect(mails.map((mail) => mail.kind)).toEqual(
      expect.arrayContaining(['booking-confirmed', 'booking-rescheduled', 'booking-cancelled']),
    );
    const audited = await t.database.db
      .select({ action: auditEvent.action, actorKind: auditEvent.actorKind })
      .from(auditEvent)
      .where(eq(auditEvent.subject, `booking:${booking.bookingId}`));
    expect(audited).toEqual([{ action: 'booking-confirmed', actorKind: 'staff' }]);

    const log = PatientAccessLogResponseSchema.parse(
      (await callAs(t, patient, 'GET', '/api/v1/user/access-log')).json(),
    ).data.entries;
    expect(log.map((entry) => [entry.what, entry.reason])).toEqual([
      ['appointment-cancelled', 'inbound-call'],
      ['appointment-moved', 'inbound-call'],
      ['appointment-booked', 'inbound-call'],
      ['record-opened', 'inbound-call'],
    ]);
  });

  it('is off where the program turns booking off', async () => {
    const programId = t.app.programs.get('alivio')!.id;
    const toggle = (enabled: boolean) =>
      t.database.db
        .update(featureToggle)
        .set({ enabled })
        .where(and(eq(featureToggle.programId, programId), eq(featureToggle.key, 'booking')));
    await toggle(false);
    clock.advance(20_000);
    try {
      const answer = await onBehalf('GET', '/booking/services');
      expect(answer.statusCode).toBe(404);
      expect(errorOf(answer.json()).code).toBe('FEATURE_DISABLED');
    } finally {
      await toggle(true);
      clock.advance(20_000);
    }
  });
});
