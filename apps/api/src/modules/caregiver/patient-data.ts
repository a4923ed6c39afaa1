// The caregiver's part of the patient's data (decision 033): the export shows the caregiver, the purge deletes them.
import { eq } from 'drizzle-orm';
import { caregiver } from '../../db/schema.ts';
import { pickColumns } from '../../platform/pick-columns.ts';
import { datesAsText, definePatientData } from '../../platform/patient-data.ts';

/** What the export gives of the caregiver, column by column and in its order: a new column stays out until named. */
const EXPORT_COLUMNS = pickColumns(caregiver, [
  'firstName',
  'lastName',
  'email',
  'relation',
  'typeIdentification',
  'legalIdentification',
  'phoneCountry',
  'phoneNumber',
  'createdAt',
]);

export const CAREGIVER_PATIENT_DATA = definePatientData({
  tables: {
    caregiver: { holds: 'patient data', export: 'caregiver', purge: 'deleted' },
  },
  async export(db, { patientId }) {
    const [row] = await db.select(EXPORT_COLUMNS).from(caregiver).where(eq(caregiver.patientId, patientId));
    return { caregiver: row ? datesAsText(row) : null };
  },
  async purge(tx, { patient }) {
    if (!patient) return;
    await tx.delete(caregiver).where(eq(caregiver.patientId, patient.id));
  },
});
