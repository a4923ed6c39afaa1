// Contracts of benefits (decision 045): the catalogue a program declares in its config.json, what a patient sees
// for their products and plan, their discount codes, and the signed coupon link the call center sends.
import { z } from 'zod';
import { BookingBlockSchema } from './booking-block.ts';
import { CountryCodeSchema } from './enums.ts';
import { LocalizedTextSchema } from './localized-text.ts';

const MessageKeySchema = z.string().regex(/^[a-zA-Z0-9]+(\.[a-zA-Z0-9]+)+$/);

/**
 * discount: a percentage off at partner pharmacies; preventive4plus1: buy 4, the fifth is free (spec section 9);
 * service: a bookable service (its `booking` block belongs to booking); general: belongs to no product.
 */
export const BENEFIT_KINDS = ['discount', 'preventive4plus1', 'service', 'general'] as const;
export const BenefitKindSchema = z.enum(BENEFIT_KINDS);
export type BenefitKind = z.infer<typeof BenefitKindSchema>;

/** The texts of a benefit: keys of the program's texts/text-{lang}.json. */
export const BenefitTextsSchema = z.strictObject({
  title: MessageKeySchema,
  description: MessageKeySchema,
  conditions: MessageKeySchema,
  /** Where and how its coupon is used: every general benefit has one, as its code is not a pharmacy's (decision 075). */
  howToUse: MessageKeySchema.optional(),
});

/**
 * The exchange rule of a preventive4plus1 benefit (decision 059; `four-plus-one.ts` applies it): so many counted units
 * earn one free unit (the spec's 4 when absent), and optional caps of free units per calendar month and year, as some
 * programs have. The caps belong to the offer, across all its products (decision 066), unless `capPer` says `product`.
 */
export const ExchangeRuleSchema = z
  .strictObject({
    unitsPerFreeUnit: z.number().int().min(2).max(24).default(4),
    maxFreeUnitsPerMonth: z.number().int().min(1).max(31).optional(),
    maxFreeUnitsPerYear: z.number().int().min(1).max(366).optional(),
    /** Whose free units the caps count: the offer's across all its products (the default), or each product's alone. */
    capPer: z.enum(['offer', 'product']).default('offer'),
  })
  .refine(
    (rule) =>
      rule.maxFreeUnitsPerMonth === undefined ||
      rule.maxFreeUnitsPerYear === undefined ||
      rule.maxFreeUnitsPerMonth <= rule.maxFreeUnitsPerYear,
    { path: ['maxFreeUnitsPerMonth'], message: 'a month allows no more than a year' },
  );
export type ExchangeRuleFile = z.infer<typeof ExchangeRuleSchema>;

/** One benefit of configuration/config.json `benefits` (ids are numeric and unique across programs, as products). */
export const BenefitFileSchema = z
  .strictObject({
    id: z.number().int().positive(),
    kind: BenefitKindSchema,
    /** Product ids of the same program (empty for a general benefit). */
    products: z.array(z.number().int().positive()),
    countries: z.array(CountryCodeSchema).min(1),
    texts: BenefitTextsSchema,
    /** For a discount: the percentage off (1–100). */
    discountPercent: z.number().int().min(1).max(100).optional(),
    /** For a bookable service: its places, hours and rules (booking-block.ts, decision 058). */
    booking: BookingBlockSchema.optional(),
    /** For a preventive4plus1: its exchange rule (4+1 without caps when absent). */
    exchange: ExchangeRuleSchema.optional(),
  })
  .superRefine((benefit, context) => {
    const needsProducts = benefit.kind !== 'general';
    if (needsProducts !== benefit.products.length > 0) {
      context.addIssue({ code: 'custom', path: ['products'], message: 'only a general benefit has no products' });
    }
    if (benefit.kind === 'general' && benefit.texts.howToUse === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['texts', 'howToUse'],
        message: 'a general benefit says where and how its coupon is used',
      });
    }
    if ((benefit.kind === 'discount') !== (benefit.discountPercent !== undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['discountPercent'],
        message: 'a discount, and only a discount, has one',
      });
    }
    if (benefit.exchange !== undefined && benefit.kind !== 'preventive4plus1') {
      context.addIssue({ code: 'custom', path: ['exchange'], message: 'only a preventive4plus1 has an exchange rule' });
    }
    if ((benefit.kind === 'service') !== (benefit.booking !== undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['booking'],
        message: 'a service, and only a service, has a booking block',
      });
    }
  });
export type BenefitFile = z.infer<typeof BenefitFileSchema>;

/** The slug of a product in /benefits/{productSearchQuery} (and redemptions): lower-case words joined by hyphens. */
export const ProductSearchQuerySchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  .max(60);

