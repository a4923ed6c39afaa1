// The reads and the one write of coupon links (decision 047). Every read is scoped to the program.
import { and, eq } from 'drizzle-orm';
import { couponLink, patient, planPatient, supportPlan, userAccount } from '../../db/schema.ts';
import type { Executor } from '../../platform/db.ts';
import { HOLDER_STATUS_COLUMNS, joinPlanHolder } from '../patients/public.ts';
import { insertReturningId } from '../../platform/row-writes.ts';

/** A patient plan of the program, with what a coupon needs to know of it; none when the plan is of another program. */
export async function findPlanOfProgram(db: Executor, programId: number, patientPlanId: number) {
  const query = db
    .select({
      id: planPatient.id,
      supportPlanId: planPatient.supportPlanId,
      planStatus: planPatient.status,
      country: supportPlan.country,
      firstName: patient.firstName,
      ...HOLDER_STATUS_COLUMNS,
      erasedAt: userAccount.erasedAt,
    })
    .from(planPatient)
    .innerJoin(supportPlan, eq(supportPlan.id, planPatient.supportPlanId))
    .$dynamic();
  const [row] = await joinPlanHolder(query)
    .where(
      and(eq(planPatient.id, patientPlanId), eq(supportPlan.programId, programId), eq(patient.programId, programId)),
    )
    .limit(1);
  return row;
}
export type PlanOfLink = NonNullable<Awaited<ReturnType<typeof findPlanOfProgram>>>;

/** Whether the plan can still be given a coupon: its account is usable, its patient and plan active. */
export function isActivePlan(plan: PlanOfLink): boolean {
  return (
    plan.accountStatus !== 'DISABLED' &&
    plan.erasedAt === null &&
    plan.patientStatus === 'ACTIVE' &&
    plan.planStatus === 'ACTIVE'
  );
}

export interface CouponLinkRecord {
  programId: number;
  planPatientId: number;
  benefitId: number;
  staffUserId: number;
  issuedAt: Date;
  expiresAt: Date;
}

export async function insertCouponLink(db: Executor, values: CouponLinkRecord): Promise<number> {
  return insertReturningId(db, couponLink, values);
}

/** Whether this link was issued: a row with the same program, ids and expiry. */
export async function wasIssued(db: Executor, link: Omit<CouponLinkRecord, 'issuedAt'>): Promise<boolean> {
  const [row] = await db
    .select({ id: couponLink.id })
    .from(couponLink)
    .where(
      and(
        eq(couponLink.programId, link.programId),
        eq(couponLink.planPatientId, link.planPatientId),
        eq(couponLink.benefitId, link.benefitId),
        eq(couponLink.staffUserId, link.staffUserId),
        eq(couponLink.expiresAt, link.expiresAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}
