// The caregiver's part of the patient's data (decision 033): the export shows the caregiver, the purge deletes them.
import { and, eq, inArray } from 'drizzle-orm';
import { caregiver, caregiverAccess, caregiverInvitation, outbox } from '../../db/schema.ts';
import { CAREGIVER_INVITATION } from './mails.ts';
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
    // The caregiver's own login (decision 092): the caregiver's e-mail and name, the areas, when it began and ended.
    caregiverAccess: {
      holds: 'patient data',
      export: { omitted: "not yet in the export: the profile's caregiver screen shows the live access (decision 092)" },
      purge: 'deleted',
    },
    caregiverInvitation: {
      holds: 'patient data',
      export: { omitted: "a link's hash and times, nothing a person could read" },
      purge: 'deleted',
    },
  },
  async export(db, { patientId }) {
    const [row] = await db.select(EXPORT_COLUMNS).from(caregiver).where(eq(caregiver.patientId, patientId));
    return { caregiver: row ? datesAsText(row) : null };
  },
  async purge(tx, { patient }) {
    if (!patient) return;
    // The caregiver's own login goes first, its invitations before it; the caregiver's account stays theirs.
    const accesses = tx
      .select({ id: caregiverAccess.id })
      .from(caregiverAccess)
      .where(eq(caregiverAccess.patientId, patient.id));
    await tx.delete(caregiverInvitation).where(inArray(caregiverInvitation.accessId, accesses));
    // The invitations mailed to the caregiver carry the patient's first name: they go with the patient's data.
    const invitedEmails = tx
      .select({ email: caregiverAccess.email })
      .from(caregiverAccess)
      .where(eq(caregiverAccess.patientId, patient.id));
    await tx
      .delete(outbox)
      .where(and(eq(outbox.kind, CAREGIVER_INVITATION.name), inArray(outbox.recipient, invitedEmails)));
    await tx.delete(caregiverAccess).where(eq(caregiverAccess.patientId, patient.id));
    await tx.delete(caregiver).where(eq(caregiver.patientId, patient.id));
  },
});
