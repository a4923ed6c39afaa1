// The reminder a day before each appointment (decision 058): queued once per booking by the booking module's job (a
// round a minute, run by one instance, platform/jobs.ts). The conditional update claims the due bookings
// (`reminder_queued_at` still null): a round run twice at once waits for the first's row locks, then finds them
// claimed and skips them. The mails are queued in the same transaction, so a claim without its mail never commits.
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { BookingBlockSchema } from '@portal/contracts/booking-block';
import { benefit, booking, patient, planPatient, userAccount } from '../../db/schema.ts';
import { joinPlanHolder } from '../patients/public.ts';
import type { Db } from '../../platform/db.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { BOOKING_REMINDER } from './mails.ts';
import { textNoticeFields } from './notices.ts';
import { homeAddressText, NOTICE_CONTACT_COLUMNS } from './repository.ts';

/** How long before an appointment its reminder goes. */
export const BOOKING_REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000;
/** How often a round looks for due reminders. */
export const BOOKING_REMINDER_INTERVAL_MS = 60 * 1000;

/** Queues the reminders of the confirmed bookings that start within the next 24 hours; answers how many. */
export async function queueDueReminders(db: Db, now: Date, publicUrl?: string): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .update(booking)
      .set({ reminderQueuedAt: now })
      .where(
        and(
          eq(booking.status, 'confirmed'),
          isNull(booking.reminderQueuedAt),
          gt(booking.startsAt, now),
          lte(booking.startsAt, new Date(now.getTime() + BOOKING_REMINDER_BEFORE_MS)),
        ),
      )
      .returning();
    for (const row of due) {
      const query = tx
        .select({
          email: userAccount.email,
          language: userAccount.language,
          status: userAccount.status,
          country: patient.country,
          texts: benefit.texts,
          block: benefit.booking,
          homeAddress: patient.address,
          ...NOTICE_CONTACT_COLUMNS,
        })
        .from(planPatient)
        .$dynamic();
      const [who] = await joinPlanHolder(query)
        .innerJoin(benefit, eq(benefit.id, row.benefitId))
        .where(eq(planPatient.id, row.planPatientId))
        .limit(1);
      // A closed account gets no mail; its booking stays claimed.
      if (!who || who.status === 'DISABLED') continue;
      // A patient who turned reminders off in the profile gets none (decision 058, addendum); the claim stays.
      if (!who.bookingReminders) continue;
      const block = BookingBlockSchema.safeParse(who.block);
      const place = block.success ? block.data.places.find((candidate) => candidate.id === row.placeId) : undefined;
      await enqueueMail(
        tx,
        {
          programId: row.programId,
          kind: BOOKING_REMINDER,
          recipient: who.email,
          language: who.language,
          payload: {
            serviceKey: who.texts.title,
            place: !place
              ? 'booking.place.address'
              : place.kind === 'address'
                ? (place.name ?? 'booking.place.address')
                : `booking.place.${place.kind}`,
            // A home visit goes to the patient's address as the profile has it now (decision 087).
            address: (place?.kind === 'home' ? homeAddressText(who.homeAddress) : place?.address) ?? '',
            startsAt: new Date(row.startsAt).toISOString(),
            endsAt: new Date(row.endsAt).toISOString(),
            timeZone: row.timeZone,
            country: who.country,
            calendarUid: row.calendarUid,
            sequence: String(row.sequence),
            cutoffHours: String(block.success ? block.data.cancellationCutoffHours : 0),
            ...textNoticeFields(who),
          },
        },
        { publicUrl },
      );
    }
    return due.length;
  });
}
