// The only place profile changes speak SQL: the caller's own patient row and account language.
import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import { patient, userAccount } from '../../db/schema.ts';

export async function updatePatient(db: Executor, patientId: number, values: Partial<typeof patient.$inferInsert>) {
  const [row] = await db.update(patient).set(values).where(eq(patient.id, patientId)).returning();
  return row;
}

export async function updateAccountLanguage(db: Executor, userId: string, language: 'es' | 'en', now: Date) {
  await db.update(userAccount).set({ language, updatedAt: now }).where(eq(userAccount.id, userId));
}

/**
 * How booking notices reach the patient (decision 058, addendum), with the main phone they would go to, and whether
 * refill reminders come (decision 061).
 */
export async function findNoticePreferences(db: Executor, patientId: number) {
  const [row] = await db
    .select({
      channel: patient.noticeChannel,
      reminders: patient.bookingReminders,
      refillReminders: patient.refillReminders,
      phoneNumber: patient.phoneNumber,
    })
    .from(patient)
    .where(eq(patient.id, patientId))
    .limit(1);
  return row;
}
