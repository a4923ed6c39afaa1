// The only place enrolment speaks SQL: plans, products, the already-registered checks, idempotency keys and the inserts.
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import {
  auditEvent,
  caregiver,
  consentRecord,
  identityPool,
  idempotencyKey,
  patient,
  planPatient,
  preregistration,
  product,
  supportPlan,
  treatment,
  userAccount,
} from '../../db/schema.ts';

export async function findSupportPlan(db: Db, programId: number, supportPlanId: number) {
  const [row] = await db
    .select()
    .from(supportPlan)
    .where(and(eq(supportPlan.programId, programId), eq(supportPlan.id, supportPlanId)))
    .limit(1);
  return row;
}

export async function findProducts(db: Db, programId: number) {
  return db.select().from(product).where(eq(product.programId, programId)).orderBy(asc(product.id));
}

export async function findPoolId(db: Db, programId: number): Promise<number | undefined> {
  const [row] = await db.select({ id: identityPool.id }).from(identityPool).where(eq(identityPool.programId, programId)).limit(1);
  return row?.id;
}

export async function isEmailRegistered(db: Db, poolId: number, email: string): Promise<boolean> {
  const rows = await db.select({ id: userAccount.id }).from(userAccount).where(and(eq(userAccount.poolId, poolId), eq(userAccount.email, email))).limit(1);
  return rows.length > 0;
}

export async function isIdentificationRegistered(db: Db, programId: number, country: string, type: string, number: string): Promise<boolean> {
  const rows = await db
    .select({ id: patient.id })
    .from(patient)
    .where(and(eq(patient.programId, programId), eq(patient.country, country), eq(patient.typeIdentification, type), eq(patient.legalIdentification, number)))
    .limit(1);
  return rows.length > 0;
}

export async function isCaregiverRegistered(db: Db, programId: number, type: string, number: string): Promise<boolean> {
  const rows = await db
    .select({ id: caregiver.id })
    .from(caregiver)
    .where(and(eq(caregiver.programId, programId), eq(caregiver.typeIdentification, type), eq(caregiver.legalIdentification, number)))
    .limit(1);
  return rows.length > 0;
}

export async function findIdempotencyKey(db: Db, programId: number, key: string) {
  const [row] = await db.select().from(idempotencyKey).where(and(eq(idempotencyKey.programId, programId), eq(idempotencyKey.key, key))).limit(1);
  return row;
}

export async function insertIdempotencyKey(db: Db, values: { programId: number; key: string; requestHash: string; now: Date }) {
  await db.insert(idempotencyKey).values({ programId: values.programId, key: values.key, requestHash: values.requestHash, createdAt: values.now });
}

export async function completeIdempotencyKey(db: Db, programId: number, key: string, status: number, body: unknown) {
  await db.update(idempotencyKey).set({ responseStatus: status, responseBody: body }).where(and(eq(idempotencyKey.programId, programId), eq(idempotencyKey.key, key)));
}

export async function insertAccount(db: Db, values: typeof userAccount.$inferInsert) {
  const [row] = await db.insert(userAccount).values(values).returning({ id: userAccount.id });
  return row!.id;
}

export async function insertPatient(db: Db, values: typeof patient.$inferInsert) {
  const [row] = await db.insert(patient).values(values).returning({ id: patient.id });
  return row!.id;
}

export async function insertPlanPatient(db: Db, values: typeof planPatient.$inferInsert) {
  const [row] = await db.insert(planPatient).values(values).returning({ id: planPatient.id });
  return row!.id;
}

export async function insertCaregiver(db: Db, values: typeof caregiver.$inferInsert) {
  await db.insert(caregiver).values(values);
}

export async function insertTreatments(db: Db, values: (typeof treatment.$inferInsert)[]) {
  if (values.length > 0) await db.insert(treatment).values(values);
}

export async function insertConsent(db: Db, values: typeof consentRecord.$inferInsert) {
  await db.insert(consentRecord).values(values);
}

export async function insertAudit(db: Db, values: typeof auditEvent.$inferInsert) {
  await db.insert(auditEvent).values(values);
}

export async function insertPreregistration(db: Db, values: typeof preregistration.$inferInsert) {
  const [row] = await db.insert(preregistration).values(values).returning({ id: preregistration.id });
  return row!.id;
}

/** A usable invitation of the program: not used, not expired. */
export async function findOpenPreregistration(db: Db, programId: number, nonceHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(preregistration)
    .where(and(eq(preregistration.programId, programId), eq(preregistration.nonceHash, nonceHash), isNull(preregistration.usedAt), gt(preregistration.expiresAt, now)))
    .limit(1);
  return row;
}

/** Uses an invitation up, once: false when another enrolment used it first (or it expired meanwhile). */
export async function consumePreregistration(db: Db, id: number, patientId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(preregistration)
    .set({ usedAt: now, patientId })
    .where(and(eq(preregistration.id, id), isNull(preregistration.usedAt), gt(preregistration.expiresAt, now)))
    .returning({ id: preregistration.id });
  return rows.length === 1;
}
