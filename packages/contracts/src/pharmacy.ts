// Contracts of the pharmacy API (decision 059): what a pharmacy's system sends to /api/v1/pharmacy/... with its key in
// `X-Api-Key`, and what it gets back. Amounts are exact decimals as strings (money.ts); the discount is never taken
// from the body; a code is read with `normaliseDiscountCode` by the server before any lookup.
import { z } from 'zod';
import { IdentificationTypeSchema } from './enums.ts';
import { LocalizedTextSchema } from './localized-text.ts';
import { ExchangeProgressSchema } from './exchange-progress.ts';
import { AMOUNT_PATTERN } from './money.ts';
import {
  PURCHASE_QUANTITY_MAX,
  RECEIPT_ID_MAX_LENGTH,
  RECEIPT_ID_PATTERN,
  REVERSAL_REASONS,
} from './pharmacy-values.ts';
import { PurchaseAmountsSchema } from './purchases.ts';
import { IdentificationSchema } from './patient-identification.ts';

const MAX_ID = 2_147_483_647;

/** A discount code as the counter typed or scanned it (grouped, any case, `i`/`l` for 1, `o` for 0). */
export const CounterCodeSchema = z.string().min(1).max(32);
/** The pharmacy's receipt number: with the product, one purchase or one redemption per pharmacy. */
export const ReceiptIdSchema = z.string().max(RECEIPT_ID_MAX_LENGTH).regex(RECEIPT_ID_PATTERN);
/** An amount: up to 9 integer digits and 2 decimals (`1234.50`), in the currency of the pharmacy's country. */
export const AmountSchema = z.string().max(12).regex(AMOUNT_PATTERN);
export const CounterProductIdSchema = z.number().int().positive().max(MAX_ID);

/** The optional `Idempotency-Key` header of the pharmacy's writes (a retry with the same key gets the same answer). */
export const IdempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .max(128)
    .regex(/^[A-Za-z0-9._:-]{8,128}$/)
    .optional(),
});

/**
 * GET /pharmacy/me: the pharmacy a key belongs to, for a counter to show where it is signed in (decision 060): the
 * cheapest call that proves a key, and nothing but what the pharmacy itself is.
 */
export const PharmacyMeResponseSchema = z.object({
  data: z.object({
    name: z.string(),
    chain: z.string().nullable(),
    branch: z.string().nullable(),
    country: z.string(),
    /** The currency of its amounts (its country's). */
    currency: z.string(),
  }),
});
export type PharmacyMe = z.infer<typeof PharmacyMeResponseSchema>['data'];

/** POST /pharmacy/verifications: a code, or the identification of a patient who came without one. */
export const VerifyRequestSchema = z.union([
  z.strictObject({ code: CounterCodeSchema }),
  z.strictObject({ identification: IdentificationSchema }),
]);
export type VerifyRequest = z.infer<typeof VerifyRequestSchema>;

// In its own file: the patient's screens read it without the rest of the pharmacy's contract (decision 059).
export { ExchangeProgressSchema, type ExchangeProgress } from './exchange-progress.ts';

export const VerifiedProductSchema = z.object({
  productId: z.number().int(),
  medicine: z.string(),
  presentation: LocalizedTextSchema,
  /** The discount at this pharmacy (0 when the product has only the 4+1 offer). */
  discountPercent: z.number().int(),
  /** Null when the product has no 4+1 offer in the pharmacy's country. */
  progress: ExchangeProgressSchema.nullable(),
  /** The product's live code (XXXXX-XXXXX-C) to record purchases with; null when the patient has none yet. */
  code: z.string().nullable(),
  validUntil: z.string().nullable(),
});

/** What a verification tells a pharmacy: the patient's first name and masked identification, nothing else personal. */
export const VerifyResponseSchema = z.object({
  data: z.object({
    patient: z.object({
      firstName: z.string(),
      identification: z.object({ type: IdentificationTypeSchema, masked: z.string() }),
    }),
    currency: z.string(),
    products: z.array(VerifiedProductSchema),
  }),
});
export type Verification = z.infer<typeof VerifyResponseSchema>['data'];

