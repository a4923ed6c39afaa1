// What a coupon takes from benefits (decision 047): the program's catalogue as seeded, and the general benefit's live
// code for the patient plan, made by benefits' own function (one place makes codes, decision 045).
import { and, eq, isNull } from 'drizzle-orm';
import { formatDiscountCode } from '@portal/contracts/discount-code';
import { benefit } from '../../db/schema.ts';
import { getOrCreateLiveCode } from '../benefits/public.ts';
import type { CouponSources } from './service.ts';

export function couponSources(): CouponSources {
  return {
    async findBenefit(db, program, benefitId) {
      const [row] = await db
        .select({
          id: benefit.id,
          kind: benefit.kind,
          texts: benefit.texts,
          discountPercent: benefit.discountPercent,
          countries: benefit.countries,
        })
        .from(benefit)
        .where(and(eq(benefit.id, benefitId), eq(benefit.programId, program.id), isNull(benefit.retiredAt)))
        .limit(1);
      return row;
    },
    async liveCode(db, key, now) {
      const live = await getOrCreateLiveCode(db, key, now);
      return (
        live && {
          code: formatDiscountCode(live.row.code),
          validUntil: live.row.validUntil,
          createdAt: live.row.createdAt.toISOString(),
        }
      );
    },
  };
}
