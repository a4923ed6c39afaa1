// Booking rules (decision 058): which services the caller's plan gives (the program's services offered in the
// patient's country, for a product of a live treatment), the free slots of the patient's country's places (the
// schedule from the program's content, the seats from the database), a hold of one seat while the patient confirms,
// and the booking's confirmation, move and cancellation, each audited in its own transaction (ids only).
import { BookingBlockSchema, type BookingBlock, type BookingPlace } from '@portal/contracts/booking-block';
import {
  BOOKING_HOLD_MS,
  type BookingAvailability,
  type BookingHold,
  type BookingPlaceView,
  type BookingServiceView,
  type BookingView,
  type HoldBody,
} from '@portal/contracts/booking';
import {
  bookableDays,
  bookableSlots,
  checkSlot,
  cutoffOf,
  isBeforeCutoff,
  timeZoneOfPlace,
} from '@portal/contracts/booking-schedule';
import {
  STAFF_PAST_APPOINTMENT_DAYS,
  type StaffAttendance,
  type StaffPastAppointment,
} from '@portal/contracts/staff-booking';
import { COUNTRY_TIME_ZONES } from '@portal/contracts/time-zones';
import type { CountryCode } from '@portal/contracts/enums';
import { recordScopeAudit, type AuditAction } from '../../platform/audit.ts';
import type { Db, Executor } from '../../platform/db.ts';
import { AppError, uniqueViolationOf } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { Actor } from '../../platform/actor.ts';
import type { CareCall, PatientScope } from '../../platform/patient-auth.ts';
import { lockPlanRow } from '../patients/public.ts';
import * as repo from './repository.ts';
import { BOOKING_CHANGE_MAILS } from './mails.ts';
import { textNoticeFields } from './notices.ts';

export interface BookingDeps {
  db: Db;
  clock: () => Date;
  /** Live holds a patient may have at once across services (BOOKING_HOLDS_PER_PATIENT; one per service at most). */
  holdsPerPatient: number;
  /** PUBLIC_URL: the Message-ID's domain of the mails. */
  publicUrl?: string | undefined;
  /** Called after a transaction that queued a mail has committed (wakes the outbox worker). */
  onMailQueued?: (() => void) | undefined;
  /** Called once a new booking or a cancellation has committed (not for a repeat): the metrics. */
  onBookingChanged?: ((change: 'booked' | 'cancelled', programId: number) => void) | undefined;
}

type BookingChange = 'confirmed' | 'rescheduled' | 'cancelled';

/** A service of the program with its schedule read from the content. */
interface Service {
  row: repo.ServiceRow;
  block: BookingBlock;
}

/** The country whose zone this is (every country has its own zone entry; Mexico City stands for Mexico). */
function countryOfZone(timeZone: string): CountryCode {
  const found = Object.entries(COUNTRY_TIME_ZONES).find(([, zone]) => zone === timeZone);
  if (!found) throw new Error(`no country of zone ${timeZone}`);
  return found[0] as CountryCode;
}

const ownerOf = (scope: PatientScope): repo.Owner => ({
  programId: scope.programId,
  planPatientId: scope.planPatientId,
});

export function toServiceView({ row, block }: Service): BookingServiceView {
  return {
    benefitId: row.id,
    texts: row.texts,
    slotMinutes: block.slotMinutes,
    minimumNoticeHours: block.minimumNoticeHours,
    cancellationCutoffHours: block.cancellationCutoffHours,
  };
}

/** `home`: the patient's own address (their profile's), which a home visit shows as its address (decision 087). */
export function toPlaceView(place: BookingPlace, home: string | null): BookingPlaceView {
  return {
    id: place.id,
    kind: place.kind,
    name: place.name ?? null,
    address: place.kind === 'home' ? home : (place.address ?? null),
    mapUrl: place.mapUrl ?? null,
  };
}

/**
 * Closing an account cancels the patient's bookings still to come in the closing transaction (decision 058, addendum),
 * so their seats are free at once rather than when the purge deletes the rows 30 days later. No mail: the patient has
 * just asked to hear no more from the portal and sees what closing ends on the screen; each cancellation is audited.
 */
