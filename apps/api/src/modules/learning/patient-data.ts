// Learning's part of the patient's data (decision 049): the export shows the lessons the patient completed; the purge
// deletes them, nothing of it is the program's to keep.
import { asc, eq } from 'drizzle-orm';
import { lessonProgress } from '../../db/schema.ts';
import { datesAsText, definePatientData } from '../../platform/patient-data.ts';

export const LEARNING_PATIENT_DATA = definePatientData({
  tables: {
    lessonProgress: { holds: 'patient data', export: 'learningProgress', purge: 'deleted' },
  },
  async export(db, { patientId }) {
    const learningProgress = await db
      .select({
        condition: lessonProgress.condition,
        lesson: lessonProgress.lesson,
        completedAt: lessonProgress.completedAt,
      })
      .from(lessonProgress)
      .where(eq(lessonProgress.patientId, patientId))
      .orderBy(asc(lessonProgress.id));
    return { learningProgress: learningProgress.map(datesAsText) };
  },
  async purge(tx, { patient }) {
    if (!patient) return;
    await tx.delete(lessonProgress).where(eq(lessonProgress.patientId, patient.id));
  },
});
