// Booking's part of the patient's data (decision 033): the export shows the appointments (not the slots only held a
// few minutes); the purge deletes them, and their seats with them: where and when a patient was seen is theirs
// (decision 058).
import { and, asc, eq, inArray } from 'drizzle-orm';
import { booking, planPatient } from '../../db/schema.ts';
import { pickColumns } from '../../platform/pick-columns.ts';
import { datesAsText, definePatientData } from '../../platform/patient-data.ts';

/** What the export gives of an appointment, column by column and in its order: a new column stays out until named. */
const EXPORT_COLUMNS = pickColumns(booking, [
  'benefitId',
  'placeId',
  'startsAt',
  'endsAt',
  'timeZone',
  'status',
  'createdAt',
  'confirmedAt',
  'endedAt',
]);

export const BOOKING_PATIENT_DATA = definePatientData({
  tables: {
    booking: { holds: 'patient data', export: 'bookings', purge: 'deleted' },
  },
  async export(db, { patientId }) {
    const bookings = await db
      .select(EXPORT_COLUMNS)
      .from(booking)
      .innerJoin(planPatient, eq(planPatient.id, booking.planPatientId))
      .where(
        and(
          eq(planPatient.patientId, patientId),
          inArray(booking.status, ['confirmed', 'moved', 'cancelled', 'completed', 'missed']),
        ),
      )
      .orderBy(asc(booking.id));
    return { bookings: bookings.map(datesAsText) };
  },
  async purge(tx, { planPatientIds }) {
    if (planPatientIds.length === 0) return;
    await tx.delete(booking).where(inArray(booking.planPatientId, [...planPatientIds]));
  },
});
