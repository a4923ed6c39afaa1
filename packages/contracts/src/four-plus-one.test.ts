// The 4+1 exchange rule (decision 059): examples of each rule, then its properties over any purchases, redemptions and
// rules (fast-check): never more free units than the purchases allow, never over a cap, a unit never used twice, and
// the same answer whatever order the purchases arrive in.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BenefitFileSchema, ExchangeRuleSchema } from './benefits.ts';
import {
  DEFAULT_EXCHANGE_RULE,
  exchangeStateOf,
  isPurchaseRedeemed,
  planRedemption,
  UNIT_COUNTS_FOR_MS,
  type CountedPurchase,
  type ExchangeRule,
  type RecordedRedemption,
} from './four-plus-one.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const START = new Date('2025-01-01T12:00:00Z').getTime();
const at = (day: number) => new Date(START + day * DAY_MS);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const purchase = (id: number, day: number, units = 1): CountedPurchase => ({ id, units, purchasedAt: at(day) });

/** Redeems one free unit at `day` if the rule allows it, recording it as the API does. */
function redeemAt(
  rule: ExchangeRule,
  purchases: CountedPurchase[],
  redemptions: RecordedRedemption[],
  day: number,
): boolean {
  const plan = planRedemption(rule, purchases, redemptions, at(day), dayOf(at(day)));
  if ('refused' in plan) return false;
  redemptions.push({ redeemedOn: dayOf(at(day)), uses: plan.uses });
  return true;
}

describe('the 4+1 rule, by example', () => {
  it('earns one free unit for every four counted units, and counts the rest towards the next', () => {
    const purchases = [purchase(1, 0, 2), purchase(2, 10), purchase(3, 20, 3)];
    const state = exchangeStateOf(DEFAULT_EXCHANGE_RULE, purchases, [], at(30), dayOf(at(30)));
    expect(state).toMatchObject({ countedUnits: 6, freeUnitsAvailable: 1, unitsTowardNext: 2, capReached: null });
  });

  it('uses the oldest units first and records which purchases each free unit used', () => {
    const purchases = [purchase(3, 20, 3), purchase(1, 0, 2), purchase(2, 10)];
    expect(planRedemption(DEFAULT_EXCHANGE_RULE, purchases, [], at(30), dayOf(at(30)))).toEqual({
      uses: [
        { purchaseId: 1, units: 2 },
        { purchaseId: 2, units: 1 },
        { purchaseId: 3, units: 1 },
      ],
    });
  });

  it('lets units older than a year drop out as expired', () => {
    const purchases = [purchase(1, 0, 3), purchase(2, 200)];
    const before = exchangeStateOf(DEFAULT_EXCHANGE_RULE, purchases, [], at(364), dayOf(at(364)));
    expect(before.freeUnitsAvailable).toBe(1);
    const after = exchangeStateOf(DEFAULT_EXCHANGE_RULE, purchases, [], at(366), dayOf(at(366)));
    expect(after).toMatchObject({ countedUnits: 1, expiredUnits: 3, freeUnitsAvailable: 0 });
    expect(after.expiring).toEqual([
      { purchaseId: 2, units: 1, expiresAt: new Date(at(200).getTime() + UNIT_COUNTS_FOR_MS) },
    ]);
  });

  it('refuses a free unit past the monthly or the yearly cap', () => {
    const rule: ExchangeRule = { unitsPerFreeUnit: 4, maxFreeUnitsPerMonth: 1, maxFreeUnitsPerYear: 2 };
    const purchases = [purchase(1, 10, 16)];
    const redemptions: RecordedRedemption[] = [];
    expect(redeemAt(rule, purchases, redemptions, 11)).toBe(true);
    expect(planRedemption(rule, purchases, redemptions, at(12), dayOf(at(12)))).toEqual({ refused: 'month-cap' });
    expect(redeemAt(rule, purchases, redemptions, 40)).toBe(true);
    expect(planRedemption(rule, purchases, redemptions, at(80), dayOf(at(80)))).toEqual({ refused: 'year-cap' });
    expect(exchangeStateOf(rule, purchases, redemptions, at(80), dayOf(at(80)))).toMatchObject({
      freeUnitsAvailable: 0,
      capReached: 'year',
    });
    // A new calendar year: the yearly count starts again.
    expect(redeemAt(rule, purchases, redemptions, 366)).toBe(true);
  });

  it('counts the caps across the offer’s products, unless the rule says per product', () => {
    const rule: ExchangeRule = { unitsPerFreeUnit: 4, maxFreeUnitsPerMonth: 1, maxFreeUnitsPerYear: 6 };
    const purchases = [purchase(1, 0, 4)];
    const now = at(10);
    // A free unit of the offer's other product, earlier this month.
    const otherProduct = [{ redeemedOn: dayOf(at(5)) }];
    expect(exchangeStateOf(rule, purchases, [], now, dayOf(now), otherProduct)).toMatchObject({
      freeUnitsAvailable: 0,
      redeemedThisMonth: 1,
      redeemedThisYear: 1,
      capReached: 'month',
    });
    expect(planRedemption(rule, purchases, [], now, dayOf(now), otherProduct)).toEqual({ refused: 'month-cap' });
    const perProduct: ExchangeRule = { ...rule, capPer: 'product' };
    expect(exchangeStateOf(perProduct, purchases, [], now, dayOf(now), otherProduct)).toMatchObject({
      freeUnitsAvailable: 1,
      redeemedThisMonth: 0,
      capReached: null,
    });
  });

  it('says a purchase whose units a redemption used cannot be reversed, and another can', () => {
    const purchases = [purchase(1, 0, 4), purchase(2, 5, 4)];
    const redemptions: RecordedRedemption[] = [];
    expect(redeemAt(DEFAULT_EXCHANGE_RULE, purchases, redemptions, 6)).toBe(true);
    expect(isPurchaseRedeemed(1, redemptions)).toBe(true);
    expect(isPurchaseRedeemed(2, redemptions)).toBe(false);
  });

  it('takes the spec’s 4+1 in the catalogue when a benefit names no rule, and refuses a rule elsewhere', () => {
    expect(ExchangeRuleSchema.parse({})).toEqual({ unitsPerFreeUnit: 4, capPer: 'offer' });
    expect(ExchangeRuleSchema.parse({ capPer: 'product' })).toEqual({ unitsPerFreeUnit: 4, capPer: 'product' });
    expect(ExchangeRuleSchema.safeParse({ capPer: 'patient' }).success).toBe(false);
    expect(ExchangeRuleSchema.safeParse({ maxFreeUnitsPerMonth: 3, maxFreeUnitsPerYear: 2 }).success).toBe(false);
    const texts = { title: 'a.b', description: 'a.c', conditions: 'a.d' };
    const discount = { id: 1, kind: 'discount', products: [1], countries: ['CR'], texts, discountPercent: 10 };
    expect(BenefitFileSchema.safeParse({ ...discount, exchange: {} }).success).toBe(false);
    const offer = { id: 1, kind: 'preventive4plus1', products: [1], countries: ['CR'], texts };
    expect(BenefitFileSchema.safeParse({ ...offer, exchange: { maxFreeUnitsPerYear: 6 } }).success).toBe(true);
  });
});

