// Adherence's part of the patient's data (decisions 079, 080). The summaries are computed from the patient's purchases
// and dose history: the export shows them (what the program concluded of the patient is the patient's to read), the
// purge deletes them (the refresh computes none for an erased patient). The outreach list is a working list rebuilt
// from those summaries; the purge deletes the patient's entry. The outcomes of the program's calls are shown, and kept
// at the purge: they hold no free text and are the program's figures of its outreach.
import { eq } from 'drizzle-orm';
import { adherenceSummary, outreachEntry, outreachOutcome } from '../../db/schema.ts';
import { pickColumns } from '../../platform/pick-columns.ts';
import { datesAsText, definePatientData } from '../../platform/patient-data.ts';
import { product } from '../../db/schema.ts';

const SUMMARY_COLUMNS = {
  medicine: product.medicine,
  ...pickColumns(adherenceSummary, [
    'liveTreatment',
    'pdc',
    'daysCovered',
    'daysInPeriod',
    'coveredUntil',
    'firstSupplyOn',
    'lastSupplyOn',
    'persistent',
    'persistenceEndedOn',
    'computedOn',
  ]),
};
const OUTCOME_COLUMNS = pickColumns(outreachOutcome, ['at', 'episode', 'outcome', 'stopReason', 'retryOn']);

export const ADHERENCE_PATIENT_DATA = definePatientData({
  tables: {
    adherenceSummary: { holds: 'patient data', export: 'adherence', purge: 'deleted' },
    outreachEntry: {
      holds: 'patient data',
      export: {
        omitted:
          'a working list rebuilt every few minutes from the summaries, the enrolment and the appointments, all shown',
      },
      purge: 'deleted',
    },
    outreachOutcome: {
      holds: 'patient data',
      export: 'outreachCalls',
      purge: {
        kept: "the program's figures of its outreach: no free text, only when, which reason, the outcome and its code",
      },
    },
    adherenceRefresh: { holds: 'no patient data', why: "when a program's summaries were last refreshed" },
  },
  async export(db, { patientId }) {
    const summaries = await db
      .select(SUMMARY_COLUMNS)
      .from(adherenceSummary)
      .innerJoin(product, eq(product.id, adherenceSummary.productId))
      .where(eq(adherenceSummary.patientId, patientId));
    const outcomes = await db
      .select(OUTCOME_COLUMNS)
      .from(outreachOutcome)
      .where(eq(outreachOutcome.patientId, patientId));
    return { adherence: summaries.map(datesAsText), outreachCalls: outcomes.map(datesAsText) };
  },
  async purge(tx, erasure) {
    if (!erasure.patient) return;
    await tx.delete(adherenceSummary).where(eq(adherenceSummary.patientId, erasure.patient.id));
    await tx.delete(outreachEntry).where(eq(outreachEntry.patientId, erasure.patient.id));
  },
});
