// Contracts of the patient's purchases and redemptions (decision 059): what the patient's screens read, from the
// ledger the pharmacies write. Amounts are exact decimals as strings in the pharmacy country's currency.
import { z } from 'zod';
import { ProductSearchQuerySchema } from './benefits.ts';
import { PackageKindSchema } from './enums.ts';
import { LocalizedTextSchema } from './localized-text.ts';
import { ExchangeProgressSchema } from './exchange-progress.ts';

/** How far back the patient's history goes (spec section 9: the last year). */
export const HISTORY_DAYS = 365;
/** A counted purchase this close to expiring is shown as expiring soon (a month). */
export const EXPIRY_WARNING_DAYS = 30;

export const PharmacyViewSchema = z.object({
  name: z.string(),
  chain: z.string().nullable(),
  branch: z.string().nullable(),
});

/** What a purchase charged, as the pharmacy and the patient both see it: exact decimals as strings (decision 059). */
export const PurchaseAmountsSchema = z.object({
  quantity: z.number().int(),
  unitPrice: z.string(),
  discountPercent: z.number().int(),
  discountAmount: z.string(),
  total: z.string(),
  currency: z.string(),
});
export type PurchaseAmounts = z.infer<typeof PurchaseAmountsSchema>;

export const PatientPurchaseSchema = z.object({
  id: z.number().int(),
  purchasedAt: z.string(),
  pharmacy: PharmacyViewSchema,
  ...PurchaseAmountsSchema.shape,
  /** Units of this purchase that still count towards a free unit (0: used by a free unit, or expired). */
  countedUnits: z.number().int(),
  /** When its units stop counting. */
  expiresAt: z.string(),
});
export type PatientPurchase = z.infer<typeof PatientPurchaseSchema>;

/** What the patient saved in the current calendar year, per currency: discounts and the free units' worth. */
export const SavingsSchema = z.object({ currency: z.string(), amount: z.string() });

export const ProductHeaderSchema = z.object({
  productId: z.number().int(),
  searchQuery: ProductSearchQuerySchema.nullable(),
  medicine: z.string(),
  presentation: LocalizedTextSchema,
  /** What one package is: the word the 4+1 and the refill estimate count in (decision 087). */
  packageKind: PackageKindSchema,
});

/** GET /api/v1/purchases/products/{productId}: the product's purchases of the last year, the 4+1 progress, the savings. */
export const ProductPurchasesResponseSchema = z.object({
  data: z.object({
    product: ProductHeaderSchema,
    purchases: z.array(PatientPurchaseSchema),
    /** Null when the product has no 4+1 offer in the patient's country. */
    progress: ExchangeProgressSchema.nullable(),
    /** The next counted units to expire within EXPIRY_WARNING_DAYS, if any. */
    expiringSoon: z.object({ units: z.number().int(), expiresAt: z.string() }).nullable(),
    savingsThisYear: z.array(SavingsSchema),
  }),
});
export type ProductPurchases = z.infer<typeof ProductPurchasesResponseSchema>['data'];

export const PatientRedemptionSchema = z.object({
  id: z.number().int(),
  redeemedAt: z.string(),
  pharmacy: PharmacyViewSchema,
});

/** GET /api/v1/redemptions: the free units redeemed in the last year, per product (the patient's products first). */
export const RedemptionsResponseSchema = z.object({
  data: z.array(ProductHeaderSchema.extend({ redemptions: z.array(PatientRedemptionSchema) })),
});
export type ProductRedemptions = z.infer<typeof RedemptionsResponseSchema>['data'];

/** One medicine's refill estimate (decision 061): until when what the patient bought should last at their dose. */
export const RefillEstimateSchema = ProductHeaderSchema.extend({
  /** The last day with a whole day's dose (YYYY-MM-DD). */
  lastsUntil: z.iso.date(),
  /** When the reminder e-mail is due (REFILL_REMINDER_DAYS_BEFORE days before), YYYY-MM-DD. */
  remindOn: z.iso.date(),
  /** The calendar file's UID and SEQUENCE: the same as the reminder e-mail's, so a calendar keeps one event. */
  calendarUid: z.string().max(200),
  sequence: z.number().int().min(0),
});
export type RefillEstimateView = z.infer<typeof RefillEstimateSchema>;

/**
 * GET /api/v1/purchases/refills: per medicine of the live treatments with an estimate, until when it should last;
 * `today` is the patient's day in their country (what "already ran out" is measured against).
 */
export const RefillsResponseSchema = z.object({
  data: z.object({
    today: z.iso.date(),
    refills: z.array(RefillEstimateSchema),
  }),
});
export type Refills = z.infer<typeof RefillsResponseSchema>['data'];

export const PurchaseProductParamsSchema = z.object({
  productId: z.coerce.number().int().positive().max(2_147_483_647),
});
