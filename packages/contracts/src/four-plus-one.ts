// The preventive offer's exchange rule (spec section 9, issue 26, decision 059) as one pure function: each unit bought
// counts for its product for 365 days; every `unitsPerFreeUnit` counted units (4 by default) earn one free unit; a
// redemption uses up the oldest counted units (first in, first out, and it records which purchases it used); units
// older than a year drop out (expired); optional caps limit the free units per calendar month and per calendar year.
// The caps count the offer's free units across all its products unless the rule says `capPer: 'product'` (decision
// 066): the units earned stay each product's own. A reversed purchase gives back what it earned unless its units were
// already used by a redemption.
// zod-free: the API decides with it and the web may show the same progress.

/** The benefit's exchange rule (`exchange` of a preventive4plus1 benefit; the spec's 4+1 when absent). */
export interface ExchangeRule {
  /** Counted units that earn one free unit (the "4" of 4+1). */
  unitsPerFreeUnit: number;
  /** At most this many free units redeemed in one calendar month (the patient's), when set. */
  maxFreeUnitsPerMonth?: number | undefined;
  /** At most this many free units redeemed in one calendar year (the patient's), when set. */
  maxFreeUnitsPerYear?: number | undefined;
  /** Whose free units the caps count: the offer's, across all its products (absent: the offer), or each product's. */
  capPer?: CapPer | undefined;
}

export type CapPer = 'offer' | 'product';

/** A free unit of another product of the same offer: to the caps only its day matters. */
export type OfferRedemption = Pick<RecordedRedemption, 'redeemedOn'>;

export const DEFAULT_EXCHANGE_RULE: ExchangeRule = { unitsPerFreeUnit: 4 };

/** How long a bought unit counts towards a free one. */
export const UNIT_COUNTS_FOR_MS = 365 * 24 * 60 * 60 * 1000;

/** A purchase of the product that counts (not reversed): `units` bought at `purchasedAt`. */
export interface CountedPurchase {
  id: number;
  units: number;
  purchasedAt: Date;
}

/** What one free unit used: so many units of each purchase. */
export interface UnitUse {
  purchaseId: number;
  units: number;
}

/** A free unit redeemed (not reversed): the day it was redeemed in the patient's country and the units it used. */
export interface RecordedRedemption {
  /** YYYY-MM-DD in the patient's country: the caps count calendar months and years there. */
  redeemedOn: string;
  uses: readonly UnitUse[];
}

export interface ExpiringUnits {
  purchaseId: number;
  units: number;
  /** When these units stop counting. */
  expiresAt: Date;
}

export interface ExchangeState {
  /** Units bought within the last year and not used by a redemption: what counts now. */
  countedUnits: number;
  /** Free units that may be redeemed now (the caps applied). */
  freeUnitsAvailable: number;
  /** Counted units beyond the last whole free unit: "3 of 4". */
  unitsTowardNext: number;
  /** Units never used that stopped counting (older than a year). */
  expiredUnits: number;
  /** Counted units per purchase, soonest to expire first. */
  expiring: ExpiringUnits[];
  /** Free units the caps count this month and year: the offer's, across its products, unless capped per product. */
  redeemedThisMonth: number;
  redeemedThisYear: number;
  /** Which cap holds back a free unit the counted units would earn, if any. */
  capReached: 'month' | 'year' | null;
}

/** Oldest first; the id breaks a tie, so the order the purchases arrived in never matters. */
function byAge(left: CountedPurchase, right: CountedPurchase): number {
  return left.purchasedAt.getTime() - right.purchasedAt.getTime() || left.id - right.id;
}

/** Units of each purchase used by the redemptions. */
function usedUnits(redemptions: readonly RecordedRedemption[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const redemption of redemptions)
    for (const use of redemption.uses) used.set(use.purchaseId, (used.get(use.purchaseId) ?? 0) + use.units);
  return used;
}

