// The patient record's part of the patient's data (decision 033): the patient, their plans and the program's support
// plans; the export shows the patient and the plans, and the purge overwrites the patient's personal columns.
import { eq } from 'drizzle-orm';
import { patient, planPatient } from '../../db/schema.ts';
import { pickColumns } from '../../platform/pick-columns.ts';
import { datesAsText, definePatientData } from '../../platform/patient-data.ts';

/** What the export gives of each table, column by column and in its order: a new column stays out until named here. */
const EXPORT_COLUMNS = {
  patient: {
    ...pickColumns(patient, ['firstName', 'lastName']),
    secondSurname: patient.secondLastName,
    ...pickColumns(patient, [
      'emailAlternative',
      'birthDate',
      'gender',
      'country',
      'typeIdentification',
      'legalIdentification',
      'phoneCountry',
      'phoneNumber',
      'phoneAlternative',
      'address',
      'weight',
      'weightUnit',
      'language',
      'status',
      'latestTermsAccepted',
      'noticeChannel',
      'bookingReminders',
      'refillReminders',
      'createdAt',
      'updatedAt',
    ]),
  },
  plans: pickColumns(planPatient, ['id', 'supportPlanId', 'startPeriod', 'endPeriod', 'status']),
};

export const PATIENTS_PATIENT_DATA = definePatientData({
  tables: {
    supportPlan: { holds: 'no patient data', why: "a program's plan for one country, from its files" },
    patient: { holds: 'patient data', export: 'patient', purge: 'overwritten' },
    planPatient: {
      holds: 'patient data',
      export: 'plans',
      purge: { kept: "the plan and its period, no personal value: the program's counts" },
    },
  },
  async export(db, { patientId }) {
    const [row] = await db.select(EXPORT_COLUMNS.patient).from(patient).where(eq(patient.id, patientId));
    const plans = await db.select(EXPORT_COLUMNS.plans).from(planPatient).where(eq(planPatient.patientId, patientId));
    return { patient: row ? datesAsText(row) : undefined, plans: plans.map(datesAsText) };
  },
  async purge(tx, erasure) {
    if (!erasure.patient) return;
    await tx
      .update(patient)
      .set({
        firstName: 'ERASED',
        lastName: 'ERASED',
        secondLastName: null,
        emailAlternative: null,
        // NOT NULL columns keep a placeholder; the identification one stays unique per program.
        birthDate: '1900-01-01',
        gender: 'OTHER',
        typeIdentification: 'TYPE_OTHER',
        legalIdentification: `erased-${erasure.patient.id}`,
        phoneCountry: null,
        phoneNumber: null,
        phoneAlternative: null,
        address: null,
        weight: null,
        weightUnit: null,
        status: 'ERASED',
        updatedAt: erasure.now,
      })
      .where(eq(patient.id, erasure.patient.id));
  },
});
