// Booking (decision 058): the demo patients' free slots in their country's time, book, move and cancel, the refusals
// each with its code, the hold's minutes, the cut-off, the races the database decides (16 patients for the last seat,
// two moves of one booking), the database's own refusals, the per-patient limit and the feature toggle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import ICAL from 'ical.js';
import {
  BookingHoldResponseSchema,
  BookingResponseSchema,
  BookingsResponseSchema,
  type BookingAvailability,
} from '@portal/contracts/booking';
import { LoginResponseSchema } from '@portal/contracts/identity';
import * as schema from '../../db/schema.ts';
import { uniqueViolationOf } from '../../platform/errors.ts';
import { FEATURE_TOGGLES_TTL_MS } from '../../platform/feature-toggles.ts';
import { createTestApp, createTestClock, TEST_DB, type TestApp } from '../../test/app.ts';
import { availabilityOf, bookFirstSlot, holdSlot } from '../../test/bookings.ts';
import { queueDueReminders } from './reminders.ts';
import { completePast } from './repository.ts';
import { createBookingService } from './service.ts';
import type { StaffActor } from '../../platform/actor.ts';
import { callAs, MANY_PATIENTS_ENV, enrolPatient, errorOf, signInDemo, type TestPatient } from '../../test/patients.ts';
import { testMailRenderer } from '../../test/mail-kinds.ts';

const LIMIT = 40;
// One live hold per patient across services here (the default is two): equilibrio's two services can reach it.
const HOLDS_CAP = 1;
// Saturday 21 November 2026: 06:00 in Costa Rica, 07:00 in Panama, 08:00 in Trinidad and Tobago.
const START = new Date('2026-11-21T12:00:00Z');
const clock = createTestClock(START);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { ...MANY_PATIENTS_ENV, BOOKING_PER_MINUTE: String(LIMIT), BOOKING_HOLDS_PER_PATIENT: String(HOLDS_CAP) },
    { clock },
  );
});
afterAll(async () => t.close());

const NEUROLOGIST = 1201; // alivio: video call, capacity 2, notice 24 h, cut-off 12 h
const LABORATORY = 3201; // equilibrio: HbA1c test, capacity 3, 15 minutes, notice 12 h, cut-off 4 h
const NUTRITIONIST = 3202; // equilibrio: capacity 1

const signIn = (slug: string) => signInDemo(t, slug);

const slotAt = (availability: BookingAvailability, date: string, time: string) => {
  const slot = availability.days.find((day) => day.date === date)?.slots.find((candidate) => candidate.time === time);
  if (!slot) throw new Error(`no free slot ${date} ${time}`);
  return slot;
};
const holdAnswer = (
  who: { slug: string; authorization?: string },
  {
    benefitId,
    placeId,
    startsAt,
    bookingId,
  }: { benefitId: number; placeId: string; startsAt: string; bookingId?: number },
) =>
  callAs(t, who, 'POST', '/api/v1/booking/holds', {
    benefitId,
    placeId,
    startsAt,
    ...(bookingId === undefined ? {} : { bookingId }),
  });
/** Logs the patient in again at the test clock's time (after a jump past the access token's 15 minutes). */
async function signInAgain(patient: TestPatient): Promise<TestPatient> {
  const login = await callAs(t, { slug: patient.slug }, 'POST', '/api/v1/login', {
    email: patient.email,
    password: patient.password,
  });
  expect(login.statusCode, login.body).toBe(200);
  return { ...patient, authorization: `Bearer ${LoginResponseSchema.parse(login.json()).data.AccessToken}` };
}
/** Which of these holds still run (status `held`). */
const runningHolds = async (holdIds: number[]) =>
  (
    await t.database.db
      .select({ id: schema.booking.id })
      .from(schema.booking)
      .where(and(inArray(schema.booking.id, holdIds), eq(schema.booking.status, 'held')))
  ).map((row) => row.id);
const liveSeats = (benefitId: number, startsAt: string) =>
  t.database.db
    .select()
    .from(schema.booking)
    .where(
      and(
        eq(schema.booking.benefitId, benefitId),
        eq(schema.booking.startsAt, new Date(startsAt)),
        inArray(schema.booking.status, ['held', 'confirmed']),
      ),
    );