/** POST /pharmacy/purchases. `purchasedAt` neither in the future nor more than a year back. */
export const RecordPurchaseRequestSchema = z.strictObject({
  code: CounterCodeSchema,
  productId: CounterProductIdSchema,
  quantity: z.number().int().min(1).max(PURCHASE_QUANTITY_MAX),
  unitPrice: AmountSchema,
  receiptId: ReceiptIdSchema,
  purchasedAt: z.iso.datetime({ offset: true }),
});
export type RecordPurchaseRequest = z.infer<typeof RecordPurchaseRequestSchema>;

export { REVERSAL_REASONS };
export const ReversalReasonSchema = z.enum(REVERSAL_REASONS);
export type ReversalReason = z.infer<typeof ReversalReasonSchema>;

export const PharmacyPurchaseSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  ...PurchaseAmountsSchema.shape,
  receiptId: z.string(),
  purchasedAt: z.string(),
  recordedAt: z.string(),
  reversedAt: z.string().nullable(),
  reversalReason: ReversalReasonSchema.nullable(),
});
export type PharmacyPurchase = z.infer<typeof PharmacyPurchaseSchema>;

export const PurchaseResponseSchema = z.object({
  data: z.object({ purchase: PharmacyPurchaseSchema, progress: ExchangeProgressSchema.nullable() }),
});
export type PurchaseAnswer = z.infer<typeof PurchaseResponseSchema>['data'];

/** POST /pharmacy/redemptions: one free unit of the product. */
export const RedeemRequestSchema = z.strictObject({
  code: CounterCodeSchema,
  productId: CounterProductIdSchema,
  receiptId: ReceiptIdSchema,
});
export type RedeemRequest = z.infer<typeof RedeemRequestSchema>;

export const PharmacyRedemptionSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  receiptId: z.string(),
  redeemedAt: z.string(),
  /** The purchases whose units this free unit used, oldest first. */
  uses: z.array(z.object({ purchaseId: z.number().int(), units: z.number().int() })),
  reversedAt: z.string().nullable(),
  reversalReason: ReversalReasonSchema.nullable(),
});
export type PharmacyRedemption = z.infer<typeof PharmacyRedemptionSchema>;

export const RedemptionResponseSchema = z.object({
  data: z.object({ redemption: PharmacyRedemptionSchema, progress: ExchangeProgressSchema.nullable() }),
});
export type RedemptionAnswer = z.infer<typeof RedemptionResponseSchema>['data'];

/** POST /pharmacy/purchases/{purchaseId}/reversal and /pharmacy/redemptions/{redemptionId}/reversal. */
export const ReversalRequestSchema = z.strictObject({ reason: ReversalReasonSchema });
export const PurchaseIdParamsSchema = z.object({ purchaseId: z.coerce.number().int().positive().max(MAX_ID) });
export const RedemptionIdParamsSchema = z.object({ redemptionId: z.coerce.number().int().positive().max(MAX_ID) });

/** At most this many rows of a counter's day are answered, newest first (a busy counter's day, and more). */
export const COUNTER_DAY_MAX_ENTRIES = 300;

/** One purchase or free unit a counter's key entered today (decision 073): what its list shows and reverses. */
export const CounterDayEntrySchema = z.object({
  kind: z.enum(['purchase', 'redemption']),
  id: z.number().int(),
  productId: z.number().int(),
  medicine: z.string(),
  presentation: LocalizedTextSchema,
  receiptId: z.string(),
  /** Units bought; 1 for a free unit. */
  quantity: z.number().int(),
  /** The purchase's total; null for a free unit. */
  total: z.string().nullable(),
  currency: z.string(),
  recordedAt: z.string(),
  reversedAt: z.string().nullable(),
  reversalReason: ReversalReasonSchema.nullable(),
});
export type CounterDayEntry = z.infer<typeof CounterDayEntrySchema>;

/** GET /pharmacy/today: what the calling key recorded on the pharmacy country's today, newest first. */
export const CounterDayResponseSchema = z.object({
  data: z.object({
    /** The pharmacy country's calendar day (YYYY-MM-DD): the day a reversal is allowed on. */
    day: z.string(),
    entries: z.array(CounterDayEntrySchema),
  }),
});
export type CounterDay = z.infer<typeof CounterDayResponseSchema>['data'];
