// Contracts of the program's figures for its managers (decision 081, issue 36): counts per country and period, read
// from the table the figures job keeps, each count of patients (or of their events) suppressed on the server when
// small (small-cells.ts): a cell is a number or "<5". No personal data: no name, no id of a patient, no date of one.
import { z } from 'zod';
import { OUTREACH_OUTCOMES, OUTREACH_STOP_REASONS } from './outreach.ts';
import { LocalizedTextSchema } from './localized-text.ts';
import { SUPPRESSED } from './small-cells.ts';

/** The persistence horizons, in days after the first supply. */
export const PERSISTENCE_HORIZONS = [30, 90, 180, 365] as const;
/** The months the figures cover by default: the last 12, this one included. */
export const FIGURES_DEFAULT_MONTHS = 12;
/** The longest period asked at once. */
export const FIGURES_MAX_MONTHS = 36;
/** "Active": a purchase or a login within these many days. */
export const ACTIVE_WITHIN_DAYS = 90;
/** The outcomes and the reasons for stopping the figures count: the outreach list's own (decision 080). */
export const OUTREACH_FIGURE_OUTCOMES = OUTREACH_OUTCOMES;
export const OUTREACH_FIGURE_STOP_REASONS = OUTREACH_STOP_REASONS;

const MonthSchema = z
  .string()
  .max(7)
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'a month as YYYY-MM');

export const ProgramFiguresQuerySchema = z.object({
  /** A country of the program (ISO 3166-1 alpha-2); none: every country. */
  country: z
    .string()
    .max(2)
    .regex(/^[A-Z]{2}$/)
    .optional(),
  from: MonthSchema.optional(),
  to: MonthSchema.optional(),
});
export type ProgramFiguresQuery = z.infer<typeof ProgramFiguresQuerySchema>;

/** A count, or "<5" when it is small or would reveal one that is. */
export const FigureCellSchema = z.union([z.number().int().nonnegative(), z.literal(SUPPRESSED)]);

/** A table: a row per bucket (a week, a month, a cohort, a product), a cell per column, the columns' totals. */
export const FigureTableSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.object({ key: z.string(), cells: z.array(FigureCellSchema) })),
  columnTotals: z.array(FigureCellSchema),
});
export type FigureTable = z.infer<typeof FigureTableSchema>;

const ShareSchema = z.number().min(0).max(1).nullable();

export const ProgramFiguresSchema = z.object({
  /** The country asked, or null for every country. */
  country: z.string().nullable(),
  countries: z.array(z.string()),
  from: MonthSchema,
  to: MonthSchema,
  /** When the figures job last computed the program's figures; null before its first round. */
  refreshedAt: z.string().nullable(),
  /** Enrolments per week (the Monday the week starts, UTC). */
  enrolments: FigureTableSchema,
  /** Patients with a purchase or a login in the last 90 days (now, whatever the period). */
  active: FigureCellSchema,
  /** PDC of the last 365 days per product: a row per product, a column per decile (0–10 %, … 90–100 %). */
  pdc: z.object({
    products: z.array(
      z.object({ productId: z.number().int(), medicine: z.string(), presentation: LocalizedTextSchema }),
    ),
    deciles: FigureTableSchema,
    /** Per product, the patients' medicines with a PDC of 80 % or more, and their share. */
    adherent: z.array(z.object({ productId: z.number().int(), count: FigureCellSchema, share: ShareSchema })),
  }),
  /** Per monthly cohort of first supply, per horizon: still persistent, not, and the share (elapsed horizons only). */
  persistence: z.object({
    horizons: z.array(z.number().int()),
    rows: z.array(
      z.object({
        cohort: MonthSchema,
        horizons: z.array(z.object({ persistent: FigureCellSchema, stopped: FigureCellSchema, share: ShareSchema })),
      }),
    ),
  }),
  /** Free units redeemed per month (not reversed). */
  freeUnits: FigureTableSchema,
  /** The patients' savings (the purchases' discounts, not reversed) per month and currency; a free unit's value is left out. */
  savings: z.array(
    z.object({ month: MonthSchema, currency: z.string(), patients: FigureCellSchema, amount: z.string().nullable() }),
  ),
  /** Appointments booked (confirmed), cancelled and missed (as the staff marked them, decision 085) per month. */
  appointments: FigureTableSchema,
  /** Lessons completed per month. */
  lessons: FigureTableSchema,
  /** Outreach calls' outcomes per month, the share reached (will buy or stopped, over all) and why patients stopped. */
  outreach: z.object({
    outcomes: FigureTableSchema,
    reached: ShareSchema,
    stopReasons: FigureTableSchema,
  }),
});
export type ProgramFigures = z.infer<typeof ProgramFiguresSchema>;

export const ProgramFiguresResponseSchema = z.object({ data: ProgramFiguresSchema });
