// Contracts of the outreach list (decision 080, issue 36): the program's patients who ran out of medicine, who never
// made a first purchase, or who cancelled or missed an appointment without booking another, for agents and nurses to call; the
// claim that keeps two agents from calling one patient; and what the call came to.
import { z } from 'zod';
import { LocalizedTextSchema } from './localized-text.ts';
import { CalendarDateSchema as DateSchema } from './booking-block.ts';

/** How long a claimed entry stays the agent's: the call, and the time to write what it came to. */
export const OUTREACH_CLAIM_MINUTES = 30;
/** At most this many patients answer the list: the ones at most risk first. */
export const OUTREACH_LIST_MAX = 50;
/** How far ahead "no answer, try again on" may set its day. */
export const OUTREACH_RETRY_MAX_DAYS = 60;
/** A cancelled (or missed) appointment is a reason for this many days after it was cancelled (or was to be). */
export const OUTREACH_CANCELLED_APPOINTMENT_DAYS = 60;

/** The program's own settings (`adherence` of its config.json), with these defaults. */
export const DEFAULT_OUTREACH_AFTER_RUN_OUT_DAYS = 7;
export const DEFAULT_NO_FIRST_PURCHASE_DAYS = 30;

export const OUTREACH_REASON_KINDS = [
  'ran-out',
  'no-first-purchase',
  'appointment-cancelled',
  'appointment-missed',
] as const;
export type OutreachReasonKind = (typeof OUTREACH_REASON_KINDS)[number];

/** Why a patient is on the list; `episode` names the occurrence that an outcome ends or puts off. */
export const OutreachReasonSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('ran-out'),
    episode: z.string(),
    /** The day the reason began: here, the day after the supply's last. */
    since: DateSchema,
    productId: z.number().int(),
    medicine: z.string(),
    presentation: LocalizedTextSchema,
    /** The last day the supply covered. */
    coveredUntil: DateSchema,
    gapDays: z.number().int().nonnegative(),
    /** The PDC of the last 365 days, 0 to 1; null when nothing counted in the period. */
    pdc: z.number().min(0).max(1).nullable(),
  }),
  z.object({ kind: z.literal('no-first-purchase'), episode: z.string(), since: DateSchema, enrolledOn: DateSchema }),
  z.object({
    kind: z.literal('appointment-cancelled'),
    episode: z.string(),
    since: DateSchema,
    bookingId: z.number().int(),
    cancelledOn: DateSchema,
    /** The service's title: a key of the program's texts, as the booking screens name it. */
    serviceTitleKey: z.string(),
  }),
  /** An appointment the staff marked as not attended (decision 085), with no booking of the service since. */
  z.object({
    kind: z.literal('appointment-missed'),
    episode: z.string(),
    since: DateSchema,
    bookingId: z.number().int(),
    missedOn: DateSchema,
    serviceTitleKey: z.string(),
  }),
]);
export type OutreachReason = z.infer<typeof OutreachReasonSchema>;

export const OutreachEntrySchema = z.object({
  patientId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  country: z.string(),
  /** The day the oldest reason began (the run-out, the enrolment, the cancellation). */
  since: DateSchema,
  daysAtRisk: z.number().int().nonnegative(),
  /** The lowest PDC among the medicines that ran out; null when none did. */
  pdc: z.number().min(0).max(1).nullable(),
  reasons: z.array(OutreachReasonSchema).min(1),
  /** Who holds the entry now: the caller (`mine`) or another agent (their first name), until when. */
  claim: z.object({ mine: z.boolean(), firstName: z.string().nullable(), until: z.string() }).nullable(),
});
export type OutreachEntry = z.infer<typeof OutreachEntrySchema>;

/** GET /api/v1/staff/outreach: the host program's list, at most risk first. */
export const OutreachListResponseSchema = z.object({
  data: z.object({
    entries: z.array(OutreachEntrySchema).max(OUTREACH_LIST_MAX),
    /** More patients are on the list than answered. */
    isTruncated: z.boolean(),
    /** When the summaries the list is read from were last brought up to date; null before the first refresh. */
    refreshedAt: z.string().nullable(),
  }),
});
export type OutreachListResponse = z.infer<typeof OutreachListResponseSchema>;

export const OutreachPatientParamsSchema = z.object({ patientId: z.coerce.number().int().positive() });

/** POST /api/v1/staff/outreach/{patientId}/claim: the entry is the caller's until `claimedUntil`. */
export const OutreachClaimResponseSchema = z.object({ data: z.object({ claimedUntil: z.string() }) });

export const OUTREACH_OUTCOMES = ['will-buy', 'stopped', 'wrong-number', 'no-answer'] as const;
export const OutreachOutcomeKindSchema = z.enum(OUTREACH_OUTCOMES, { error: 'staff.outreach.outcome.required' });
export type OutreachOutcomeKind = z.infer<typeof OutreachOutcomeKindSchema>;
export const OUTREACH_STOP_REASONS = ['side-effects', 'cost', 'doctor', 'feels-better', 'other'] as const;
export const OutreachStopReasonSchema = z.enum(OUTREACH_STOP_REASONS, { error: 'staff.outreach.stopReason.required' });
export type OutreachStopReason = z.infer<typeof OutreachStopReasonSchema>;

/**
 * POST /api/v1/staff/outreach/{patientId}/outcome: what the call came to. `stopped` needs its reason; `no-answer`
 * needs the day to try again (after today, within OUTREACH_RETRY_MAX_DAYS, which the server checks against the
 * patient's day).
 */
export const OutreachOutcomeBodySchema = z.discriminatedUnion(
  'outcome',
  [
    z.strictObject({ outcome: z.literal('will-buy') }),
    z.strictObject({ outcome: z.literal('stopped'), stopReason: OutreachStopReasonSchema }),
    z.strictObject({ outcome: z.literal('wrong-number') }),
    z.strictObject({
      outcome: z.literal('no-answer'),
      retryOn: z.iso.date({ error: 'staff.outreach.retryOn.invalid' }),
    }),
  ],
  { error: 'staff.outreach.outcome.required' },
);
export type OutreachOutcomeBody = z.infer<typeof OutreachOutcomeBodySchema>;

export const OutreachOutcomeResponseSchema = z.object({
  data: z.object({
    /** Whether the patient comes back on the list (a "no answer", or a "will buy" that no purchase follows). */
    remainsListed: z.boolean(),
    /** The day the patient comes back on the list (the patient's country's), when they do. */
    comesBackOn: DateSchema.nullable(),
  }),
});
