// The only place booking speaks SQL (decision 058). Every read and write of a patient's row is scoped by the caller's
// program and plan (`ownRow`): another patient's booking id matches no row. The seat rules live in the table's
// indexes (db/schema.ts `booking`); these functions only choose a seat and let the index decide.
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { benefit, benefitProduct, booking, patient, planPatient, treatment } from '../../db/schema.ts';
import type { Executor } from '../../platform/db.ts';
import { liveTreatmentsOf } from '../patients/public.ts';

export type BookingRow = typeof booking.$inferSelect;
export type ServiceRow = Pick<typeof benefit.$inferSelect, 'id' | 'countries' | 'texts' | 'booking'>;

/** Whose rows: the caller's program and plan. */
export interface Owner {
  programId: number;
  planPatientId: number;
}

/** One slot of one place of a service. */
export interface SlotKey {
  benefitId: number;
  placeId: string;
  startsAt: Date;
}

/** The plan's confirmed bookings (and whatever more `also` asks). */
const ownConfirmed = (owner: Owner, ...also: SQL[]) =>
  and(
    eq(booking.programId, owner.programId),
    eq(booking.planPatientId, owner.planPatientId),
    eq(booking.status, 'confirmed'),
    ...also,
  );
const ownRow = (owner: Owner, bookingId: number) =>
  and(
    eq(booking.id, bookingId),
    eq(booking.programId, owner.programId),
    eq(booking.planPatientId, owner.planPatientId),
  );

const ofSlot = (slot: SlotKey) =>
  and(eq(booking.benefitId, slot.benefitId), eq(booking.placeId, slot.placeId), eq(booking.startsAt, slot.startsAt));

/** A row that takes its seat now: confirmed, or held and its minutes not run out. */
const takesSeatAt = (now: Date) =>
  or(eq(booking.status, 'confirmed'), and(eq(booking.status, 'held'), gt(booking.heldUntil, now)));

/** The program's bookable services (not retired), with their booking blocks. */
export async function listServices(db: Executor, programId: number): Promise<ServiceRow[]> {
  return db
    .select({ id: benefit.id, countries: benefit.countries, texts: benefit.texts, booking: benefit.booking })
    .from(benefit)
    .where(and(eq(benefit.programId, programId), eq(benefit.kind, 'service'), isNull(benefit.retiredAt)))
    .orderBy(asc(benefit.position));
}

/** Whether a live treatment of the plan is of a product the service applies to. */
export async function hasTreatmentFor(db: Executor, planPatientId: number, benefitId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: treatment.id })
    .from(treatment)
    .innerJoin(benefitProduct, eq(benefitProduct.productId, treatment.productId))
    .where(liveTreatmentsOf(planPatientId, eq(benefitProduct.benefitId, benefitId)))
    .limit(1);
  return row !== undefined;
}

/** Seats taken per slot of the service between two instants (only the slots with any). */
export async function countTakenSeats(
  db: Executor,
  benefitId: number,
  placeIds: string[],
  range: { from: Date; to: Date },
  now: Date,
): Promise<{ placeId: string; startsAt: Date; taken: number }[]> {
  const rows = await db
    .select({ placeId: booking.placeId, startsAt: booking.startsAt, taken: sql<number>`count(*)::int` })
    .from(booking)
    .where(
      and(
        eq(booking.benefitId, benefitId),
        inArray(booking.placeId, placeIds),
        gte(booking.startsAt, range.from),
        lt(booking.startsAt, range.to),
        takesSeatAt(now),
      ),
    )
    .groupBy(booking.placeId, booking.startsAt);
  return rows.map((row) => ({ ...row, startsAt: new Date(row.startsAt), taken: Number(row.taken) }));
}

/** Lets go the holds of the slot whose minutes ran out, so that their seats can be taken again. */
export async function releaseStaleHolds(tx: Executor, slot: SlotKey, now: Date): Promise<void> {
  await tx
    .update(booking)
    .set({ status: 'released', heldUntil: null, endedAt: now })
    .where(and(ofSlot(slot), eq(booking.status, 'held'), lte(booking.heldUntil, now)));
}

/** Lets go the patient's holds of the service (running or not): a patient holds one slot per service at a time. */
export async function releaseHoldsOfService(tx: Executor, owner: Owner, benefitId: number, now: Date): Promise<void> {
  await tx
    .update(booking)
    .set({ status: 'released', heldUntil: null, endedAt: now })
    .where(
      and(
        eq(booking.programId, owner.programId),
        eq(booking.planPatientId, owner.planPatientId),
        eq(booking.benefitId, benefitId),
        eq(booking.status, 'held'),
      ),
    );
}

/** The patient's holds still running, across services. */
export async function countRunningHolds(tx: Executor, owner: Owner, now: Date): Promise<number> {
  const [row] = await tx
    .select({ running: sql<number>`count(*)::int` })
    .from(booking)
    .where(
      and(
        eq(booking.programId, owner.programId),
        eq(booking.planPatientId, owner.planPatientId),
        eq(booking.status, 'held'),
        gt(booking.heldUntil, now),
      ),
    );
  return Number(row?.running ?? 0);
}

