// The only place caregivers speak SQL; every query is scoped by the caller's patient id.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import { caregiver } from '../../db/schema.ts';
import { findCaregiverByIdentification } from '../../platform/program-lookups.ts';
// The plan lookup is shared with treatments and sign-up (one definition, in the platform); re-exported so that this
// module's queries stay in one place.
export { findSupportPlan } from '../../platform/program-lookups.ts';

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

export async function findOwn(db: Executor, patientId: number, id: number): Promise<CaregiverRow | undefined> {
  const [row] = await db
    .select()
    .from(caregiver)
    .where(and(eq(caregiver.patientId, patientId), eq(caregiver.id, id)))
    .limit(1);
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
  const [row] = await db.insert(caregiver).values(values).returning({ id: caregiver.id });
  return row!.id;
}

export async function updateOwn(
  db: Executor,
  patientId: number,
  id: number,
  values: Partial<typeof caregiver.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(caregiver)
    .set(values)
    .where(and(eq(caregiver.patientId, patientId), eq(caregiver.id, id)))
    .returning({ id: caregiver.id });
  return rows.length === 1;
}

export async function deleteOwn(db: Executor, patientId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(caregiver)
    .where(and(eq(caregiver.patientId, patientId), eq(caregiver.id, id)))
    .returning({ id: caregiver.id });
  return rows.length === 1;
}