/** Counted units per purchase, oldest first: bought in the last year (not in the future) and not used. */
function countedLots(purchases: readonly CountedPurchase[], redemptions: readonly RecordedRedemption[], now: Date) {
  const used = usedUnits(redemptions);
  const lots: ExpiringUnits[] = [];
  let expiredUnits = 0;
  for (const purchase of [...purchases].sort(byAge)) {
    const left = purchase.units - (used.get(purchase.id) ?? 0);
    if (left <= 0 || purchase.purchasedAt.getTime() > now.getTime()) continue;
    const expiresAt = new Date(purchase.purchasedAt.getTime() + UNIT_COUNTS_FOR_MS);
    if (expiresAt.getTime() <= now.getTime()) expiredUnits += left;
    else lots.push({ purchaseId: purchase.id, units: left, expiresAt });
  }
  return { lots, expiredUnits };
}

/**
 * The patient's state for one product at `now` (`today`: the date in the patient's country, for the caps).
 * `otherRedemptions`: the free units of the offer's other products, which the caps count too unless the rule caps
 * per product.
 */
export function exchangeStateOf(
  rule: ExchangeRule,
  purchases: readonly CountedPurchase[],
  redemptions: readonly RecordedRedemption[],
  now: Date,
  today: string,
  otherRedemptions: readonly OfferRedemption[] = [],
): ExchangeState {
  const { lots, expiredUnits } = countedLots(purchases, redemptions, now);
  const countedUnits = lots.reduce((sum, lot) => sum + lot.units, 0);
  const earned = Math.floor(countedUnits / rule.unitsPerFreeUnit);
  const capped: readonly OfferRedemption[] =
    rule.capPer === 'product' ? redemptions : [...redemptions, ...otherRedemptions];
  const redeemedThisMonth = capped.filter((r) => r.redeemedOn.slice(0, 7) === today.slice(0, 7)).length;
  const redeemedThisYear = capped.filter((r) => r.redeemedOn.slice(0, 4) === today.slice(0, 4)).length;
  const monthLeft =
    rule.maxFreeUnitsPerMonth === undefined ? Infinity : Math.max(0, rule.maxFreeUnitsPerMonth - redeemedThisMonth);
  const yearLeft =
    rule.maxFreeUnitsPerYear === undefined ? Infinity : Math.max(0, rule.maxFreeUnitsPerYear - redeemedThisYear);
  const freeUnitsAvailable = Math.min(earned, monthLeft, yearLeft);
  const capReached = freeUnitsAvailable >= earned ? null : yearLeft <= monthLeft ? 'year' : 'month';
  return {
    countedUnits,
    freeUnitsAvailable,
    unitsTowardNext: countedUnits % rule.unitsPerFreeUnit,
    expiredUnits,
    expiring: lots.sort((left, right) => left.expiresAt.getTime() - right.expiresAt.getTime()),
    redeemedThisMonth,
    redeemedThisYear,
    capReached,
  };
}

/**
 * The units one free unit redeemed now uses (the oldest counted ones, first in, first out), or the reason it cannot be
 * redeemed: not enough counted units, or a cap reached.
 */
export function planRedemption(
  rule: ExchangeRule,
  purchases: readonly CountedPurchase[],
  redemptions: readonly RecordedRedemption[],
  now: Date,
  today: string,
  otherRedemptions: readonly OfferRedemption[] = [],
): { uses: UnitUse[] } | { refused: 'not-enough-units' | 'month-cap' | 'year-cap' } {
  const state = exchangeStateOf(rule, purchases, redemptions, now, today, otherRedemptions);
  if (state.freeUnitsAvailable < 1) {
    if (state.capReached === 'month') return { refused: 'month-cap' };
    if (state.capReached === 'year') return { refused: 'year-cap' };
    return { refused: 'not-enough-units' };
  }
  const { lots } = countedLots(purchases, redemptions, now);
  const uses: UnitUse[] = [];
  let needed = rule.unitsPerFreeUnit;
  for (const lot of lots) {
    if (needed === 0) break;
    const units = Math.min(needed, lot.units);
    uses.push({ purchaseId: lot.purchaseId, units });
    needed -= units;
  }
  return { uses };
}

/**
 * Whether a purchase may be reversed: a purchase whose units a (not reversed) redemption used gave what it earned
 * already, so its reversal is refused; otherwise reversing it simply drops its units from the count.
 */
export function isPurchaseRedeemed(purchaseId: number, redemptions: readonly RecordedRedemption[]): boolean {
  return redemptions.some((redemption) => redemption.uses.some((use) => use.purchaseId === purchaseId));
}
