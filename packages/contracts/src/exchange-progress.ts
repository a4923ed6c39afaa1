// The 4+1 progress of a product as the pharmacy API and the patient's screens show it (decision 059). Its own file,
// importing only zod: the home's 4+1 card reads it without the rest of the pharmacy's contract.
import { z } from 'zod';

/** The 4+1 progress of one product (`four-plus-one.ts`), with its exchange rule. */
export const ExchangeProgressSchema = z.object({
  unitsPerFreeUnit: z.number().int(),
  maxFreeUnitsPerMonth: z.number().int().nullable(),
  maxFreeUnitsPerYear: z.number().int().nullable(),
  /** Units bought within the last year and not yet used by a free unit. */
  countedUnits: z.number().int(),
  freeUnitsAvailable: z.number().int(),
  /** "3 of 4": counted units towards the next free unit. */
  unitsTowardNext: z.number().int(),
  expiredUnits: z.number().int(),
  /** Whose free units the caps count (decision 066): the offer's, across all its products, or this product's. */
  capPer: z.enum(['offer', 'product']),
  /** Free units the caps count this month and year: the offer's across its products unless `capPer` is `product`. */
  redeemedThisMonth: z.number().int(),
  redeemedThisYear: z.number().int(),
  capReached: z.enum(['month', 'year']).nullable(),
  /** The counted units that stop counting first, and when. */
  nextExpiry: z.object({ units: z.number().int(), expiresAt: z.string() }).nullable(),
});
export type ExchangeProgress = z.infer<typeof ExchangeProgressSchema>;
