// Benefits' part of the patient's data (decision 033): the program's benefit catalogue and the patient's discount
// codes. The export shows the codes as the patient reads them; the purge deletes them: nothing of them is the
// program's to keep (decision 045).
import { inArray } from 'drizzle-orm';
import { formatDiscountCode } from '@portal/contracts/discount-code';
import { discountCode, product } from '../../db/schema.ts';
import { pickColumns } from '../../platform/pick-columns.ts';
import { datesAsText, definePatientData } from '../../platform/patient-data.ts';
import { ofPatientPlans } from '../patients/public.ts';

/** What the export gives of a code, column by column and in its order: a new column stays out until named here. */
const EXPORT_COLUMNS = {
  ...pickColumns(discountCode, ['code']),
  ...pickColumns(product, ['medicine']),
  ...pickColumns(discountCode, ['benefitId', 'validUntil', 'createdAt', 'revokedAt']),
};

export const BENEFITS_PATIENT_DATA = definePatientData({
  tables: {
    benefit: { holds: 'no patient data', why: "a program's benefit catalogue, from its files" },
    benefitProduct: { holds: 'no patient data', why: 'which products a benefit of the catalogue applies to' },
    discountCode: { holds: 'patient data', export: 'discountCodes', purge: 'deleted' },
  },
  async export(db, { patientId }) {
    const codes = await ofPatientPlans(
      db.select(EXPORT_COLUMNS).from(discountCode).$dynamic(),
      discountCode,
      patientId,
    );
    return { discountCodes: codes.map((row) => datesAsText({ ...row, code: formatDiscountCode(row.code) })) };
  },
  async purge(tx, { planPatientIds }) {
    if (planPatientIds.length === 0) return;
    // The codes stop working and go.
    await tx.delete(discountCode).where(inArray(discountCode.planPatientId, [...planPatientIds]));
  },
});
