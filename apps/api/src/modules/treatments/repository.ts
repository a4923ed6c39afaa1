// The only place treatments speak SQL. Every query is scoped by the caller's plan_patient: a treatment id of
// another patient (or program) matches no row.
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import { product, treatment } from '../../db/schema.ts';
import { liveTreatmentsOf } from '../patients/public.ts';
import { insertReturningId, ownedRowWrites } from '../../platform/row-writes.ts';
// The plan lookup is shared with the caregiver and sign-up (one definition, in the platform); re-exported so that this
// module's queries stay in one place.
export { findSupportPlan } from '../patients/public.ts';

export type TreatmentRow = typeof treatment.$inferSelect;
export type ProductRow = typeof product.$inferSelect;
export type TreatmentWithProduct = { treatment: TreatmentRow; product: ProductRow };

export async function findProduct(db: Executor, programId: number, productId: number): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(product)
    .where(and(eq(product.programId, programId), eq(product.id, productId)))
    .limit(1);
  return row;
}

/** The plan's treatments with their products, newest first: a statement built once (GET /treatments is the hot path). */
export function prepareListTreatments(db: Executor): (planPatientId: number) => Promise<TreatmentWithProduct[]> {
  const query = db
    .select({ treatment, product })
    .from(treatment)
    .innerJoin(product, eq(product.id, treatment.productId))
    .where(eq(treatment.planPatientId, sql.placeholder('planPatientId')))
    .orderBy(desc(treatment.createdAt), asc(treatment.id))
    .prepare('treatments_list');
  return (planPatientId) => query.execute({ planPatientId });
}

export async function findTreatment(
  db: Executor,
  planPatientId: number,
  id: number,
): Promise<TreatmentWithProduct | undefined> {
  const [row] = await db
    .select({ treatment, product })
    .from(treatment)
    .innerJoin(product, eq(product.id, treatment.productId))
    .where(and(eq(treatment.planPatientId, planPatientId), eq(treatment.id, id)))
    .limit(1);
  return row;
}

export async function countLive(db: Executor, planPatientId: number): Promise<number> {
  const rows = await db.select({ id: treatment.id }).from(treatment).where(liveTreatmentsOf(planPatientId));
  return rows.length;
}

export async function insertTreatment(db: Executor, values: typeof treatment.$inferInsert): Promise<number> {
  return insertReturningId(db, treatment, values);
}

/** The treatment `id` if it is the plan_patient's and not deleted: every change is scoped by this. */
function liveTreatment(planPatientId: number, id: number) {
  return and(eq(treatment.planPatientId, planPatientId), eq(treatment.id, id), isNull(treatment.deletedAt));
}

/** Updates a live treatment of the plan_patient; false when there is none (deleted, or not the caller's). */
export const { update: updateLiveTreatment } = ownedRowWrites(treatment, liveTreatment);

export async function softDeleteTreatment(
  db: Executor,
  planPatientId: number,
  id: number,
  values: { reason: string; note: string | null; now: Date },
): Promise<boolean> {
  return updateLiveTreatment(db, planPatientId, id, {
    deletedAt: values.now,
    deletedReason: values.reason,
    deletedNote: values.note,
    updatedAt: values.now,
  });
}

export async function isDeleted(db: Executor, planPatientId: number, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: treatment.id })
    .from(treatment)
    .where(and(eq(treatment.planPatientId, planPatientId), eq(treatment.id, id), isNotNull(treatment.deletedAt)))
    .limit(1);
  return rows.length === 1;
}
