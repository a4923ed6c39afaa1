// What the program gives for a product in a country, and the 4+1 progress as the API answers it (decision 059): one
// definition for the pharmacy's calls and the patient's.
import {
  DEFAULT_EXCHANGE_RULE,
  exchangeStateOf,
  type ExchangeRule,
  type ExchangeState,
} from '@portal/contracts/four-plus-one';
import type { ExchangeProgress } from '@portal/contracts/pharmacy';
import type { CatalogueBenefit } from '../benefits/public.ts';
import type { PurchaseAmounts } from '@portal/contracts/purchases';
import type { Executor } from '../../platform/db.ts';
import { readLedger, type Ledger, type PurchaseRow } from './ledger.ts';

/** The discount (the largest of the product's, 0 with none) and the 4+1 rule (null without the offer). */
export interface Offer {
  discountPercent: number;
  rule: ExchangeRule | null;
  /** The 4+1 offer's products (empty without it): its caps count their free units together (decision 066). */
  offerProductIds: number[];
}

/** The program's offer for a product in a country; undefined when it gives nothing for it at a pharmacy there. */
export function offerFor(
  catalogue: readonly CatalogueBenefit[],
  productId: number,
  country: string,
): Offer | undefined {
  const here = catalogue.filter((entry) => entry.productIds.includes(productId) && entry.countries.includes(country));
  const discounts = here.filter((entry) => entry.kind === 'discount').map((entry) => entry.discountPercent ?? 0);
  const offer = here.find((entry) => entry.kind === 'preventive4plus1');
  if (discounts.length === 0 && !offer) return undefined;
  return {
    discountPercent: Math.max(0, ...discounts),
    rule: offer ? { ...DEFAULT_EXCHANGE_RULE, ...offer.exchange } : null,
    offerProductIds: offer ? offer.productIds : [],
  };
}

/**
 * What the offer's rule reads for one product of a plan: the product's own purchases and free units, and the days of
 * the free units of the offer's other products when its caps are the offer's (decision 066).
 */
export async function readOfferLedger(
  db: Executor,
  offer: Offer,
  planPatientId: number,
  productId: number,
): Promise<Ledger> {
  if (!offer.rule || offer.rule.capPer === 'product') return readLedger(db, planPatientId, productId);
  const others = offer.offerProductIds.filter((id) => id !== productId);
  const ledger = await readLedger(db, planPatientId, productId, others);
  return { ...ledger, otherRedemptions: ledger.otherRedemptions ?? [] };
}

export function progressView(rule: ExchangeRule, state: ExchangeState): ExchangeProgress {
  const [next] = state.expiring;
  return {
    unitsPerFreeUnit: rule.unitsPerFreeUnit,
    maxFreeUnitsPerMonth: rule.maxFreeUnitsPerMonth ?? null,
    maxFreeUnitsPerYear: rule.maxFreeUnitsPerYear ?? null,
    countedUnits: state.countedUnits,
    freeUnitsAvailable: state.freeUnitsAvailable,
    unitsTowardNext: state.unitsTowardNext,
    expiredUnits: state.expiredUnits,
    capPer: rule.capPer ?? 'offer',
    redeemedThisMonth: state.redeemedThisMonth,
    redeemedThisYear: state.redeemedThisYear,
    capReached: state.capReached,
    nextExpiry: next ? { units: next.units, expiresAt: next.expiresAt.toISOString() } : null,
  };
}

/** The progress of a ledger under a rule at `now` (`today`: the patient's date, for the caps). */
export function progressOf(rule: ExchangeRule, ledger: Ledger, now: Date, today: string): ExchangeProgress {
  return progressView(
    rule,
    exchangeStateOf(rule, ledger.purchases, ledger.redemptions, now, today, ledger.otherRedemptions),
  );
}

/** What a purchase charged, as both the pharmacy's and the patient's answers give it. */
export function purchaseAmounts(row: PurchaseRow): PurchaseAmounts {
  return {
    quantity: row.quantity,
    unitPrice: row.unitPrice,
    discountPercent: row.discountPercent,
    discountAmount: row.discountAmount,
    total: row.total,
    currency: row.currency,
  };
}