const ruleArbitrary = fc.record({
  unitsPerFreeUnit: fc.integer({ min: 2, max: 6 }),
  maxFreeUnitsPerMonth: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
  maxFreeUnitsPerYear: fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }),
});
/** Purchases over two years, with distinct ids; several may share a day. */
const purchasesArbitrary = fc
  .array(fc.record({ day: fc.integer({ min: 0, max: 730 }), units: fc.integer({ min: 1, max: 5 }) }), {
    maxLength: 30,
  })
  .map((rows) => rows.map((row, index) => purchase(index + 1, row.day, row.units)));
const attemptDaysArbitrary = fc.array(fc.integer({ min: 0, max: 800 }), { maxLength: 40 });

/** Every redemption attempt in time order, each seeing only what was bought by then. */
function simulate(rule: ExchangeRule, purchases: CountedPurchase[], attemptDays: number[]): RecordedRedemption[] {
  const redemptions: RecordedRedemption[] = [];
  for (const day of [...attemptDays].sort((a, b) => a - b)) {
    const bought = purchases.filter((p) => p.purchasedAt.getTime() <= at(day).getTime());
    redeemAt(rule, bought, redemptions, day);
  }
  return redemptions;
}

describe('the 4+1 rule, by its properties', () => {
  it('never gives more free units than the purchases allow, and never uses a unit twice', () => {
    fc.assert(
      fc.property(ruleArbitrary, purchasesArbitrary, attemptDaysArbitrary, (rule, purchases, attemptDays) => {
        const redemptions = simulate(rule, purchases, attemptDays);
        const totalUnits = purchases.reduce((sum, p) => sum + p.units, 0);
        const end = at(800);
        const state = exchangeStateOf(rule, purchases, redemptions, end, dayOf(end));
        expect((redemptions.length + state.freeUnitsAvailable) * rule.unitsPerFreeUnit).toBeLessThanOrEqual(totalUnits);
        const used = new Map<number, number>();
        for (const redemption of redemptions) {
          expect(redemption.uses.reduce((sum, use) => sum + use.units, 0)).toBe(rule.unitsPerFreeUnit);
          for (const use of redemption.uses) used.set(use.purchaseId, (used.get(use.purchaseId) ?? 0) + use.units);
        }
        for (const p of purchases) expect(used.get(p.id) ?? 0).toBeLessThanOrEqual(p.units);
      }),
    );
  });

  it('uses only units bought within the year before each redemption', () => {
    fc.assert(
      fc.property(ruleArbitrary, purchasesArbitrary, attemptDaysArbitrary, (rule, purchases, attemptDays) => {
        for (const redemption of simulate(rule, purchases, attemptDays)) {
          const redeemedAt = new Date(`${redemption.redeemedOn}T12:00:00Z`).getTime();
          for (const use of redemption.uses) {
            const bought = purchases.find((p) => p.id === use.purchaseId)!.purchasedAt.getTime();
            expect(bought).toBeLessThanOrEqual(redeemedAt);
            expect(redeemedAt - bought).toBeLessThan(UNIT_COUNTS_FOR_MS);
          }
        }
      }),
    );
  });

  it('never redeems over the monthly or the yearly cap', () => {
    fc.assert(
      fc.property(ruleArbitrary, purchasesArbitrary, attemptDaysArbitrary, (rule, purchases, attemptDays) => {
        const redemptions = simulate(rule, purchases, attemptDays);
        const count = (key: (r: RecordedRedemption) => string) => {
          const counts = new Map<string, number>();
          for (const r of redemptions) counts.set(key(r), (counts.get(key(r)) ?? 0) + 1);
          return Math.max(0, ...counts.values());
        };
        if (rule.maxFreeUnitsPerMonth !== undefined)
          expect(count((r) => r.redeemedOn.slice(0, 7))).toBeLessThanOrEqual(rule.maxFreeUnitsPerMonth);
        if (rule.maxFreeUnitsPerYear !== undefined)
          expect(count((r) => r.redeemedOn.slice(0, 4))).toBeLessThanOrEqual(rule.maxFreeUnitsPerYear);
      }),
    );
  });

  it('never redeems over a cap across the offer’s products, and each product within it when capped per product', () => {
    fc.assert(
      fc.property(
        ruleArbitrary,
        fc.constantFrom<'offer' | 'product'>('offer', 'product'),
        purchasesArbitrary,
        // Attempts within a few months, so that both products often redeem in the same month.
        fc.array(fc.record({ day: fc.integer({ min: 300, max: 420 }), product: fc.constantFrom(0, 1) }), {
          maxLength: 40,
        }),
        (caps, capPer, purchases, attempts) => {
          const rule: ExchangeRule = { ...caps, capPer };
          // Two products of one offer: the purchases split between them, each with its own free units.
          const ofProduct = [0, 1].map((product) => purchases.filter((p) => p.id % 2 === product));
          const redeemed: RecordedRedemption[][] = [[], []];
          for (const { day, product } of [...attempts].sort((a, b) => a.day - b.day)) {
            const bought = ofProduct[product]!.filter((p) => p.purchasedAt.getTime() <= at(day).getTime());
            const plan = planRedemption(
              rule,
              bought,
              redeemed[product]!,
              at(day),
              dayOf(at(day)),
              redeemed[1 - product],
            );
            if (!('refused' in plan)) redeemed[product]!.push({ redeemedOn: dayOf(at(day)), uses: plan.uses });
          }
          const most = (rows: RecordedRedemption[], length: number) => {
            const counts = new Map<string, number>();
            for (const r of rows)
              counts.set(r.redeemedOn.slice(0, length), (counts.get(r.redeemedOn.slice(0, length)) ?? 0) + 1);
            return Math.max(0, ...counts.values());
          };
          const groups = capPer === 'offer' ? [[...redeemed[0]!, ...redeemed[1]!]] : redeemed;
          for (const rows of groups) {
            if (rule.maxFreeUnitsPerMonth !== undefined)
              expect(most(rows, 7)).toBeLessThanOrEqual(rule.maxFreeUnitsPerMonth);
            if (rule.maxFreeUnitsPerYear !== undefined)
              expect(most(rows, 4)).toBeLessThanOrEqual(rule.maxFreeUnitsPerYear);
          }
        },
      ),
    );
  });

  it('gives the same answer whatever order the purchases arrive in', () => {
    fc.assert(
      fc.property(
        ruleArbitrary,
        purchasesArbitrary.chain((purchases) =>
          fc.tuple(fc.constant(purchases), fc.shuffledSubarray(purchases, { minLength: purchases.length })),
        ),
        attemptDaysArbitrary,
        fc.integer({ min: 0, max: 800 }),
        (rule, [purchases, shuffled], attemptDays, day) => {
          expect(simulate(rule, shuffled, attemptDays)).toEqual(simulate(rule, purchases, attemptDays));
          const redemptions = simulate(rule, purchases, attemptDays);
          const now = at(day);
          expect(exchangeStateOf(rule, shuffled, redemptions, now, dayOf(now))).toEqual(
            exchangeStateOf(rule, purchases, redemptions, now, dayOf(now)),
          );
          expect(planRedemption(rule, shuffled, redemptions, now, dayOf(now))).toEqual(
            planRedemption(rule, purchases, redemptions, now, dayOf(now)),
          );
        },
      ),
    );
  });
});