describe(`booking (${TEST_DB})`, () => {
  it.each([
    // slug, service, zone, the first free slot (local and UTC), a holiday of the country within the horizon
    ['alivio', 1201, 'America/Costa_Rica', '2026-11-23', '08:00', '2026-11-23T14:00:00.000Z', '2026-12-01'],
    ['piel', 2202, 'America/Mexico_City', '2026-11-23', '09:00', '2026-11-23T15:00:00.000Z', '2026-12-25'],
    ['equilibrio', 3201, 'America/Panama', '2026-11-23', '06:30', '2026-11-23T11:30:00.000Z', '2026-12-08'],
  ] as const)(
    "offers the demo patient of %s its service's free slots in its country's time",
    async (slug, benefitId, timeZone, date, time, startsAt, holiday) => {
      const who = await signIn(slug);
      const availability = await availabilityOf(t, who, benefitId);
      expect(availability.timeZone).toBe(timeZone);
      expect(availability.firstDay).toBe('2026-11-21');
      expect(availability.days[0]!.date).toBe(date);
      expect(availability.days[0]!.slots[0]).toMatchObject({ time, startsAt });
      expect(availability.days.map((day) => day.date)).not.toContain(holiday);
      expect(availability.days.at(-1)!.date <= availability.lastDay).toBe(true);
      expect(availability.places.length).toBeGreaterThan(0);
    },
  );

  it('books, moves and cancels an appointment; each change frees its seat at once', async () => {
    const patient = await enrolPatient(t, 'alivio');
    const before = await availabilityOf(t, patient, NEUROLOGIST);
    const slot = slotAt(before, '2026-11-23', '08:00');
    expect(slot.free).toBe(2);
    const hold = await holdSlot(t, patient, NEUROLOGIST, slot);
    expect(Date.parse(hold.heldUntil) - clock().getTime()).toBe(5 * 60 * 1000);
    expect(slotAt(await availabilityOf(t, patient, NEUROLOGIST), '2026-11-23', '08:00').free).toBe(1);

    const confirmUrl = `/api/v1/booking/holds/${hold.holdId}/confirm`;
    const confirmed = await callAs(t, patient, 'POST', confirmUrl);
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const booking = BookingResponseSchema.parse(confirmed.json()).data;
    expect(booking).toMatchObject({
      bookingId: hold.holdId,
      startsAt: '2026-11-23T14:00:00.000Z',
      timeZone: 'America/Costa_Rica',
      place: { id: 'video-cr', kind: 'video' },
      sequence: 0,
      canChange: true,
      changeableUntil: '2026-11-23T02:00:00.000Z',
    });
    // The same hold again answers the same booking.
    const again = await callAs(t, patient, 'POST', confirmUrl);
    expect(again.statusCode).toBe(200);
    expect(BookingResponseSchema.parse(again.json()).data.bookingId).toBe(booking.bookingId);
    // One live booking per service: a second one is refused, at the hold already.
    const second = await holdAnswer(patient, { benefitId: NEUROLOGIST, ...slotAt(before, '2026-11-24', '08:00') });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second.json()).code).toBe('BOOKING_ALREADY_BOOKED');

    const moveHold = await holdSlot(t, patient, NEUROLOGIST, slotAt(before, '2026-11-25', '10:30'), booking.bookingId);
    const moved = await callAs(t, patient, 'POST', `/api/v1/bookings/${booking.bookingId}/reschedule`, {
      holdId: moveHold.holdId,
      sequence: 0,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const movedTo = BookingResponseSchema.parse(moved.json()).data;
    expect(movedTo).toMatchObject({
      startsAt: '2026-11-25T16:30:00.000Z',
      calendarUid: booking.calendarUid,
      sequence: 1,
    });
    const afterMove = await availabilityOf(t, patient, NEUROLOGIST);
    expect(slotAt(afterMove, '2026-11-23', '08:00').free).toBe(2);
    expect(slotAt(afterMove, '2026-11-25', '10:30').free).toBe(1);
    const list = BookingsResponseSchema.parse((await callAs(t, patient, 'GET', '/api/v1/bookings')).json()).data;
    expect(list.map((item) => item.bookingId)).toEqual([movedTo.bookingId]);
    const old = await callAs(t, patient, 'GET', `/api/v1/bookings/${booking.bookingId}`);
    expect(old.statusCode).toBe(404);

    const cancelled = await callAs(t, patient, 'POST', `/api/v1/bookings/${movedTo.bookingId}/cancel`, { sequence: 1 });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(BookingResponseSchema.parse(cancelled.json()).data).toMatchObject({ status: 'cancelled', sequence: 2 });
    expect(slotAt(await availabilityOf(t, patient, NEUROLOGIST), '2026-11-25', '10:30').free).toBe(2);
    const stale = await callAs(t, patient, 'POST', `/api/v1/bookings/${movedTo.bookingId}/cancel`, { sequence: 0 });
    expect(errorOf(stale.json()).code).toBe('BOOKING_CHANGED');
    expect((await callAs(t, patient, 'GET', '/api/v1/bookings')).json()).toEqual({ data: [] });

    const audit = await t.database.db
      .select({ action: schema.auditEvent.action })
      .from(schema.auditEvent)
      .where(inArray(schema.auditEvent.subject, [`booking:${booking.bookingId}`, `booking:${movedTo.bookingId}`]));
    expect(audit.map((row) => row.action).sort()).toEqual([
      'booking-cancelled',
      'booking-confirmed',
      'booking-rescheduled',
    ]);
  });

  it('mails the confirmation, the move and the cancellation, each with its calendar file, in the patient language', async () => {
    const patient = await enrolPatient(t, 'equilibrio'); // Trinidad and Tobago, in English
    const booked = await bookFirstSlot(t, patient, LABORATORY, 4);
    const availability = await availabilityOf(t, patient, LABORATORY);
    const hold = await holdSlot(t, patient, LABORATORY, slotAt(availability, '2026-11-24', '07:00'), booked.bookingId);
    const moved = BookingResponseSchema.parse(
      (
        await callAs(t, patient, 'POST', `/api/v1/bookings/${booked.bookingId}/reschedule`, {
          holdId: hold.holdId,
          sequence: 0,
        })
      ).json(),
    ).data;
    await callAs(t, patient, 'POST', `/api/v1/bookings/${moved.bookingId}/cancel`, { sequence: 1 });
    const rows = await t.database.db
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.recipient, patient.email))
      .orderBy(asc(schema.outbox.createdAt));
    const mails = rows
      .filter((row) => row.kind.startsWith('booking-'))
      .map((row) =>
        testMailRenderer(t.config).render('equilibrio', {
          kind: row.kind,
          language: row.language,
          payload: row.payload,
        }),
      );
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Your appointment is booked: Free glucose test',
      'Your appointment was moved: Free glucose test',
      'Your appointment was cancelled: Free glucose test',
    ]);
    expect(mails[0]!.text).toContain('Monday, 23 November, 7:30 am'); // en-TT: day before month, 12-hour clock
    expect(mails[1]!.text).toContain('Tuesday, 24 November, 7:00 am');
    expect(mails[1]!.text).toContain('Caribbean Diagnostic Laboratory, 24 Frederick Street, Port of Spain');
    const events = mails.map((mail) => {
      const calendar = new ICAL.Component(ICAL.parse(mail.calendar!.content));
      const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
      return {
        method: calendar.getFirstPropertyValue('method'),
        uid: event.uid,
        sequence: event.sequence,
        zone: event.component.getFirstProperty('dtstart')!.getParameter('tzid'),
        start: `${event.startDate.hour}:${String(event.startDate.minute).padStart(2, '0')}`,
      };
    });
    expect(events).toEqual([
      { method: 'REQUEST', uid: booked.calendarUid, sequence: 0, zone: 'America/Port_of_Spain', start: '7:30' },
      { method: 'REQUEST', uid: booked.calendarUid, sequence: 1, zone: 'America/Port_of_Spain', start: '7:00' },
      { method: 'CANCEL', uid: booked.calendarUid, sequence: 2, zone: 'America/Port_of_Spain', start: '7:00' },
    ]);
  });

  it('mails the patient, not whoever acted, and audits the actor, when someone else books, moves and cancels', async () => {
    // The call center's door comes with its issue; the booking service already takes who acts apart from whose care.
    const patient = await enrolPatient(t, 'equilibrio');
    const { scope } = await t.app.identity.resolveCaller(t.app.programs.get('equilibrio')!, patient.authorization);
    const agent: StaffActor = { kind: 'staff', staffId: 'agent-7', sessionId: 'staff-session-1' };
    const bookings = createBookingService({ db: t.database.db, clock, holdsPerPatient: HOLDS_CAP });
    const { days } = await bookings.availability(scope, LABORATORY);
    const [first, second] = [days[0]!.slots[6]!, days[1]!.slots[6]!];
    const held = await bookings.hold(scope, {
      benefitId: LABORATORY,
      placeId: first.placeId,
      startsAt: first.startsAt,
    });
    const { booking } = await bookings.confirm({ scope, actor: agent }, held.holdId);
    const moving = await bookings.hold(scope, {
      benefitId: LABORATORY,
      placeId: second.placeId,
      startsAt: second.startsAt,
      bookingId: booking.bookingId,
    });
    const moved = await bookings.reschedule({ scope, actor: agent }, booking.bookingId, {
      holdId: moving.holdId,
      sequence: 0,
    });
    await bookings.cancel({ scope, actor: agent }, moved.bookingId, 1);

    const mails = await t.database.db
      .select({ kind: schema.outbox.kind, recipient: schema.outbox.recipient, language: schema.outbox.language })
      .from(schema.outbox)
      .where(inArray(schema.outbox.kind, ['booking-confirmed', 'booking-rescheduled', 'booking-cancelled']))
      .orderBy(asc(schema.outbox.id));
    // One transaction each, at one test-clock instant: the order of their rows is not the order of the changes.
    const ofThisBooking = mails.filter((mail) => mail.recipient === patient.email).map((mail) => mail.kind);
    expect(ofThisBooking.sort()).toEqual(['booking-cancelled', 'booking-confirmed', 'booking-rescheduled']);
    expect(mails.filter((mail) => mail.recipient === patient.email).every((mail) => mail.language === 'en')).toBe(true);
    const audit = await t.database.db
      .select({
        action: schema.auditEvent.action,
        actorKind: schema.auditEvent.actorKind,
        actorId: schema.auditEvent.actorId,
        actorUserId: schema.auditEvent.actorUserId,
      })
      .from(schema.auditEvent)
      .where(inArray(schema.auditEvent.subject, [`booking:${booking.bookingId}`, `booking:${moved.bookingId}`]))
      .orderBy(asc(schema.auditEvent.action));
    expect(audit).toEqual([
      { action: 'booking-cancelled', actorKind: 'staff', actorId: 'agent-7', actorUserId: null },
      { action: 'booking-confirmed', actorKind: 'staff', actorId: 'agent-7', actorUserId: null },
      { action: 'booking-rescheduled', actorKind: 'staff', actorId: 'agent-7', actorUserId: null },
    ]);
  });

  it('audits a booking the patient makes under the patient account and session', async () => {
    const patient = await enrolPatient(t, 'alivio');
    const booked = await bookFirstSlot(t, patient, NEUROLOGIST, 5);
    const [event] = await t.database.db
      .select({
        actorKind: schema.auditEvent.actorKind,
        actorId: schema.auditEvent.actorId,
        actorUserId: schema.auditEvent.actorUserId,
      })
      .from(schema.auditEvent)
      .where(eq(schema.auditEvent.subject, `booking:${booked.bookingId}`));
    const { scope } = await t.app.identity.resolveCaller(t.app.programs.get('alivio')!, patient.authorization);
    expect(event).toEqual({ actorKind: 'patient', actorId: scope.userId, actorUserId: scope.userId });
    // Cancelled, so that the reminder test below finds only its own booking due.
    const cancel = await callAs(t, patient, 'POST', `/api/v1/bookings/${booked.bookingId}/cancel`, { sequence: 0 });
    expect(cancel.statusCode, cancel.body).toBe(200);
  });

  it('says in the mails and the calendar file how a video call’s link comes: from the program’s team, not the portal (decision 087)', async () => {
    const patient = await enrolPatient(t, 'alivio');
    const booked = await bookFirstSlot(t, patient, NEUROLOGIST, 6);
    expect(booked.place).toMatchObject({ kind: 'video', address: null });
    const [queued] = await t.database.db
      .select()
      .from(schema.outbox)
      .where(and(eq(schema.outbox.recipient, patient.email), eq(schema.outbox.kind, 'booking-confirmed')));
    const renderer = testMailRenderer(t.config);
    const join =
      'Cómo unirse: el enlace de la videollamada no llega por este portal. El equipo de Alivio se lo envía a su correo o a su teléfono antes de la hora de la cita.';
    const mail = renderer.render('alivio', { kind: 'booking-confirmed', language: 'es', payload: queued!.payload });
    expect(mail.text).toContain(`Lugar: Videollamada\n\n${join}`);
    expect(mail.html).toContain(join);
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(mail.calendar!.content)).getFirstSubcomponent('vevent')!,
    );
    expect(event.description).toContain(join);
    const english = renderer.render('alivio', { kind: 'booking-confirmed', language: 'en', payload: queued!.payload });
    expect(english.text).toContain('How to join: the video call’s link does not come through this portal.');
    // A place that is not a video call says nothing of a link.
    const cancelled = await callAs(t, patient, 'POST', `/api/v1/bookings/${booked.bookingId}/cancel`, { sequence: 0 });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });

  it('shows a home visit at the patient’s own address, from the profile: offered, booked, listed and mailed (decision 087)', async () => {
    const patient = { ...(await signIn('piel')), email: 'demo@piel.example' };
    const availability = await availabilityOf(t, patient, 2202);
    const home = availability.places.find((place) => place.kind === 'home')!;
    expect(home.address).toMatch(/^Avenida Central 100, ./);
    // The clinic keeps its own address.
    expect(availability.places.find((place) => place.kind === 'address')!.address).not.toContain('Avenida Central 100');
    const slot = availability.days.flatMap((day) => day.slots).find((candidate) => candidate.placeId === home.id)!;
    const hold = await holdSlot(t, patient, 2202, slot);
    const confirmed = await callAs(t, patient, 'POST', `/api/v1/booking/holds/${hold.holdId}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(BookingResponseSchema.parse(confirmed.json()).data.place).toMatchObject({
      kind: 'home',
      address: home.address,
    });
    const listed = BookingsResponseSchema.parse((await callAs(t, patient, 'GET', '/api/v1/bookings')).json()).data;
    expect(listed[0]!.place.address).toBe(home.address);
    const [queued] = await t.database.db
      .select()
      .from(schema.outbox)
      .where(and(eq(schema.outbox.recipient, patient.email), eq(schema.outbox.kind, 'booking-confirmed')));
    const mail = testMailRenderer(t.config).render('piel', {
      kind: 'booking-confirmed',
      language: 'es',
      payload: queued!.payload,
    });
    expect(mail.text).toContain(`Lugar: En su casa, ${home.address}`);
    expect(mail.text).not.toContain('Cómo unirse');
    const cancelled = await callAs(t, patient, 'POST', `/api/v1/bookings/${listed[0]!.bookingId}/cancel`, {
      sequence: 0,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });

  it('queues the reminder a day before, once, even when two instances look at the same time', async () => {
    const patient = await enrolPatient(t, 'alivio');
    const booked = await bookFirstSlot(t, patient, NEUROLOGIST, 5);
    const reminders = () =>
      t.database.db
        .select()
        .from(schema.outbox)
        .where(and(eq(schema.outbox.recipient, patient.email), eq(schema.outbox.kind, 'booking-reminder')));
    const startsAt = new Date(booked.startsAt);
    // 25 hours before: not yet.
    expect(await queueDueReminders(t.database.db, new Date(startsAt.getTime() - 25 * 3_600_000))).toBe(0);
    const dayBefore = new Date(startsAt.getTime() - 23 * 3_600_000);
    const [first, second] = await Promise.all([
      queueDueReminders(t.database.db, dayBefore),
      queueDueReminders(t.database.db, dayBefore),
    ]);
    expect(first + second).toBe(1);
    const queued = await reminders();
    expect(queued).toHaveLength(1);
    const mail = testMailRenderer(t.config).render('alivio', {
      kind: 'booking-reminder',
      language: queued[0]!.language,
      payload: queued[0]!.payload,
    });
    expect(mail.subject).toBe('Recordatorio: su cita de mañana, Teleconsulta con un neurólogo');
    expect(mail.text).toContain('Videollamada');
    expect(await queueDueReminders(t.database.db, dayBefore)).toBe(0);
    expect(await reminders()).toHaveLength(1);
    await callAs(t, patient, 'POST', `/api/v1/bookings/${booked.bookingId}/cancel`, { sequence: 0 });
  });

  it('sends the notices by the channel the patient chose in the profile, and no reminder when turned off', async () => {
    const patient = await enrolPatient(t, 'alivio');
    expect((await callAs(t, patient, 'GET', '/api/v1/user/notices')).json().data).toEqual({
      channel: 'email',
      reminders: true,
      refillReminders: true,
    });
    const chosen = await callAs(t, patient, 'PUT', '/api/v1/user/notices', {
      channel: 'whatsapp',
      reminders: false,
      refillReminders: true,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await callAs(t, patient, 'GET', '/api/v1/user/notices')).json().data).toEqual({
      channel: 'whatsapp',
      reminders: false,
      refillReminders: true,
    });
    expect(
      (
        await callAs(t, patient, 'PUT', '/api/v1/user/notices', {
          channel: 'fax',
          reminders: true,
          refillReminders: true,
        })
      ).statusCode,
    ).toBe(400);

    const booked = await bookFirstSlot(t, patient, NEUROLOGIST, 3);
    const [queued] = await t.database.db
      .select()
      .from(schema.outbox)
      .where(and(eq(schema.outbox.recipient, patient.email), eq(schema.outbox.kind, 'booking-confirmed')));
    const body = (patient.body as { personalInfo: { firstName: string; lastName: string } }).personalInfo;
    expect(queued!.payload).toMatchObject({ channel: 'whatsapp', firstName: body.firstName });
    expect(queued!.payload.phone).toMatch(/^\+506\d{8}$/);
    // The worker sends it as a short text; outside production without SMS_URL it lands in the dev mailbox.
    await t.app.mail.worker.drainOnce();
    const text = t.app.mail.devMailbox!.list('alivio').find((mail) => mail.id === queued!.id);
    expect(text).toMatchObject({ from: 'WhatsApp', to: queued!.payload.phone, html: '' });
    expect(text!.text).toBe(
      `Alivio: ${body.firstName}, su cita de Teleconsulta con un neurólogo quedó reservada para el ${text!.text.split('para el ')[1]}`,
    );
    expect(text!.text.length).toBeLessThanOrEqual(160);
    expect(text!.text).not.toContain(body.lastName);
    expect(text!.text).not.toContain('Videollamada');

    // Reminders off: the claim is made, no reminder is queued.
    const dayBefore = new Date(new Date(booked.startsAt).getTime() - 23 * 3_600_000);
    await queueDueReminders(t.database.db, dayBefore);
    const reminders = await t.database.db
      .select()
      .from(schema.outbox)
      .where(and(eq(schema.outbox.recipient, patient.email), eq(schema.outbox.kind, 'booking-reminder')));
    expect(reminders).toEqual([]);
    await callAs(t, patient, 'POST', `/api/v1/bookings/${booked.bookingId}/cancel`, { sequence: 0 });
  });

  it('refuses a slot outside the schedule, each reason with its own code', async () => {
    const patient = await enrolPatient(t, 'alivio');
    // Costa Rica is UTC-6: 14:00Z is 08:00 there.
    for (const [startsAt, code] of [
      ['2027-01-21T14:00:00.000Z', 'BOOKING_OUTSIDE_HORIZON'], // day 61
      ['2026-11-20T14:00:00.000Z', 'BOOKING_OUTSIDE_HORIZON'], // yesterday
      ['2026-11-21T20:00:00.000Z', 'BOOKING_CLOSED_DAY'], // a Saturday
      ['2026-12-01T14:00:00.000Z', 'BOOKING_CLOSED_DAY'], // a national holiday
      ['2026-11-23T14:15:00.000Z', 'BOOKING_OUTSIDE_HOURS'], // not a slot's start
      ['2026-11-23T18:00:00.000Z', 'BOOKING_OUTSIDE_HOURS'], // 12:00, closed for lunch
    ] as const) {
      const answer = await holdAnswer(patient, { benefitId: NEUROLOGIST, placeId: 'video-cr', startsAt });
      expect(answer.statusCode, startsAt).toBe(422);
      expect(errorOf(answer.json()).code, startsAt).toBe(code);
    }
    // Trinidad's laboratory opens on Saturdays, with 12 hours' notice: at 08:00, 09:00 the same day is too soon.
    const early = await holdAnswer(await enrolPatient(t, 'equilibrio'), {
      benefitId: LABORATORY,
      placeId: 'lab-port-of-spain',
      startsAt: '2026-11-21T13:00:00.000Z',
    });
    expect(early.statusCode).toBe(422);
    expect(errorOf(early.json()).code).toBe('BOOKING_INSIDE_NOTICE');
    const otherCountry = await holdAnswer(patient, {
      benefitId: NEUROLOGIST,
      placeId: 'video-pa',
      startsAt: '2026-11-23T13:00:00.000Z',
    });
    expect(otherCountry.statusCode).toBe(404);
    // Another program's service is not found; this program's service without a treatment it applies to is refused.
    const foreign = await callAs(t, patient, 'GET', `/api/v1/booking/availability?benefitId=${LABORATORY}`);
    expect(errorOf(foreign.json()).code).toBe('NOT_FOUND');
    await t.database.db
      .update(schema.treatment)
      .set({ deletedAt: clock() })
      .where(
        inArray(
          schema.treatment.planPatientId,
          t.database.db
            .select({ id: schema.planPatient.id })
            .from(schema.planPatient)
            .where(eq(schema.planPatient.patientId, patient.patientId)),
        ),
      );
    const notInPlan = await callAs(t, patient, 'GET', `/api/v1/booking/availability?benefitId=${NEUROLOGIST}`);
    expect(notInPlan.statusCode).toBe(403);
    expect(errorOf(notInPlan.json()).code).toBe('BOOKING_SERVICE_NOT_IN_PLAN');
  });

  it('lets a hold go after five minutes: its seat is free and it can no longer be confirmed', async () => {
    const [first, second] = await Promise.all([enrolPatient(t, 'equilibrio'), enrolPatient(t, 'equilibrio')]);
    const slot = slotAt(await availabilityOf(t, first, 3202), '2026-11-24', '15:45');
    expect(slot.free).toBe(1);
    const hold = await holdSlot(t, first, 3202, slot);
    const full = await holdAnswer(second, { benefitId: 3202, ...slot });
    expect(full.statusCode).toBe(409);
    expect(errorOf(full.json()).code).toBe('BOOKING_SLOT_FULL');
    clock.advance(5 * 60 * 1000);
    try {
      await holdSlot(t, second, 3202, slot);
      const late = await callAs(t, first, 'POST', `/api/v1/booking/holds/${hold.holdId}/confirm`);
      expect(late.statusCode).toBe(410);
      expect(errorOf(late.json()).code).toBe('BOOKING_HOLD_EXPIRED');
    } finally {
      clock.set(START);
    }
  });

  it('gives the last seat of a slot to exactly one of 16 simultaneous patients', async () => {
    // Eighteen enrolments (each hashes a password) take their time on a busy machine: the test's own time-out.
    const patients: TestPatient[] = [];
    for (let index = 0; index < 18; index += 1) patients.push(await enrolPatient(t, 'equilibrio'));
    const slot = slotAt(await availabilityOf(t, patients[0]!, LABORATORY), '2026-11-25', '09:00');
    expect(slot.free).toBe(3);
    await bookFirstSlotAt(patients[0]!, slot);
    await bookFirstSlotAt(patients[1]!, slot);
    const answers = await Promise.all(
      patients.slice(2).map((patient) => holdAnswer(patient, { benefitId: LABORATORY, ...slot })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array<number>(15).fill(409)]);
    for (const answer of answers.filter((a) => a.statusCode === 409))
      expect(errorOf(answer.json()).code).toBe('BOOKING_SLOT_FULL');
    const seats = await liveSeats(LABORATORY, slot.startsAt);
    expect(seats.map((row) => row.seat).sort()).toEqual([1, 2, 3]);
    expect(slotAt(await availabilityOf(t, patients[0]!, LABORATORY), '2026-11-25', '08:45').free).toBe(3);
    expect((await availabilityOf(t, patients[0]!, LABORATORY)).days.flatMap((day) => day.slots)).not.toContainEqual(
      expect.objectContaining({ startsAt: slot.startsAt }),
    );
  }, 120_000);

  it('holds one slot at a time per service: a new hold lets the previous one go, also when two arrive at once', async () => {
    const patient = await enrolPatient(t, 'alivio');
    const availability = await availabilityOf(t, patient, NEUROLOGIST);
    const first = slotAt(availability, '2026-11-26', '08:00');
    const second = slotAt(availability, '2026-11-26', '08:30');
    // The same slot twice: one seat, not both (capacity 2; a second patient still finds one free).
    const once = await holdSlot(t, patient, NEUROLOGIST, first);
    const twice = await holdSlot(t, patient, NEUROLOGIST, first);
    expect(await runningHolds([once.holdId, twice.holdId])).toEqual([twice.holdId]);
    expect(await liveSeats(NEUROLOGIST, first.startsAt)).toHaveLength(1);
    // Another time (the patient went back without the screen letting go): the first time is free again.
    const other = await holdSlot(t, patient, NEUROLOGIST, second);
    expect(await runningHolds([twice.holdId, other.holdId])).toEqual([other.holdId]);
    const after = await availabilityOf(t, patient, NEUROLOGIST);
    expect(slotAt(after, '2026-11-26', '08:00').free).toBe(2);
    expect(slotAt(after, '2026-11-26', '08:30').free).toBe(1);
    const late = await callAs(t, patient, 'POST', `/api/v1/booking/holds/${twice.holdId}/confirm`);
    expect(late.statusCode).toBe(410);
    expect(errorOf(late.json()).code).toBe('BOOKING_HOLD_EXPIRED');
    // Letting go a hold that a newer one already let go is harmless.
    expect((await callAs(t, patient, 'DELETE', `/api/v1/booking/holds/${twice.holdId}`)).statusCode).toBe(200);
    // Two holds at once (two tabs, two instances): both answered, one left running.
    const atOnce = await Promise.all(
      ['09:00', '09:30', '10:00'].map((time) =>
        holdAnswer(patient, { benefitId: NEUROLOGIST, ...slotAt(availability, '2026-11-27', time) }),
      ),
    );
    expect(atOnce.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    const ids = atOnce.map((answer) => BookingHoldResponseSchema.parse(answer.json()).data.holdId);
    expect(await runningHolds([other.holdId, ...ids])).toHaveLength(1);
    const [running] = await runningHolds(ids);
    const booked = await callAs(t, patient, 'POST', `/api/v1/booking/holds/${running}/confirm`);
    expect(booked.statusCode, booked.body).toBe(201);
    await callAs(t, patient, 'POST', `/api/v1/bookings/${running}/cancel`, { sequence: 0 });
  });

  it('counts live holds toward a cap per patient across services; a hold past its minutes or let go does not count', async () => {
    const patient = await enrolPatient(t, 'equilibrio');
    const laboratory = await holdSlot(
      t,
      patient,
      LABORATORY,
      slotAt(await availabilityOf(t, patient, LABORATORY), '2026-11-27', '07:00'),
    );
    const nutritionist = (await availabilityOf(t, patient, NUTRITIONIST)).days[4]!.slots[0]!;
    const over = await holdAnswer(patient, { benefitId: NUTRITIONIST, ...nutritionist });
    expect(over.statusCode).toBe(409);
    expect(errorOf(over.json()).code).toBe('BOOKING_TOO_MANY_HOLDS');
    // Another time of the same service replaces its hold, so it is never refused by the cap.
    const again = await holdSlot(
      t,
      patient,
      LABORATORY,
      slotAt(await availabilityOf(t, patient, LABORATORY), '2026-11-27', '07:15'),
    );
    expect(await runningHolds([laboratory.holdId, again.holdId])).toEqual([again.holdId]);
    // Let go: the other service can be held.
    await callAs(t, patient, 'DELETE', `/api/v1/booking/holds/${again.holdId}`);
    await holdSlot(t, patient, NUTRITIONIST, nutritionist);
    // Past its minutes a hold counts no more.
    clock.advance(5 * 60 * 1000);
    try {
      const later = await holdAnswer(patient, {
        benefitId: LABORATORY,
        ...slotAt(await availabilityOf(t, patient, LABORATORY), '2026-11-27', '07:30'),
      });
      expect(later.statusCode, later.body).toBe(201);
    } finally {
      clock.set(START);
    }
  });

  it('moves a booking with the hold made for it; two holds at once for one move leave one, and the other changes nothing', async () => {
    const patient = await enrolPatient(t, 'equilibrio');
    const availability = await availabilityOf(t, patient, LABORATORY);
    const booked = await bookFirstSlot(t, patient, LABORATORY, 8);
    const answers = await Promise.all(
      ['08:00', '08:15'].map((time) =>
        holdAnswer(patient, {
          benefitId: LABORATORY,
          ...slotAt(availability, '2026-11-26', time),
          bookingId: booked.bookingId,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const ids = answers.map((answer) => BookingHoldResponseSchema.parse(answer.json()).data.holdId);
    const running = await runningHolds(ids);
    expect(running).toHaveLength(1);
    const letGo = ids.find((id) => id !== running[0])!;
    const refused = await callAs(t, patient, 'POST', `/api/v1/bookings/${booked.bookingId}/reschedule`, {
      holdId: letGo,
      sequence: 0,
    });
    expect(refused.statusCode).toBe(410);
    expect(errorOf(refused.json()).code).toBe('BOOKING_HOLD_EXPIRED');
    const moved = await callAs(t, patient, 'POST', `/api/v1/bookings/${booked.bookingId}/reschedule`, {
      holdId: running[0],
      sequence: 0,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const list = BookingsResponseSchema.parse((await callAs(t, patient, 'GET', '/api/v1/bookings')).json()).data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ bookingId: running[0], sequence: 1, calendarUid: booked.calendarUid });
  });

  it('holds the seat rules in the database itself, whatever the code above it does', async () => {
    const patient = await enrolPatient(t, 'equilibrio');
    const booked = await bookFirstSlot(t, patient, LABORATORY, 12);
    const [row] = await t.database.db.select().from(schema.booking).where(eq(schema.booking.id, booked.bookingId));
    const { id: _id, calendarUid: _uid, ...copy } = row!;
    const insert = (values: Partial<typeof copy>) =>
      t.database.db
        .insert(schema.booking)
        .values({ ...copy, ...values })
        .then(
          () => 'inserted',
          (error: unknown) => uniqueViolationOf(error) ?? 'refused',
        );
    // The same seat twice, a second confirmed booking of the service, a seat past the capacity.
    expect(await insert({ planPatientId: row!.planPatientId, status: 'held', heldUntil: clock() })).toBe(
      'booking_slot_seat_uq',
    );
    expect(await insert({ seat: 2 })).toBe('booking_confirmed_service_uq');
    expect(await insert({ seat: 4, status: 'cancelled' })).toBe('refused');
    // A cancelled row keeps nothing: the seat can be taken again.
    expect(await insert({ status: 'cancelled' })).toBe('inserted');
  });

  it('limits the writes of one patient per minute', async () => {
    const patient = await enrolPatient(t, 'alivio');
    const slot = (await availabilityOf(t, patient, NEUROLOGIST)).days[3]!.slots[0]!;
    const codes: number[] = [];
    for (let index = 0; index <= LIMIT; index += 1)
      codes.push((await holdAnswer(patient, { benefitId: NEUROLOGIST, ...slot })).statusCode);
    expect(codes.at(-1)).toBe(429);
    clock.advance(60_000);
  });

  it('refuses to move or cancel after the cut-off', async () => {
    const patient = await enrolPatient(t, 'equilibrio');
    const availability = await availabilityOf(t, patient, LABORATORY);
    const booked = await bookFirstSlot(t, patient, LABORATORY, 4);
    expect(booked.startsAt).toBe('2026-11-23T11:30:00.000Z'); // Monday 07:30 in Trinidad, cut-off 4 h before
    // The clock only moves forward from here (the feature toggles' cache and the sessions follow it).
    clock.set(new Date('2026-11-23T07:30:00Z'));
    const again = await signInAgain(patient);
    {
      const cancel = await callAs(t, again, 'POST', `/api/v1/bookings/${booked.bookingId}/cancel`, { sequence: 0 });
      expect(cancel.statusCode).toBe(409);
      expect(errorOf(cancel.json()).code).toBe('BOOKING_CUTOFF_PASSED');
      const move = await holdAnswer(again, {
        benefitId: LABORATORY,
        ...slotAt(availability, '2026-11-24', '07:00'),
        bookingId: booked.bookingId,
      });
      expect(errorOf(move.json()).code).toBe('BOOKING_CUTOFF_PASSED');
      const view = BookingResponseSchema.parse(
        (await callAs(t, again, 'GET', `/api/v1/bookings/${booked.bookingId}`)).json(),
      ).data;
      expect(view.canChange).toBe(false);
    }
    // Once its time has ended, the appointment no longer stops the next one of the service (decision 085): the next
    // booking completes it in its own transaction, and the round completes the others'.
    clock.set(new Date('2026-11-23T12:00:00Z'));
    const later = await signInAgain(patient);
    const other = await enrolPatient(t, 'equilibrio');
    const otherBooked = await bookFirstSlot(t, other, LABORATORY, 4);
    const next = await bookFirstSlot(t, later, LABORATORY);
    expect(next.bookingId).not.toBe(booked.bookingId);
    const statusOf = async (id: number) =>
      (
        await t.database.db
          .select({ status: schema.booking.status, endedAt: schema.booking.endedAt })
          .from(schema.booking)
          .where(eq(schema.booking.id, id))
      )[0]!;
    expect(await statusOf(booked.bookingId)).toEqual({ status: 'completed', endedAt: new Date(booked.endsAt) });
    expect((await statusOf(next.bookingId)).status).toBe('confirmed');
    clock.set(new Date(new Date(otherBooked.endsAt).getTime() + 60_000));
    expect(await completePast(t.database.db, clock())).toBeGreaterThanOrEqual(1);
    expect((await statusOf(otherBooked.bookingId)).status).toBe('completed');
    expect((await statusOf(next.bookingId)).status).toBe(new Date(next.endsAt) <= clock() ? 'completed' : 'confirmed');
  });

  it('answers FEATURE_DISABLED where the program turns booking off', async () => {
    const programId = t.app.programs.get('alivio')!.id;
    const toggle = and(eq(schema.featureToggle.programId, programId), eq(schema.featureToggle.key, 'booking'));
    await t.database.db.update(schema.featureToggle).set({ enabled: false }).where(toggle);
    clock.advance(FEATURE_TOGGLES_TTL_MS + 1000);
    const patient = await enrolPatient(t, 'alivio');
    try {
      for (const [method, url] of [
        ['GET', `/api/v1/booking/availability?benefitId=${NEUROLOGIST}`],
        ['GET', '/api/v1/bookings'],
        ['POST', '/api/v1/booking/holds/1/confirm'],
      ] as const) {
        const answer = await callAs(t, patient, method, url);
        expect(answer.statusCode).toBe(404);
        expect(errorOf(answer.json()).code).toBe('FEATURE_DISABLED');
      }
    } finally {
      await t.database.db.update(schema.featureToggle).set({ enabled: true }).where(toggle);
      clock.advance(FEATURE_TOGGLES_TTL_MS + 1000);
    }
  });
});

async function bookFirstSlotAt(patient: TestPatient, slot: { placeId: string; startsAt: string }) {
  const hold = await holdSlot(t, patient, LABORATORY, slot);
  const answer = await callAs(t, patient, 'POST', `/api/v1/booking/holds/${hold.holdId}/confirm`);
  expect(answer.statusCode, answer.body).toBe(201);
}
