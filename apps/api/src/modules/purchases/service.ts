// The patient's purchases and redemptions (decision 059): read from the ledger the pharmacies write, always inside the
// caller's own plans. A product the patient neither takes nor bought is "not found", as another patient's would be.
import { amountOf, centsOf } from '@portal/contracts/money';
import type { CountryCode } from '@portal/contracts/enums';
import { exchangeStateOf, UNIT_COUNTS_FOR_MS } from '@portal/contracts/four-plus-one';
import {
  EXPIRY_WARNING_DAYS,
  HISTORY_DAYS,
  type ProductPurchases,
  type ProductRedemptions,
} from '@portal/contracts/purchases';
import { todayInCountry } from '@portal/contracts/time-zones';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PatientScope } from '../../platform/patient-auth.ts';
import { listCatalogue, prepareLiveProducts } from '../benefits/public.ts';
import { offerFor, progressView, purchaseAmounts, readOfferLedger } from './exchange.ts';
import * as repo from './ledger.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function createPurchasesService({ db, clock }: { db: Db; clock: () => Date }) {
  const liveProducts = prepareLiveProducts(db);

  /** The product, when the caller takes it (a live treatment) or has bought it; NOT_FOUND otherwise. */
  async function productOf(scope: PatientScope, productId: number) {
    const found = await repo.findPatientProduct(db, scope, productId);
    if (!found) throw new AppError('NOT_FOUND');
    return {
      productId: found.id,
      searchQuery: found.searchQuery,
      medicine: found.medicine,
      presentation: found.presentation,
      packageKind: found.packageKind,
    };
  }

  /** What each free unit was worth: the unit price of the newest purchase whose units it used, in its currency. */
  async function worthOfFreeUnits(uses: { purchaseId: number }[][]) {
    const prices = new Map(
      (await repo.findUnitPrices(db, [...new Set(uses.flat().map((use) => use.purchaseId))])).map((row) => [
        row.id,
        row,
      ]),
    );
    return uses.map((used) => {
      const newest = used
        .map((use) => prices.get(use.purchaseId))
        .filter((row) => row !== undefined)
        .sort((left, right) => right.purchasedAt.getTime() - left.purchasedAt.getTime())[0];
      return newest ? { currency: newest.currency, cents: centsOf(newest.unitPrice) } : undefined;
    });
  }

  return {
    async productPurchases(scope: PatientScope, productId: number): Promise<ProductPurchases> {
      const product = await productOf(scope, productId);
      const now = clock();
      const country = scope.country as CountryCode;
      const today = todayInCountry(country, now);
      const since = new Date(now.getTime() - HISTORY_DAYS * DAY_MS);
      const history = await repo.listPurchaseHistory(db, scope.patientId, productId, since);
      const offer = offerFor(await listCatalogue(db, scope.programId), productId, scope.country);
      const rule = offer?.rule ?? null;
      // The offer's caps count its other products' free units too (decision 066).
      const ledger = offer ? await readOfferLedger(db, offer, scope.planPatientId, productId) : undefined;
      const state =
        rule && ledger
          ? exchangeStateOf(rule, ledger.purchases, ledger.redemptions, now, today, ledger.otherRedemptions)
          : undefined;
      const counted = new Map((state?.expiring ?? []).map((lot) => [lot.purchaseId, lot.units]));
      const soon = state?.expiring.find(
        (lot) => lot.expiresAt.getTime() - now.getTime() <= EXPIRY_WARNING_DAYS * DAY_MS,
      );

      // The savings of the calendar year in the patient's country: the discounts, and what the free units were worth.
      const thisYear = (at: Date) => todayInCountry(country, at).slice(0, 4) === today.slice(0, 4);
      const savings = new Map<string, number>();
      const add = (currency: string, cents: number) => savings.set(currency, (savings.get(currency) ?? 0) + cents);
      for (const { row } of history) if (thisYear(row.purchasedAt)) add(row.currency, centsOf(row.discountAmount));
      const redeemed = (await repo.listRedemptionHistory(db, scope.patientId, since)).filter(
        ({ row }) => row.productId === productId && thisYear(row.redeemedAt),
      );
      for (const worth of await worthOfFreeUnits(redeemed.map(({ row }) => row.uses)))
        if (worth) add(worth.currency, worth.cents);

      return {
        product,
        purchases: history.map(({ row, pharmacy }) => ({
          id: row.id,
          purchasedAt: row.purchasedAt.toISOString(),
          pharmacy,
          ...purchaseAmounts(row),
          countedUnits: counted.get(row.id) ?? 0,
          expiresAt: new Date(row.purchasedAt.getTime() + UNIT_COUNTS_FOR_MS).toISOString(),
        })),
        progress: rule && state ? progressView(rule, state) : null,
        expiringSoon: soon ? { units: soon.units, expiresAt: soon.expiresAt.toISOString() } : null,
        savingsThisYear: [...savings.entries()]
          .sort(([left], [right]) => left.localeCompare(right))
          .map(([currency, cents]) => ({ currency, amount: amountOf(cents) })),
      };
    },

    async redemptions(scope: PatientScope): Promise<ProductRedemptions> {
      const since = new Date(clock().getTime() - HISTORY_DAYS * DAY_MS);
      const history = await repo.listRedemptionHistory(db, scope.patientId, since);
      const products = await liveProducts(scope.planPatientId);
      const productIds = [...new Set([...products.map((row) => row.id), ...history.map(({ row }) => row.productId)])];
      const answer: ProductRedemptions = [];
      for (const productId of productIds) {
        const found =
          products.find((row) => row.id === productId) ??
          (await repo.findProgramProduct(db, scope.programId, productId));
        if (!found) continue;
        answer.push({
          productId,
          searchQuery: found.searchQuery,
          medicine: found.medicine,
          presentation: found.presentation,
          packageKind: found.packageKind,
          redemptions: history
            .filter(({ row }) => row.productId === productId)
            .map(({ row, pharmacy }) => ({ id: row.id, redeemedAt: row.redeemedAt.toISOString(), pharmacy })),
        });
      }
      return answer;
    },
  };
}