/** A benefit as the patient sees it: texts as keys (the screen translates them with the program's texts). */
export const BenefitViewSchema = z.object({
  id: z.number().int(),
  kind: BenefitKindSchema,
  texts: BenefitTextsSchema,
  discountPercent: z.number().int().nullable(),
});
export type BenefitView = z.infer<typeof BenefitViewSchema>;

/** A live discount code: canonical form shown formatted (XXXXX-XXXXX-C), valid to the end of the plan period. */
export const DiscountCodeViewSchema = z.object({
  /** XXXXX-XXXXX-C */
  code: z.string(),
  /** YYYY-MM-DD, the last day of the patient plan's period (inclusive). */
  validUntil: z.string(),
  createdAt: z.string(),
});
export type DiscountCodeView = z.infer<typeof DiscountCodeViewSchema>;

/** One of the patient's products (of a live treatment) with its benefits and its code, if one was made. */
export const ProductBenefitsSchema = z.object({
  productId: z.number().int(),
  searchQuery: ProductSearchQuerySchema,
  medicine: z.string(),
  presentation: LocalizedTextSchema,
  benefits: z.array(BenefitViewSchema),
  code: DiscountCodeViewSchema.nullable(),
});
export type ProductBenefits = z.infer<typeof ProductBenefitsSchema>;

/** GET /api/v1/benefits: per product of the patient's live treatments (in the treatments' order) and the plan's general benefits. */
export const BenefitsResponseSchema = z.object({
  data: z.object({
    products: z.array(ProductBenefitsSchema),
    general: z.array(BenefitViewSchema),
  }),
});
export type BenefitsOverview = z.infer<typeof BenefitsResponseSchema>['data'];

/** Path of the code calls: the product is looked up among the caller's live treatments' products. */
export const ProductIdParamsSchema = z.object({
  productId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** What the coupon-code screen shows (and keeps for offline use): the code and what it is for. */
export const DiscountCodeCardSchema = z.object({
  productId: z.number().int(),
  searchQuery: ProductSearchQuerySchema,
  medicine: z.string(),
  presentation: LocalizedTextSchema,
  /** The product's discount benefits' largest percentage, or null when the product has none (4+1 only). */
  discountPercent: z.number().int().nullable(),
  benefits: z.array(BenefitViewSchema),
  patientFirstName: z.string(),
  code: DiscountCodeViewSchema,
});
export type DiscountCodeCard = z.infer<typeof DiscountCodeCardSchema>;

/**
 * GET    /api/v1/benefits/products/{productId}/discount-code          the live code (404 NOT_FOUND when none yet)
 * PUT    /api/v1/benefits/products/{productId}/discount-code          creates it if missing (idempotent: 201 made, 200 existing)
 * POST   /api/v1/benefits/products/{productId}/discount-code/renew    a new code; the old one stops working at once
 */
export const DiscountCodeResponseSchema = z.object({ data: DiscountCodeCardSchema });

/** How long a coupon link the call center sends stays valid. */
export const COUPON_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const NumericIdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/)
  .transform(Number);

/**
 * /{lang}/coupon?pp&sp&gb&iumb&e&s: patient plan, support plan, general benefit, the staff user who issued it,
 * the expiry (seconds since the epoch) and an HMAC over all of them (base64url). Any failure answers one error.
 */
export const CouponLinkSchema = z.strictObject({
  pp: NumericIdSchema,
  sp: NumericIdSchema,
  gb: NumericIdSchema,
  iumb: NumericIdSchema,
  e: NumericIdSchema,
  s: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/),
});
export type CouponLink = z.infer<typeof CouponLinkSchema>;

/**
 * What GET /api/v1/coupon accepts: the link's parameters as text. The server reads them with CouponLinkSchema itself,
 * so that a malformed link gets the same answer as a forged one (COUPON_LINK_INVALID), never a validation error: a
 * parameter longer than any link's (its bound in the OpenAPI document) is read as missing.
 */
const LinkParameterSchema = z.string().max(256).optional().catch(undefined);
export const CouponLinkQuerySchema = z.object({
  pp: LinkParameterSchema,
  sp: LinkParameterSchema,
  gb: LinkParameterSchema,
  iumb: LinkParameterSchema,
  e: LinkParameterSchema,
  s: LinkParameterSchema,
});

/** GET /api/v1/coupon?pp&sp&gb&iumb&e&s (public): the coupon of a general benefit, first name only. */
export const CouponViewSchema = z.object({
  benefit: BenefitViewSchema,
  patientFirstName: z.string(),
  code: DiscountCodeViewSchema,
});
export type CouponView = z.infer<typeof CouponViewSchema>;
export const CouponResponseSchema = z.object({ data: CouponViewSchema });
