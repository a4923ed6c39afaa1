// The only place caregivers speak SQL; every query is scoped by the caller's patient id.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import { caregiver, supportPlan } from '../../db/schema.ts';

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
  const [row] = await db
    .select({ patientId: caregiver.patientId })
    .from(caregiver)
    .where(
      and(
        eq(caregiver.programId, programId),
        eq(caregiver.typeIdentification, type),
        eq(caregiver.legalIdentification, number),
      ),
    )
    .limit(1);
  return Boolean(row && row.patientId !== patientId);
}

export async function findPlan(db: Executor, programId: number, supportPlanId: number) {
  const [row] = await db
    .select()
    .from(supportPlan)
    .where(and(eq(supportPlan.programId, programId), eq(supportPlan.id, supportPlanId)))
    .limit(1);
  return row;
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
