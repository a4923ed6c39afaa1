// The only place enrolment speaks SQL: plans, products, the already-registered checks and the inserts.
import { and, asc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import {
  caregiver,
  consentRecord,
  patient,
  planPatient,
  preregistration,
  product,
  treatment,
  userAccount,
} from '../../db/schema.ts';
import { findCaregiverByIdentification, identifiedBy } from '../patients/public.ts';
import { insertReturningId, updateOneWhere } from '../../platform/row-writes.ts';
import { isOpenLink } from '../../platform/single-use-links.ts';
import { DISOWNED_PATIENT_STATUS } from './disown.ts';
// The pool's and the program's lookups (one definition, in the platform); re-exported so that this module's queries
// stay in one place.
export { findPoolId, isEmailTaken } from '../patients/public.ts';
export { findSupportPlan } from '../patients/public.ts';

export async function findProducts(db: Executor, programId: number) {
  return db.select().from(product).where(eq(product.programId, programId)).orderBy(asc(product.id));
}

/** Whether a patient of the program holds this identification; a disowned enrolment holds none (decision 042). */
export async function isIdentificationRegistered(
  db: Executor,
  programId: number,
  country: string,
  type: string,
  number: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: patient.id })
    .from(patient)
    .where(
      and(
        eq(patient.programId, programId),
        eq(patient.country, country),
        identifiedBy(patient, type, number),
        ne(patient.status, DISOWNED_PATIENT_STATUS),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function isCaregiverRegistered(
  db: Executor,
  programId: number,
  type: string,
  number: string,
): Promise<boolean> {
  return Boolean(await findCaregiverByIdentification(db, programId, type, number));
}

export async function insertAccount(db: Executor, values: typeof userAccount.$inferInsert) {
  return insertReturningId(db, userAccount, values);
}

export async function insertPatient(db: Executor, values: typeof patient.$inferInsert) {
  return insertReturningId(db, patient, values);
}

export async function insertPlanPatient(db: Executor, values: typeof planPatient.$inferInsert) {
  return insertReturningId(db, planPatient, values);
}

export async function insertCaregiver(db: Executor, values: typeof caregiver.$inferInsert) {
  await db.insert(caregiver).values(values);
}

export async function insertTreatments(db: Executor, values: (typeof treatment.$inferInsert)[]) {
  if (values.length > 0) await db.insert(treatment).values(values);
}

export async function insertConsent(db: Executor, values: typeof consentRecord.$inferInsert) {
  await db.insert(consentRecord).values(values);
}

export async function insertPreregistration(db: Executor, values: typeof preregistration.$inferInsert) {
  return insertReturningId(db, preregistration, values);
}

/** A usable invitation of the program: not used, not expired. */
export async function findOpenPreregistration(db: Executor, programId: number, nonceHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(preregistration)
    .where(and(eq(preregistration.programId, programId), isOpenLink(preregistration, nonceHash, now)))
    .limit(1);
  return row;
}

/** Uses an invitation up, once: false when another enrolment used it first (or it expired meanwhile). */
export async function consumePreregistration(db: Executor, id: number, patientId: number, now: Date): Promise<boolean> {
  return updateOneWhere(
    db,
    preregistration,
    and(eq(preregistration.id, id), isNull(preregistration.usedAt), gt(preregistration.expiresAt, now)),
    { usedAt: now, patientId },
  );
}