export async function cancelBookingsOfClosingAccount(
  tx: Executor,
  scope: Pick<PatientScope, 'programId' | 'patientId'>,
  actor: Actor,
  now: Date,
): Promise<number> {
  const cancelled = await repo.cancelFutureOfPatient(tx, scope.patientId, now);
  for (const row of cancelled)
    await recordScopeAudit(tx, scope, actor, {
      action: 'booking-cancelled',
      subject: `booking:${row.id}`,
      detail: { benefitId: row.benefitId, reason: 'account-closed' },
      createdAt: now,
    });
  return cancelled.length;
}

export function createBookingService({
  db,
  clock,
  holdsPerPatient,
  publicUrl,
  onMailQueued,
  onBookingChanged,
}: BookingDeps) {
  /** The program's services, their blocks checked again (the seed stored what check:programs passed). */
  async function servicesOf(programId: number): Promise<Map<number, Service>> {
    const rows = await repo.listServices(db, programId);
    return new Map(rows.map((row) => [row.id, { row, block: BookingBlockSchema.parse(row.booking) }]));
  }

  /**
   * The service as the caller may book it, with the places of the patient's country: another program's benefit (or
   * not a service) is 404; a service the plan does not give (another country, no treatment it applies to) is refused.
   */
  async function serviceFor(scope: PatientScope, benefitId: number) {
    const service = (await servicesOf(scope.programId)).get(benefitId);
    if (!service) throw new AppError('NOT_FOUND');
    const places = service.block.places.filter((place) => place.country === scope.country);
    if (
      !service.row.countries.includes(scope.country) ||
      places.length === 0 ||
      !(await repo.hasTreatmentFor(db, scope.planPatientId, benefitId))
    )
      throw new AppError('BOOKING_SERVICE_NOT_IN_PLAN');
    return { ...service, places };
  }

  /**
   * The patient's address when one of the rows is a home visit (decision 087), else null without a read: the other
   * places' calls keep their round trips.
   */
  async function homeFor(
    executor: Executor,
    scope: PatientScope,
    services: Map<number, Service>,
    rows: repo.BookingRow[],
  ) {
    const isHome = (row: repo.BookingRow) =>
      services.get(row.benefitId)?.block.places.find((place) => place.id === row.placeId)?.kind === 'home';
    return rows.some(isHome) ? repo.findHomeAddress(executor, scope.planPatientId) : null;
  }

  /** `home`: the patient's address, for a home visit (homeFor). */
  function viewOf(services: Map<number, Service>, row: repo.BookingRow, now: Date, home: string | null): BookingView {
    const service = services.get(row.benefitId);
    if (!service) throw new Error(`booking ${row.id} of a service no longer offered`);
    const place = service.block.places.find((candidate) => candidate.id === row.placeId);
    const startsAt = new Date(row.startsAt);
    // The zone the booking was made in decides its cut-off, also for a place the content has since dropped.
    const cutoff = cutoffOf(service.block, place ?? { country: countryOfZone(row.timeZone) }, startsAt);
    return {
      bookingId: row.id,
      service: toServiceView(service),
      place: place
        ? toPlaceView(place, home)
        : { id: row.placeId, kind: 'address', name: null, address: null, mapUrl: null },
      startsAt: startsAt.toISOString(),
      endsAt: new Date(row.endsAt).toISOString(),
      timeZone: row.timeZone,
      status: row.status === 'cancelled' ? 'cancelled' : 'confirmed',
      calendarUid: row.calendarUid,
      sequence: row.sequence,
      canChange: row.status === 'confirmed' && now.getTime() < cutoff.getTime(),
      changeableUntil: cutoff.toISOString(),
    };
  }

  /** An appointment whose time has come, as the staff see it: `missed` once they said so. */
  function pastViewOf(
    services: Map<number, Service>,
    row: repo.BookingRow,
    now: Date,
    home: string | null,
  ): StaffPastAppointment {
    const { bookingId, service, place, startsAt, endsAt, timeZone } = viewOf(services, row, now, home);
    return {
      bookingId,
      service,
      place,
      startsAt,
      endsAt,
      timeZone,
      attendance: row.status === 'missed' ? 'missed' : 'attended',
    };
  }

  /**
   * Audits the change under whoever made it and queues its mail with the calendar file (the outbox, in the change's
   * transaction): to the patient's contact, in the patient's language, whoever made the change (decision 064).
   */
  async function recordChange(
    tx: Executor,
    { scope, actor, alsoWrite }: CareCall,
    kind: BookingChange,
    row: repo.BookingRow,
    view: BookingView,
    now: Date,
  ) {
    const action: AuditAction = `booking-${kind}`;
    await recordScopeAudit(tx, scope, actor, {
      action,
      subject: `booking:${row.id}`,
      detail: { benefitId: row.benefitId, ...(row.replacesId ? { replaces: `booking:${row.replacesId}` } : {}) },
      createdAt: now,
    });
    const { place } = view;
    const contact = await repo.findNoticeContact(tx, row.planPatientId);
    await enqueueMail(
      tx,
      {
        programId: scope.programId,
        kind: BOOKING_CHANGE_MAILS[kind],
        recipient: scope.contactEmail,
        language: scope.language,
        payload: {
          serviceKey: view.service.texts.title,
          // A text key for a video call or a home visit; the partner's own name for an address.
          place: place.kind === 'address' ? (place.name ?? 'booking.place.address') : `booking.place.${place.kind}`,
          address: place.address ?? '',
          startsAt: view.startsAt,
          endsAt: view.endsAt,
          timeZone: view.timeZone,
          country: scope.country,
          calendarUid: view.calendarUid,
          sequence: String(view.sequence),
          cutoffHours: String(view.service.cancellationCutoffHours),
          ...textNoticeFields(contact),
        },
      },
      { publicUrl },
    );
    await alsoWrite?.(tx);
  }

  /** Wakes the outbox worker once the change (and its mail) committed. */
  function mailed<T>(result: T): T {
    onMailQueued?.();
    return result;
  }

  /** One of the patient's bookings (not a hold) with its service: 404 when not theirs. */
  async function ownBooking(scope: PatientScope, bookingId: number) {
    const row = await repo.findOwnRow(db, ownerOf(scope), bookingId);
    if (!row || row.status === 'held' || row.status === 'released') throw new AppError('NOT_FOUND');
    const services = await servicesOf(scope.programId);
    const service = services.get(row.benefitId);
    if (!service) throw new AppError('NOT_FOUND');
    return { row, services, service, home: await homeFor(db, scope, services, [row]) };
  }

  function ensureBeforeCutoff(service: Service, row: repo.BookingRow, now: Date) {
    const place = service.block.places.find((candidate) => candidate.id === row.placeId);
    if (!place || !isBeforeCutoff(service.block, place, now, new Date(row.startsAt)))
      throw new AppError('BOOKING_CUTOFF_PASSED');
  }

  return {
    /** The services the patient's plan gives (their country's, for a medicine they take), in the program's order. */
    async services(scope: PatientScope): Promise<BookingServiceView[]> {
      const given: BookingServiceView[] = [];
      for (const benefitId of (await servicesOf(scope.programId)).keys()) {
        try {
          given.push(toServiceView(await serviceFor(scope, benefitId)));
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
        }
      }
      return given;
    },

    /** The service's free slots in the patient's country, from today to the horizon's last day. */
    async availability(scope: PatientScope, benefitId: number): Promise<BookingAvailability> {
      const now = clock();
      const service = await serviceFor(scope, benefitId);
      const slots = service.places.flatMap((place) =>
        bookableSlots(service.block, place, now).map((slot) => ({ ...slot, placeId: place.id })),
      );
      const taken = new Map<string, number>();
      if (slots.length > 0) {
        const range = {
          from: new Date(Math.min(...slots.map((slot) => Date.parse(slot.startsAt)))),
          to: new Date(Math.max(...slots.map((slot) => Date.parse(slot.startsAt))) + 1),
        };
        // Only the places offered to this patient (their country's): the other countries' seats are not theirs to see.
        const placeIds = service.places.map((place) => place.id);
        for (const row of await repo.countTakenSeats(db, benefitId, placeIds, range, now))
          taken.set(`${row.placeId} ${row.startsAt.toISOString()}`, row.taken);
      }
      const days = new Map<string, BookingAvailability['days'][number]>();
      for (const slot of slots.sort((a, b) => a.startsAt.localeCompare(b.startsAt))) {
        const free = service.block.capacity - (taken.get(`${slot.placeId} ${slot.startsAt}`) ?? 0);
        if (free <= 0) continue;
        const day = days.get(slot.date) ?? { date: slot.date, slots: [] };
        day.slots.push({ placeId: slot.placeId, startsAt: slot.startsAt, endsAt: slot.endsAt, time: slot.time, free });
        days.set(slot.date, day);
      }
      const { first, last } = bookableDays(service.block, service.places[0]!, now);
      const home = service.places.some((place) => place.kind === 'home')
        ? await repo.findHomeAddress(db, scope.planPatientId)
        : null;
      return {
        service: toServiceView(service),
        timeZone: timeZoneOfPlace(service.places[0]!),
        firstDay: first,
        lastDay: last,
        places: service.places.map((place) => toPlaceView(place, home)),
        days: [...days.values()],
      };
    },

    /**
     * Holds the lowest free seat of the slot for BOOKING_HOLD_MS, the slot checked against the schedule. The seat's
     * unique index decides between simultaneous holds: a loser reads the seats again and tries the next free one, and
     * is refused once none is left. A patient holds one slot per service: the new hold lets the previous one of the
     * service go, and the patient's running holds across services are capped (decision 067).
     */
    async hold(scope: PatientScope, body: HoldBody): Promise<BookingHold> {
      const now = clock();
      const { benefitId } = body;
      const service = await serviceFor(scope, benefitId);
      const place = service.places.find((candidate) => candidate.id === body.placeId);
      if (!place) throw new AppError('NOT_FOUND');
      const checked = checkSlot(service.block, place, now, new Date(body.startsAt));
      if ('refusal' in checked) throw new AppError(checked.refusal);
      const owner = ownerOf(scope);
      let replacesId: number | null = null;
      if (body.bookingId !== undefined) {
        const moving = await repo.findOwnRow(db, owner, body.bookingId);
        if (!moving || moving.status !== 'confirmed' || moving.benefitId !== benefitId) throw new AppError('NOT_FOUND');
        ensureBeforeCutoff(service, moving, now);
        replacesId = moving.id;
      } else if (await repo.findConfirmed(db, owner, benefitId, now)) {
        throw new AppError('BOOKING_ALREADY_BOOKED');
      }
      const slot = { benefitId, placeId: place.id, startsAt: new Date(checked.slot.startsAt) };
      const row = await db.transaction(async (tx) => {
        // One patient's holds queue on their plan's row, whatever the instance: the second of two simultaneous holds
        // waits here, then lets the first go. A refusal below rolls back the letting go: the previous hold stays.
        await lockPlanRow(tx, owner.planPatientId);
        await repo.releaseHoldsOfService(tx, owner, benefitId, now);
        if ((await repo.countRunningHolds(tx, owner, now)) >= holdsPerPatient)
          throw new AppError('BOOKING_TOO_MANY_HOLDS');
        await repo.releaseStaleHolds(tx, slot, now);
        // As many tries as seats: each failed insert means another request took the seat just read as free.
        for (let attempt = 0; attempt < service.block.capacity; attempt += 1) {
          const taken = new Set(await repo.takenSeatsOf(tx, slot));
          let seat = 1;
          while (taken.has(seat)) seat += 1;
          if (seat > service.block.capacity) throw new AppError('BOOKING_SLOT_FULL');
          const held = await repo.insertHold(tx, {
            ...owner,
            ...slot,
            endsAt: new Date(checked.slot.endsAt),
            timeZone: timeZoneOfPlace(place),
            seat,
            capacity: service.block.capacity,
            heldUntil: new Date(now.getTime() + BOOKING_HOLD_MS),
            replacesId,
            createdAt: now,
          });
          if (held) return held;
        }
        throw new AppError('BOOKING_SLOT_FULL');
      });
      return {
        holdId: row.id,
        benefitId,
        placeId: row.placeId,
        startsAt: new Date(row.startsAt).toISOString(),
        endsAt: new Date(row.endsAt).toISOString(),
        timeZone: row.timeZone,
        heldUntil: new Date(row.heldUntil!).toISOString(),
      };
    },

    /** Lets a hold go (the patient went back): its seat is free at once. */
    async release(scope: PatientScope, holdId: number): Promise<void> {
      const row = await repo.findOwnRow(db, ownerOf(scope), holdId);
      if (!row) throw new AppError('NOT_FOUND');
      await repo.releaseHold(db, ownerOf(scope), holdId, clock());
    },

    /** Confirms a new booking from its hold; the same hold again answers the same booking (`created` false). */
    async confirm(call: CareCall, holdId: number): Promise<{ booking: BookingView; created: boolean }> {
      const now = clock();
      const owner = ownerOf(call.scope);
      const services = await servicesOf(call.scope.programId);
      try {
        const made = await db.transaction(async (tx) => {
          await repo.completePast(tx, now, owner);
          const row = await repo.confirmHold(tx, owner, holdId, now, null);
          if (!row) return undefined;
          const view = viewOf(services, row, now, await homeFor(tx, call.scope, services, [row]));
          await recordChange(tx, call, 'confirmed', row, view, now);
          return view;
        });
        if (made) {
          onBookingChanged?.('booked', call.scope.programId);
          return mailed({ booking: made, created: true });
        }
      } catch (error) {
        if (uniqueViolationOf(error) === 'booking_confirmed_service_uq') throw new AppError('BOOKING_ALREADY_BOOKED');
        throw error;
      }
      const row = await repo.findOwnRow(db, owner, holdId);
      if (!row) throw new AppError('NOT_FOUND');
      if (row.status === 'confirmed' && row.replacesId === null)
        return { booking: viewOf(services, row, now, await homeFor(db, call.scope, services, [row])), created: false };
      throw new AppError('BOOKING_HOLD_EXPIRED');
    },

    /**
     * Moves a booking to its held slot, if it is still at the sequence the patient saw and before its cut-off: the old
     * row ends as moved and frees its seat, the hold becomes the booking with the same calendar UID and the next
     * sequence, in one transaction. Of two simultaneous moves one wins; the other answers BOOKING_CHANGED.
     */
    async reschedule(call: CareCall, bookingId: number, body: { holdId: number; sequence: number }) {
      const now = clock();
      const owner = ownerOf(call.scope);
      const { row, services, service } = await ownBooking(call.scope, bookingId);
      if (row.status !== 'confirmed' || row.sequence !== body.sequence) {
        const done = await repo.findMoveOf(db, owner, bookingId, body.holdId);
        if (done && row.sequence === body.sequence)
          return viewOf(services, done, now, await homeFor(db, call.scope, services, [done]));
        throw new AppError('BOOKING_CHANGED');
      }
      ensureBeforeCutoff(service, row, now);
      return db
        .transaction(async (tx) => {
          const moved = await repo.endConfirmed(tx, owner, bookingId, body.sequence, 'moved', now);
          if (!moved) throw new AppError('BOOKING_CHANGED');
          const confirmed = await repo.confirmHold(tx, owner, body.holdId, now, moved);
          if (!confirmed) throw new AppError('BOOKING_HOLD_EXPIRED');
          // The new slot may be at another place than the old one (a clinic's, then the patient's home).
          const view = viewOf(services, confirmed, now, await homeFor(tx, call.scope, services, [confirmed]));
          await recordChange(tx, call, 'rescheduled', confirmed, view, now);
          return view;
        })
        .then(mailed);
    },

    /** Cancels a booking before its cut-off: its seat is free at once. A repeated cancel answers the cancelled booking. */
    async cancel(call: CareCall, bookingId: number, sequence: number): Promise<BookingView> {
      const now = clock();
      const owner = ownerOf(call.scope);
      const { row, services, service, home } = await ownBooking(call.scope, bookingId);
      if (row.status === 'cancelled' && row.sequence === sequence + 1) return viewOf(services, row, now, home);
      if (row.status !== 'confirmed' || row.sequence !== sequence) throw new AppError('BOOKING_CHANGED');
      ensureBeforeCutoff(service, row, now);
      return db
        .transaction(async (tx) => {
          const cancelled = await repo.endConfirmed(tx, owner, bookingId, sequence, 'cancelled', now);
          if (!cancelled) throw new AppError('BOOKING_CHANGED');
          const view = viewOf(services, cancelled, now, home);
          await recordChange(tx, call, 'cancelled', cancelled, view, now);
          return view;
        })
        .then((view) => {
          onBookingChanged?.('cancelled', call.scope.programId);
          return mailed(view);
        });
    },

    /** The patient's appointments still to come, soonest first. */
    async list(scope: PatientScope): Promise<BookingView[]> {
      const now = clock();
      const [services, rows] = await Promise.all([
        servicesOf(scope.programId),
        repo.listUpcoming(db, ownerOf(scope), now),
      ]);
      const home = await homeFor(db, scope, services, rows);
      return rows.filter((row) => services.has(row.benefitId)).map((row) => viewOf(services, row, now, home));
    },

    /** The appointments that started in the last 90 days, newest first, with whether the patient came (decision 085). */
    async listPast(scope: PatientScope): Promise<StaffPastAppointment[]> {
      const now = clock();
      const since = new Date(now.getTime() - STAFF_PAST_APPOINTMENT_DAYS * 24 * 60 * 60 * 1000);
      const [services, rows] = await Promise.all([
        servicesOf(scope.programId),
        repo.listPast(db, ownerOf(scope), since, now),
      ]);
      const home = await homeFor(db, scope, services, rows);
      return rows.filter((row) => services.has(row.benefitId)).map((row) => pastViewOf(services, row, now, home));
    },

    /**
     * Marks whether the patient came to an appointment that has started (the staff's word, decision 085): audited under
     * whoever marked it, with the call's own rows (the access log) in the same transaction. No mail: nothing changes for
     * the patient. An appointment still to come is BOOKING_NOT_STARTED; one not the patient's, or cancelled, 404.
     */
    async recordAttendance(
      call: CareCall,
      bookingId: number,
      attendance: StaffAttendance,
    ): Promise<StaffPastAppointment> {
      const now = clock();
      const owner = ownerOf(call.scope);
      const { row: found, services, home } = await ownBooking(call.scope, bookingId);
      if (!['confirmed', 'completed', 'missed'].includes(found.status)) throw new AppError('NOT_FOUND');
      if (new Date(found.startsAt).getTime() > now.getTime()) throw new AppError('BOOKING_NOT_STARTED');
      const row = await db.transaction(async (tx) => {
        const changed = await repo.setAttendance(
          tx,
          owner,
          bookingId,
          attendance === 'missed' ? 'missed' : 'completed',
          now,
        );
        if (!changed) throw new AppError('BOOKING_CHANGED');
        await recordScopeAudit(tx, call.scope, call.actor, {
          action: 'booking-attendance-recorded',
          subject: `booking:${changed.id}`,
          detail: { benefitId: changed.benefitId, attendance },
          createdAt: now,
        });
        await call.alsoWrite?.(tx);
        return changed;
      });
      return pastViewOf(services, row, now, home);
    },

    /** One of the patient's appointments (confirmed or cancelled); anything else is 404. */
    async get(scope: PatientScope, bookingId: number): Promise<BookingView> {
      const now = clock();
      const { row, services, home } = await ownBooking(scope, bookingId);
      if (row.status === 'moved') throw new AppError('NOT_FOUND');
      return viewOf(services, row, now, home);
    },
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
