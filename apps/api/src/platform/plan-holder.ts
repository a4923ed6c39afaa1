// A patient plan's holder: the plan's patient and that patient's account, read with the plan by several modules (a
// coupon's plan, the holder of a discount code at the counter, a refill or booking reminder's recipient). One join,
// written once.
import { eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { patient, planPatient, userAccount } from '../db/schema.ts';

/** Whether the holder can still be served: the patient's status and the account's. */
export const HOLDER_STATUS_COLUMNS = { patientStatus: patient.status, accountStatus: userAccount.status };

/** Joins the plan's patient and the patient's account to a read that has the plan (`query.$dynamic()`). */
export function joinPlanHolder<T extends PgSelect>(query: T) {
  return query
    .innerJoin(patient, eq(patient.id, planPatient.patientId))
    .innerJoin(userAccount, eq(userAccount.id, patient.userId));
}
