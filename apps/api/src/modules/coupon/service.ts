// The coupon a signed link opens (decision 047): every check of the link, then the general benefit's code for the
// patient plan. Whatever fails answers one error, COUPON_LINK_INVALID with the program's call-center phones: a
// forged, expired, withdrawn or other program's link, and ids that do not belong together, cannot be told apart.
import {
  CouponLinkSchema,
  type BenefitView,
  type CouponLink,
  type CouponView,
  type DiscountCodeView,
} from '@portal/contracts/benefits';
import { PhonesSchema } from '@portal/contracts/program-files';
import type { AppConfig } from '../../config.ts';
import type { Executor } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { readProgramFile } from '../../platform/program-files.ts';
import type { ProgramRow } from '../../platform/programs.ts';
import { isCouponSignature, type CouponLinkIds } from './link.ts';
import { findPlanOfProgram, isActivePlan, wasIssued, type PlanOfLink } from './repository.ts';

type ProgramRef = Pick<ProgramRow, 'id' | 'slug'>;

/** A benefit of the program's catalogue, as a coupon needs it. */
export interface CatalogueBenefit extends BenefitView {
  countries: string[];
}

/** What a coupon is made of that belongs to benefits: the catalogue and the codes. */
export interface CouponSources {
  /** The program's benefit with this id; none when the program has no such benefit. */
  findBenefit(db: Executor, program: ProgramRef, benefitId: number): Promise<CatalogueBenefit | undefined>;
  /**
   * The live code of a general benefit for a patient plan: made on the first call, the same one after; none when no
   * code can be valid (the plan's period is over).
   */
  liveCode(
    db: Executor,
    key: { programId: number; planPatientId: number; benefitId: number },
    now: Date,
  ): Promise<DiscountCodeView | undefined>;
}

/** Why a patient plan and a benefit cannot make a coupon, or undefined when they can. */
export function mismatchOf(
  plan: PlanOfLink | undefined,
  supportPlanId: number | undefined,
  benefit: CatalogueBenefit | undefined,
): string | undefined {
  if (!plan) return 'the patient plan is not one of the program';
  if (supportPlanId !== undefined && plan.supportPlanId !== supportPlanId)
    return 'the patient plan is not of that support plan';
  if (!isActivePlan(plan)) return "the patient's account or plan is not active";
  if (!benefit || benefit.kind !== 'general') return 'the benefit is not a general benefit of the program';
  if (!benefit.countries.includes(plan.country)) return "the benefit does not apply to the patient plan's country";
  return undefined;
}

/** The one answer of every failure: the error, with the program's call-center phones (every country's). */
export function invalidCouponLink(config: Pick<AppConfig, 'PROGRAMS_DIR'>, program: ProgramRef): AppError {
  const phones = readProgramFile(config.PROGRAMS_DIR, program.slug, 'phones/phones.json', PhonesSchema);
  return new AppError('COUPON_LINK_INVALID', undefined, { phones });
}

/**
 * The link's parameters when they are well formed and the server signed them for this program, else undefined. The
 * per-plan limit counts only such links (a forged one names a plan it cannot open), and the opening checks them first.
 */
export function signedLinkOf(
  keys: AppConfig['signingKeys'],
  programId: number,
  query: unknown,
): { ids: CouponLinkIds; link: CouponLink } | undefined {
  const parsed = CouponLinkSchema.safeParse(query);
  if (!parsed.success) return undefined;
  const { pp, sp, gb, iumb, e, s } = parsed.data;
  const ids: CouponLinkIds = {
    programId,
    patientPlanId: pp,
    supportPlanId: sp,
    benefitId: gb,
    staffUserId: iumb,
    expiresAt: e,
  };
  return isCouponSignature(keys, ids, s) ? { ids, link: parsed.data } : undefined;
}

export async function openCoupon(
  db: Executor,
  program: ProgramRef,
  query: unknown,
  options: { config: Pick<AppConfig, 'PROGRAMS_DIR' | 'signingKeys'>; now: Date; sources: CouponSources },
): Promise<CouponView> {
  const { config, now, sources } = options;
  const invalid = () => invalidCouponLink(config, program);
  // The signature first: a link that the server did not sign costs no query.
  const signed = signedLinkOf(config.signingKeys, program.id, query);
  if (!signed) throw invalid();
  const { pp, sp, gb, iumb, e } = signed.link;
  if (e * 1000 <= now.getTime()) throw invalid();
  const plan = await findPlanOfProgram(db, program.id, pp);
  const benefit = await sources.findBenefit(db, program, gb);
  if (mismatchOf(plan, sp, benefit) !== undefined || !plan || !benefit) throw invalid();
  const issued = await wasIssued(db, {
    programId: program.id,
    planPatientId: pp,
    benefitId: gb,
    staffUserId: iumb,
    expiresAt: new Date(e * 1000),
  });
  if (!issued) throw invalid();
  const code = await sources.liveCode(db, { programId: program.id, planPatientId: pp, benefitId: gb }, now);
  if (!code) throw invalid();
  const { countries: _countries, ...view } = benefit;
  return { benefit: view, patientFirstName: plan.firstName, code };
}
