// The only place caregivers speak SQL; every query is scoped by the caller's patient id.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import { caregiver } from '../../db/schema.ts';
import { findCaregiverByIdentification } from '../patients/public.ts';
import { insertReturningId, ownedRowWrites } from '../../platform/row-writes.ts';
// The plan lookup is shared with treatments and sign-up (one definition, in the platform); re-exported so that this
// module's queries stay in one place.
export { findSupportPlan } from '../patients/public.ts';

export type CaregiverRow = typeof caregiver.$inferSelect;

/** The patient's caregiver: a statement built once (GET /caregiver is the hot path). */
export function prepareFindByPatient(db: Executor): (patientId: number) => Promise<CaregiverRow | undefined> {
  const query = db
    .select()
    .from(caregiver)
    .where(eq(caregiver.patientId, sql.placeholder('patientId')))
    .limit(1)
    .prepare('caregiver_by_patient');
  return async (patientId) => (await query.execute({ patientId }))[0];
}

/** The caregiver `id` if it is the patient's: every query by id is scoped by this. */
function ownCaregiver(patientId: number, id: number) {
  return and(eq(caregiver.patientId, patientId), eq(caregiver.id, id));
}

export async function findOwn(db: Executor, patientId: number, id: number): Promise<CaregiverRow | undefined> {
  const [row] = await db.select().from(caregiver).where(ownCaregiver(patientId, id)).limit(1);
  return row;
}

/** Whether this identification already cares for a patient of the program other than `patientId`. */
export async function caresForAnother(
  db: Executor,
  programId: number,
  patientId: number,
  type: string,
  number: string,
): Promise<boolean> {
  const row = await findCaregiverByIdentification(db, programId, type, number);
  return Boolean(row && row.patientId !== patientId);
}

export async function insertCaregiver(db: Executor, values: typeof caregiver.$inferInsert): Promise<number> {
  return insertReturningId(db, caregiver, values);
}

/** Changes or deletes the patient's caregiver `id`; false when it is not theirs (or gone). */
export const { update: updateOwn, delete: deleteOwn } = ownedRowWrites(caregiver, ownCaregiver);
