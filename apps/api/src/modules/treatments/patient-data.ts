// Treatments' part of the patient's data (decision 033): the program's medicines and the patient's treatments. The
// export shows the treatments with their medicine; the purge keeps them (the program's counts) without the free text
// that could name a person.
import { inArray } from 'drizzle-orm';
import { product, treatment, treatmentVersion } from '../../db/schema.ts';
import { pickColumns } from '../../platform/pick-columns.ts';
import { datesAsText, definePatientData } from '../../platform/patient-data.ts';
import { ofPatientPlans } from '../patients/public.ts';

/** What the export gives of a treatment, column by column and in its order: a new column stays out until named here. */
const EXPORT_COLUMNS = {
  ...pickColumns(product, ['medicine', 'presentation', 'unit']),
  ...pickColumns(treatment, [
    'unitAmount',
    'frequencyAmount',
    'frequencyInterval',
    'durationAmount',
    'durationInterval',
    'restAmount',
    'restInterval',
    'startDate',
    'doctorFirstName',
    'doctorLastName',
    'healthCenterName',
    'healthCenterType',
    'weight',
    'weightUnit',
    'customTherapyCode',
    'createdAt',
    'deletedAt',
    'deletedReason',
    'deletedNote',
  ]),
};

/** A treatment's dose history (decision 080): which change, when, and the values it then had. */
const HISTORY_COLUMNS = {
  medicine: product.medicine,
  unit: product.unit,
  ...pickColumns(treatmentVersion, [
    'treatmentId',
    'change',
    'at',
    'unitAmount',
    'frequencyAmount',
    'frequencyInterval',
    'durationAmount',
    'durationInterval',
    'restAmount',
    'restInterval',
    'startDate',
  ]),
};

export const TREATMENTS_PATIENT_DATA = definePatientData({
  tables: {
    product: { holds: 'no patient data', why: "a program's medicines, from its files" },
    treatment: { holds: 'patient data', export: 'treatments', purge: 'overwritten' },
    treatmentVersion: {
      holds: 'patient data',
      export: 'treatmentHistory',
      purge: {
        kept: "the dose history without a name or free text, as the kept treatments: the program's adherence figures",
      },
    },
  },
  async export(db, { patientId }) {
    const treatments = await ofPatientPlans(db.select(EXPORT_COLUMNS).from(treatment).$dynamic(), treatment, patientId);
    const history = await ofPatientPlans(
      db.select(HISTORY_COLUMNS).from(treatmentVersion).$dynamic(),
      treatmentVersion,
      patientId,
    );
    return { treatments: treatments.map(datesAsText), treatmentHistory: history.map(datesAsText) };
  },
  async purge(tx, { planPatientIds, now }) {
    if (planPatientIds.length === 0) return;
    await tx
      .update(treatment)
      .set({
        doctorFirstName: null,
        doctorLastName: null,
        healthCenterName: null,
        customTherapyCode: null,
        deletedNote: null,
        weight: null,
        weightUnit: null,
        updatedAt: now,
      })
      .where(inArray(treatment.planPatientId, [...planPatientIds]));
  },
});
