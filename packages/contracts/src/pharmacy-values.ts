// The pharmacy API's values that its counter screen needs too (decisions 059, 060), zod-free: pharmacy.ts builds its
// schemas from them, and the counter's forms check the same rules with them.

/** The pharmacy's receipt number: with the product, one purchase or one redemption per pharmacy. */
export const RECEIPT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/;
export const RECEIPT_ID_MAX_LENGTH = 64;
/** Units of one purchase line. */
export const PURCHASE_QUANTITY_MAX = 99;

/** Why the counter reverses what it entered (same day, same pharmacy). */
export const REVERSAL_REASONS = [
  'ENTERED_BY_MISTAKE',
  'WRONG_PRODUCT',
  'WRONG_QUANTITY',
  'WRONG_PRICE',
  'WRONG_PATIENT',
  'SALE_CANCELLED',
] as const;
export type ReversalReason = (typeof REVERSAL_REASONS)[number];