/** The seats of the slot that rows hold (confirmed or held, stale or not: a stale hold is released first). */
export async function takenSeatsOf(tx: Executor, slot: SlotKey): Promise<number[]> {
  const rows = await tx
    .select({ seat: booking.seat })
    .from(booking)
    .where(and(ofSlot(slot), inArray(booking.status, ['held', 'confirmed'])));
  return rows.map((row) => row.seat);
}

export type NewHold = Pick<
  typeof booking.$inferInsert,
  'programId' | 'planPatientId' | 'benefitId' | 'placeId' | 'startsAt' | 'endsAt' | 'timeZone' | 'seat' | 'capacity'
> & { heldUntil: Date; replacesId: number | null; createdAt: Date };

/** Inserts a hold of one seat, or nothing when another request just took that seat. */
export async function insertHold(tx: Executor, values: NewHold): Promise<BookingRow | undefined> {
  const [row] = await tx
    .insert(booking)
    .values({ ...values, status: 'held' })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function findOwnRow(db: Executor, owner: Owner, bookingId: number): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(booking).where(ownRow(owner, bookingId)).limit(1);
  return row;
}

/** The patient's confirmed booking of the service, if any. */
/** The plan's confirmed booking of the service that has not ended yet: a past one never stops the next. */
export async function findConfirmed(
  db: Executor,
  owner: Owner,
  benefitId: number,
  now: Date,
): Promise<BookingRow | undefined> {
  const [row] = await db
    .select()
    .from(booking)
    .where(ownConfirmed(owner, eq(booking.benefitId, benefitId), gt(booking.endsAt, now)))
    .limit(1);
  return row;
}

/**
 * Confirmed bookings whose time has ended become `completed` (decision 085), the plan's own (before its next booking
 * is confirmed, in that transaction: one confirmed booking per service is the database's rule) or, without an owner,
 * every program's (the reminders' round). Answers how many.
 */
export async function completePast(tx: Executor, now: Date, owner?: Owner): Promise<number> {
  const done = await tx
    .update(booking)
    .set({ status: 'completed', endedAt: booking.endsAt })
    .where(
      and(
        eq(booking.status, 'confirmed'),
        lte(booking.endsAt, now),
        ...(owner ? [eq(booking.programId, owner.programId), eq(booking.planPatientId, owner.planPatientId)] : []),
      ),
    )
    .returning({ id: booking.id });
  return done.length;
}

/**
 * Turns the patient's running hold into a booking: a new one (`replaces` null), or the move of `replaces`, which then
 * keeps its calendar UID with the next sequence. Undefined when the hold is not running (ran out, released, used).
 */
export async function confirmHold(
  tx: Executor,
  owner: Owner,
  holdId: number,
  now: Date,
  replaces: BookingRow | null,
): Promise<BookingRow | undefined> {
  const [row] = await tx
    .update(booking)
    .set({
      status: 'confirmed',
      heldUntil: null,
      confirmedAt: now,
      ...(replaces ? { calendarUid: replaces.calendarUid, sequence: replaces.sequence + 1 } : {}),
    })
    .where(
      and(
        ownRow(owner, holdId),
        eq(booking.status, 'held'),
        gt(booking.heldUntil, now),
        replaces
          ? and(eq(booking.replacesId, replaces.id), eq(booking.benefitId, replaces.benefitId))
          : isNull(booking.replacesId),
      ),
    )
    .returning();
  return row;
}

/**
 * Ends a confirmed booking (moved or cancelled) if it is still at the sequence the patient saw: of two simultaneous
 * changes, the second waits for the first's row lock and then matches nothing.
 */
export async function endConfirmed(
  tx: Executor,
  owner: Owner,
  bookingId: number,
  sequence: number,
  status: 'moved' | 'cancelled',
  now: Date,
): Promise<BookingRow | undefined> {
  const [row] = await tx
    .update(booking)
    .set({ status, endedAt: now, ...(status === 'cancelled' ? { sequence: sequence + 1 } : {}) })
    .where(and(ownRow(owner, bookingId), eq(booking.status, 'confirmed'), eq(booking.sequence, sequence)))
    .returning();
  return row;
}

/** Lets go one of the patient's holds. */
export async function releaseHold(tx: Executor, owner: Owner, holdId: number, now: Date): Promise<void> {
  await tx
    .update(booking)
    .set({ status: 'released', heldUntil: null, endedAt: now })
    .where(and(ownRow(owner, holdId), eq(booking.status, 'held')));
}

/** The booking a move of `bookingId` made with this hold (a retried reschedule answers it again, even if changed since). */
export async function findMoveOf(db: Executor, owner: Owner, bookingId: number, holdId: number) {
  const [row] = await db
    .select()
    .from(booking)
    .where(
      and(
        ownRow(owner, holdId),
        eq(booking.replacesId, bookingId),
        inArray(booking.status, ['confirmed', 'moved', 'cancelled']),
      ),
    )
    .limit(1);
  return row;
}

