// Discount codes (decision 045): the one place they are made, found live and revoked. A code belongs to a patient plan
// and either a product (what the patient shows at the pharmacy counter) or a general benefit (the coupon link's). At
// most one live (not revoked) code exists per plan and product, and per plan and benefit: partial unique indexes
// decide, so that simultaneous calls (a double tap, a reload, 16 requests at once) all end with the same one code.
//
// Other modules (the coupon link) call these functions; they never read the table themselves.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import { discountCodeFromRandomBytes } from '@portal/contracts/discount-code';
import type { CountryCode } from '@portal/contracts/enums';
import { todayInCountry } from '@portal/contracts/time-zones';
import { discountCode, patient, planPatient } from '../../db/schema.ts';
import type { Executor } from '../../platform/db.ts';
import { lockPlanRow } from '../patients/public.ts';

export type DiscountCodeRow = typeof discountCode.$inferSelect;

/** Whose code and for what: a product of the plan's treatments, or a general benefit of the program. */
export type CodeTarget =
  | { programId: number; planPatientId: number; productId: number }
  | { programId: number; planPatientId: number; benefitId: number };

export interface LiveCode {
  row: DiscountCodeRow;
  /** True when this call made the code (false: it was there already). */
  created: boolean;
}

/**
 * A renewal within this long of the last renewal answers that renewal's code instead of making another (decision 067):
 * two renewals at once (a double tap, two tabs, two instances) agree on one new code, and neither answer is dead.
 */
export const DISCOUNT_CODE_RENEWAL_WINDOW_MS = 10_000;

/** Codes drawn again after a collision with another code of the program (50 bits: practically never). */
const MAX_ATTEMPTS = 5;

/** The plan's rows of this target (live or not): plan, program and product or benefit. */
function ofTarget(target: CodeTarget) {
  return and(
    eq(discountCode.programId, target.programId),
    eq(discountCode.planPatientId, target.planPatientId),
    'productId' in target ? eq(discountCode.productId, target.productId) : eq(discountCode.benefitId, target.benefitId),
  );
}

/** The plan's period end and the patient's country, when the plan is the program's. */
async function planOf(executor: Executor, target: CodeTarget) {
  const [row] = await executor
    .select({ endPeriod: planPatient.endPeriod, country: patient.country })
    .from(planPatient)
    .innerJoin(patient, eq(patient.id, planPatient.patientId))
    .where(and(eq(planPatient.id, target.planPatientId), eq(patient.programId, target.programId)))
    .limit(1);
  return row;
}

/** Today in the plan's patient's country (YYYY-MM-DD): a code is live through its valid_until day. */
export async function todayOfPlan(executor: Executor, target: CodeTarget, now: Date): Promise<string | undefined> {
  const plan = await planOf(executor, target);
  return plan ? todayInCountry(plan.country as CountryCode, now) : undefined;
}

/** The target's live code: not revoked, and valid today (`today` in the patient's country). */
export async function findLiveCode(
  executor: Executor,
  target: CodeTarget,
  today: string,
): Promise<DiscountCodeRow | undefined> {
  const [row] = await executor
    .select()
    .from(discountCode)
    .where(and(ofTarget(target), isNull(discountCode.revokedAt), gte(discountCode.validUntil, today)))
    .limit(1);
  return row;
}

/** Draws a new canonical code from the cryptographic source. */
export function newCode(): string {
  return discountCodeFromRandomBytes(randomBytes(7));
}

/**
 * The target's live code, made if there is none (idempotent, safe under any number of simultaneous calls): an
 * INSERT ... ON CONFLICT DO NOTHING that the partial unique index lets through once, then the one live row. A code
 * past its validity is revoked first (the plan was renewed since). Undefined when the plan is not the program's or
 * its period is over (no code can be valid).
 */
export async function getOrCreateLiveCode(
  executor: Executor,
  target: CodeTarget,
  now: Date,
): Promise<LiveCode | undefined> {
  const plan = await planOf(executor, target);
  if (!plan) return undefined;
  const today = todayInCountry(plan.country as CountryCode, now);
  if (plan.endPeriod < today) return undefined;
  await executor
    .update(discountCode)
    .set({ revokedAt: now })
    .where(and(ofTarget(target), isNull(discountCode.revokedAt), lt(discountCode.validUntil, today)));
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const [created] = await executor
      .insert(discountCode)
      .values({
        programId: target.programId,
        planPatientId: target.planPatientId,
        productId: 'productId' in target ? target.productId : null,
        benefitId: 'benefitId' in target ? target.benefitId : null,
        code: newCode(),
        validUntil: plan.endPeriod,
        createdAt: now,
      })
      // Any unique index: the live code of this target exists (then it is read below), or the drawn code is
      // another's of the program (then nothing is live yet, and a new code is drawn).
      .onConflictDoNothing()
      .returning();
    if (created) return { row: created, created: true };
    const existing = await findLiveCode(executor, target, today);
    if (existing) return { row: existing, created: false };
  }
  throw new Error('no discount code could be made');
}

/**
 * The live code when a renewal made it less than DISCOUNT_CODE_RENEWAL_WINDOW_MS ago: a code made at the very instant
 * another of the target was revoked (one renewal's transaction). A code the patient merely activated is not one.
 */
async function findRecentRenewal(
  executor: Executor,
  target: CodeTarget,
  now: Date,
): Promise<DiscountCodeRow | undefined> {
  const since = new Date(now.getTime() - DISCOUNT_CODE_RENEWAL_WINDOW_MS);
  const [live] = await executor
    .select()
    .from(discountCode)
    .where(and(ofTarget(target), isNull(discountCode.revokedAt), gt(discountCode.createdAt, since)))
    .limit(1);
  if (!live) return undefined;
  const [replaced] = await executor
    .select({ id: discountCode.id })
    .from(discountCode)
    .where(and(ofTarget(target), eq(discountCode.revokedAt, live.createdAt)))
    .limit(1);
  return replaced ? live : undefined;
}

/**
 * Revokes the target's live code, if any, and makes a new one: call it in a transaction, so that the old code stops
 * and the new one starts together. Renewals of one plan queue on the plan's row (any instance): a renewal within
 * DISCOUNT_CODE_RENEWAL_WINDOW_MS of the last one answers that one's code (`renewed.created` false, nothing revoked),
 * so that two renewals at once both answer the one new code (decision 067). Undefined when the plan is not the
 * program's or its period is over.
 */
export async function renewLiveCode(
  executor: Executor,
  target: CodeTarget,
  now: Date,
): Promise<{ revoked: DiscountCodeRow | undefined; renewed: LiveCode } | undefined> {
  await lockPlanRow(executor, target.planPatientId);
  const recent = await findRecentRenewal(executor, target, now);
  if (recent) return { revoked: undefined, renewed: { row: recent, created: false } };
  const [revoked] = await executor
    .update(discountCode)
    .set({ revokedAt: now })
    .where(and(ofTarget(target), isNull(discountCode.revokedAt)))
    .returning();
  const renewed = await getOrCreateLiveCode(executor, target, now);
  return renewed ? { revoked, renewed } : undefined;
}

/** The plan's live product codes (the benefits overview shows them). */
export async function listLiveProductCodes(
  executor: Executor,
  programId: number,
  planPatientId: number,
  today: string,
): Promise<DiscountCodeRow[]> {
  return executor
    .select()
    .from(discountCode)
    .where(
      and(
        eq(discountCode.programId, programId),
        eq(discountCode.planPatientId, planPatientId),
        isNull(discountCode.revokedAt),
        gte(discountCode.validUntil, today),
        sql`${discountCode.productId} is not null`,
      ),
    );
}
