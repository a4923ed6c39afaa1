// Issuing a coupon link (decision 047): `npm run coupons:link` checks that the ids belong together, records who issued
// the link in `coupon_link` and answers the link (PUBLIC_URL with the program's host, /coupon or /en/coupon).
import { COUPON_LINK_TTL_MS } from '@portal/contracts/benefits';
import { LanguageSchema, type Language } from '@portal/contracts/enums';
import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import { program } from '../../db/schema.ts';
import type { Db, Executor } from '../../platform/db.ts';
import { couponLinkUrl } from './link.ts';
import { findPlanOfProgram, insertCouponLink } from './repository.ts';
import { mismatchOf, type CouponSources } from './service.ts';

/** A refusal to issue, with a message for the operator (ids only, never the patient's data). */
export class CouponLinkRefused extends Error {
  override name = 'CouponLinkRefused';
}

export interface IssueCouponLinkOptions {
  program: { id: number; slug: string };
  patientPlanId: number;
  benefitId: number;
  staffUserId: number;
  language: Language;
  now: Date;
  config: Pick<AppConfig, 'PUBLIC_URL' | 'signingKeys'>;
  findBenefit: CouponSources['findBenefit'];
}

export async function issueCouponLink(
  db: Executor,
  options: IssueCouponLinkOptions,
): Promise<{ id: number; link: string; expiresAt: Date }> {
  const { program: owner, patientPlanId, benefitId, staffUserId, language, now, config } = options;
  const plan = await findPlanOfProgram(db, owner.id, patientPlanId);
  const benefit = await options.findBenefit(db, owner, benefitId);
  const mismatch = mismatchOf(plan, undefined, benefit);
  if (mismatch !== undefined || !plan) {
    throw new CouponLinkRefused(`${mismatch ?? 'refused'} (patient plan ${patientPlanId}, benefit ${benefitId})`);
  }
  // Whole seconds: the link carries the expiry as seconds, and the row must match it exactly.
  const expiresAtSeconds = Math.floor((now.getTime() + COUPON_LINK_TTL_MS) / 1000);
  const expiresAt = new Date(expiresAtSeconds * 1000);
  const id = await insertCouponLink(db, {
    programId: owner.id,
    planPatientId: plan.id,
    benefitId,
    staffUserId,
    issuedAt: now,
    expiresAt,
  });
  const link = couponLinkUrl(config, owner.slug, language, {
    programId: owner.id,
    patientPlanId: plan.id,
    supportPlanId: plan.supportPlanId,
    benefitId,
    staffUserId,
    expiresAt: expiresAtSeconds,
  });
  return { id, link, expiresAt };
}

export const COUPON_LINK_USAGE =
  'usage: npm run coupons:link -- <program-slug> <patientPlanId> <generalBenefitId> <staffUserId> [es|en]';

const ID = /^[1-9][0-9]{0,15}$/;

/**
 * The command's work, apart from the process (scripts/coupon-link.ts): reads the arguments, issues the link and
 * says what to print. Exit status 2 for a usage error, 1 for a refusal.
 */
export async function couponLinkCommand(
  args: string[],
  deps: { db: Db; config: IssueCouponLinkOptions['config']; now: Date; findBenefit: CouponSources['findBenefit'] },
): Promise<{ status: number; stdout: string; stderr: string }> {
  const [slug, patientPlanArg, benefitArg, staffArg, languageArg = 'es', ...rest] = args;
  const language = LanguageSchema.safeParse(languageArg);
  if (
    !slug ||
    rest.length > 0 ||
    !language.success ||
    ![patientPlanArg, benefitArg, staffArg].every((arg) => arg !== undefined && ID.test(arg))
  ) {
    return { status: 2, stdout: '', stderr: COUPON_LINK_USAGE };
  }
  const [row] = await deps.db
    .select({ id: program.id, slug: program.slug })
    .from(program)
    .where(eq(program.slug, slug));
  if (!row) return { status: 1, stdout: '', stderr: `refused: no program "${slug}"` };
  try {
    const { link, expiresAt } = await issueCouponLink(deps.db, {
      program: row,
      patientPlanId: Number(patientPlanArg),
      benefitId: Number(benefitArg),
      staffUserId: Number(staffArg),
      language: language.data,
      now: deps.now,
      config: deps.config,
      findBenefit: deps.findBenefit,
    });
    return { status: 0, stdout: `${link}\n(valid until ${expiresAt.toISOString()})`, stderr: '' };
  } catch (error) {
    if (!(error instanceof CouponLinkRefused)) throw error;
    return { status: 1, stdout: '', stderr: `refused: ${error.message}` };
  }
}