/** The plan's confirmed bookings that have not ended yet, soonest first. */
export async function listUpcoming(db: Executor, owner: Owner, now: Date): Promise<BookingRow[]> {
  return db
    .select()
    .from(booking)
    .where(ownConfirmed(owner, gt(booking.endsAt, now)))
    .orderBy(asc(booking.startsAt), asc(booking.id));
}

/**
 * Closing an account (decision 058, addendum): every confirmed booking of the patient's plans that has not started is
 * cancelled (its seat free at once, its sequence raised as a patient's cancel does) and every hold is let go, in the
 * closing transaction. Answers the cancelled bookings.
 */
export async function cancelFutureOfPatient(tx: Executor, patientId: number, now: Date): Promise<BookingRow[]> {
  const plansOfPatient = tx
    .select({ id: planPatient.id })
    .from(planPatient)
    .where(eq(planPatient.patientId, patientId));
  await tx
    .update(booking)
    .set({ status: 'released', heldUntil: null, endedAt: now })
    .where(and(inArray(booking.planPatientId, plansOfPatient), eq(booking.status, 'held')));
  return tx
    .update(booking)
    .set({ status: 'cancelled', endedAt: now, sequence: sql`${booking.sequence} + 1` })
    .where(
      and(inArray(booking.planPatientId, plansOfPatient), eq(booking.status, 'confirmed'), gt(booking.startsAt, now)),
    )
    .returning();
}

/** What a booking notice needs of the patient (decision 058, addendum): their channel, phone and first name. */
export interface NoticeContact {
  firstName: string;
  phoneCountry: string | null;
  phoneNumber: string | null;
  noticeChannel: 'email' | 'sms' | 'whatsapp';
  bookingReminders: boolean;
}

export const NOTICE_CONTACT_COLUMNS = {
  firstName: patient.firstName,
  phoneCountry: patient.phoneCountry,
  phoneNumber: patient.phoneNumber,
  noticeChannel: patient.noticeChannel,
  bookingReminders: patient.bookingReminders,
};

/** The notice preferences and contact of a plan's patient. */
export async function findNoticeContact(db: Executor, planPatientId: number): Promise<NoticeContact | undefined> {
  const [row] = await db
    .select(NOTICE_CONTACT_COLUMNS)
    .from(planPatient)
    .innerJoin(patient, eq(patient.id, planPatient.patientId))
    .where(eq(planPatient.id, planPatientId))
    .limit(1);
  return row;
}

/** Statuses of an appointment whose time may have come (confirmed until the round completes it). */
const HELD_APPOINTMENT = ['confirmed', 'completed', 'missed'] as const;

/** The plan's appointments that started between `since` and `now`, newest first (decision 085). */
export async function listPast(db: Executor, owner: Owner, since: Date, now: Date): Promise<BookingRow[]> {
  return db
    .select()
    .from(booking)
    .where(
      and(
        eq(booking.programId, owner.programId),
        eq(booking.planPatientId, owner.planPatientId),
        inArray(booking.status, [...HELD_APPOINTMENT]),
        gte(booking.startsAt, since),
        lte(booking.startsAt, now),
      ),
    )
    .orderBy(desc(booking.startsAt), desc(booking.id));
}

/**
 * Marks whether the patient came to an appointment that has started: `missed`, or `completed` (its end as its
 * `ended_at`). Undefined when it is not the plan's, not an appointment, or has not started.
 */
export async function setAttendance(
  tx: Executor,
  owner: Owner,
  bookingId: number,
  status: 'completed' | 'missed',
  now: Date,
): Promise<BookingRow | undefined> {
  const [row] = await tx
    .update(booking)
    .set({ status, endedAt: booking.endsAt })
    .where(and(ownRow(owner, bookingId), inArray(booking.status, [...HELD_APPOINTMENT]), lte(booking.startsAt, now)))
    .returning();
  return row;
}

/**
 * The patient's own address as their profile keeps it, in one line ("Avenida Central 100, Escazú, San José"): where a
 * home visit goes (decision 087). Null when the profile has none.
 */
export function homeAddressText(address: unknown): string | null {
  if (!address || typeof address !== 'object') return null;
  const { line, location } = address as { line?: unknown; location?: { label?: unknown } | null };
  const parts = [line, location?.label].filter(
    (part): part is string => typeof part === 'string' && part.trim() !== '',
  );
  return parts.length > 0 ? parts.join(', ') : null;
}

/** The home address of the plan's patient (homeAddressText), for the home visits they book. */
export async function findHomeAddress(db: Executor, planPatientId: number): Promise<string | null> {
  const [row] = await db
    .select({ address: patient.address })
    .from(planPatient)
    .innerJoin(patient, eq(patient.id, planPatient.patientId))
    .where(eq(planPatient.id, planPatientId))
    .limit(1);
  return homeAddressText(row?.address);
}
