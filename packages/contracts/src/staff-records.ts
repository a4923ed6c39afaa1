// Contracts of finding a patient, opening their record with a reason, and the access log (decision 074, issue 35):
// the staff API's search (its terms in the body, never in a URL or a log line), the read-only record an agent or a
// nurse opens, and the patient's own view of who at the program has seen their data.
import { z } from 'zod';
import { AccountExportSchema } from './account.ts';
import { ExchangeProgressSchema } from './exchange-progress.ts';
import { LocalizedTextSchema } from './localized-text.ts';
import { SessionViewSchema } from './sessions.ts';
import { StaffNoteSchema } from './staff-actions.ts';
import { IdentificationSchema } from './patient-identification.ts';
import { EmailSchema } from './identity.ts';
import { textField } from './text.ts';
import { StaffRoleSchema } from './staff.ts';

/** At most this many patients answer a search: a search finds someone, it does not list the program. */
export const STAFF_SEARCH_MAX_RESULTS = 20;
/** A name's start needs this many letters: one letter would list half the program. */
export const STAFF_SEARCH_NAME_MIN_LENGTH = 2;
/** The short text of the reason `other`. */
export const STAFF_ACCESS_REASON_TEXT_MAX_LENGTH = 200;

/** Why a staff member opens a patient's record. */
export const STAFF_ACCESS_REASONS = [
  'inbound-call',
  'outbound-adherence-call',
  'patient-email',
  'pharmacy-query',
  'other',
] as const;
export const StaffAccessReasonSchema = z.enum(STAFF_ACCESS_REASONS, { error: 'staff.records.reason.required' });
export type StaffAccessReason = z.infer<typeof StaffAccessReasonSchema>;

/**
 * What an agent or a nurse does on a record their session opened (issue 35): each is written to the access log with
 * the opening's reason, in the same transaction as the action itself, and the patient reads it in the privacy centre.
 */
export const STAFF_RECORD_ACTIONS = [
  'recovery-link-sent',
  'email-changed',
  'welcome-resent',
  'coupon-link-issued',
  'appointment-booked',
  'appointment-moved',
  'appointment-cancelled',
  'appointment-attendance-recorded',
  'sessions-ended',
  'note-added',
  'outreach-outcome-recorded',
] as const;
export const StaffRecordActionSchema = z.enum(STAFF_RECORD_ACTIONS);
export type StaffRecordAction = z.infer<typeof StaffRecordActionSchema>;

/**
 * What the access log records: a record opened, an action on it, a search made (a search names no patient and keeps no
 * terms), or a patient pre-registered (an invitation, no patient yet).
 */
export const STAFF_ACCESS_KINDS = ['record-opened', ...STAFF_RECORD_ACTIONS, 'search', 'preregistered'] as const;
export const StaffAccessKindSchema = z.enum(STAFF_ACCESS_KINDS);
export type StaffAccessKind = z.infer<typeof StaffAccessKindSchema>;

const NameStartSchema = textField({ max: 100, required: 'staff.records.search.name.tooShort' }).min(
  STAFF_SEARCH_NAME_MIN_LENGTH,
  { error: 'staff.records.search.name.tooShort' },
);

/** A phone as typed: at least six digits, whatever spaces, dashes, brackets or `+` around them. */
const PhoneTermSchema = textField({ max: 30, required: 'staff.records.search.phone.invalid' }).refine(
  (value) => /^[\d\s()+.-]+$/.test(value) && value.replace(/\D/g, '').length >= 6,
  { error: 'staff.records.search.phone.invalid' },
);

/**
 * POST /api/v1/staff/patients/search: one kind of term. The identification is read as at sign-up (no spaces, dashes or
 * dots, capitals); the e-mail in lower case; the phone by its digits; a name by the start of the first name and of a
 * surname, whatever the case and the accents.
 */
export const StaffPatientSearchBodySchema = z.discriminatedUnion(
  'by',
  [
    z.strictObject({ by: z.literal('identification'), identification: IdentificationSchema }),
    z.strictObject({ by: z.literal('email'), email: EmailSchema }),
    z.strictObject({ by: z.literal('phone'), phone: PhoneTermSchema }),
    z
      .strictObject({
        by: z.literal('name'),
        firstName: NameStartSchema.optional(),
        surname: NameStartSchema.optional(),
      })
      .refine((name) => name.firstName !== undefined || name.surname !== undefined, {
        error: 'staff.records.search.name.tooShort',
        path: ['firstName'],
      }),
  ],
  { error: 'staff.records.search.by.required' },
);
export type StaffPatientSearchBody = z.infer<typeof StaffPatientSearchBodySchema>;

/** A patient as a search answers them: enough to tell who is on the phone, not the whole identification. */
export const StaffPatientSummarySchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  secondLastName: z.string().nullable(),
  identification: z.object({ type: z.string(), masked: z.string() }),
  country: z.string(),
  program: z.object({ slug: z.string(), name: z.string() }),
  /** The patient's status: ACTIVE, DISOWNED ("this wasn't me"), ERASED (purged). */
  status: z.string(),
});
export type StaffPatientSummary = z.infer<typeof StaffPatientSummarySchema>;

export const StaffPatientSearchResponseSchema = z.object({
  data: z.object({
    patients: z.array(StaffPatientSummarySchema).max(STAFF_SEARCH_MAX_RESULTS),
    /** More patients matched than answered: the term should be narrower. */
    isTruncated: z.boolean(),
  }),
});

/** POST /api/v1/staff/patients/{id}/open: the reason, and a short text when it is `other`. */
export const StaffOpenRecordBodySchema = z
  .strictObject({
    reason: StaffAccessReasonSchema,
    reasonText: textField({ max: STAFF_ACCESS_REASON_TEXT_MAX_LENGTH, tooLong: 'staff.records.reasonText.tooLong' })
      .optional()
      .transform((value) => (value ? value : undefined)),
  })
  .refine((body) => body.reason !== 'other' || body.reasonText !== undefined, {
    error: 'staff.records.reasonText.required',
    path: ['reasonText'],
  });
export type StaffOpenRecordBody = z.infer<typeof StaffOpenRecordBodySchema>;

export const StaffPatientIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/**
 * The record as staff read it: the patient's data as their own export shows it (every module's part), without what is
 * about the account's use (its activity, the access log).
 */
export const StaffPatientRecordSchema = AccountExportSchema.omit({
  exportedAt: true,
  program: true,
  activity: true,
  accessLog: true,
  interactionNotes: true,
});

export const StaffOpenRecordResponseSchema = z.object({
  data: z.object({
    patient: StaffPatientSummarySchema,
    /** The record stays open to this staff session (for its actions) until the session ends. */
    grant: z.object({ openedAt: z.string(), reason: StaffAccessReasonSchema, untilSessionEnds: z.literal(true) }),
    record: StaffPatientRecordSchema,
    /** The patient's live sessions, as "my sessions" shows them (devices and times; ending one is an action). */
    sessions: z.array(SessionViewSchema.omit({ current: true })),
    /** The interaction notes, newest first (decision 078); a nurse's clinical ones only to nurses. */
    notes: z.array(StaffNoteSchema),
    /** The 4+1 offer's progress of each medicine the patient takes that has the offer (decision 059), per plan. */
    fourPlusOne: z.array(
      z.object({
        productId: z.number().int(),
        medicine: z.string(),
        presentation: LocalizedTextSchema,
        progress: ExchangeProgressSchema,
      }),
    ),
  }),
});

/** What the patient is told of: the openings of their record and the actions on it (never a search). */
export const PatientAccessKindSchema = z.enum(['record-opened', ...STAFF_RECORD_ACTIONS]);
export type PatientAccessKind = z.infer<typeof PatientAccessKindSchema>;

/** One access as the patient sees it: when, who (role and first name), what, why (the opening's reason). */
export const PatientAccessLogEntrySchema = z.object({
  at: z.string(),
  what: PatientAccessKindSchema,
  staff: z.object({ firstName: z.string().nullable(), roles: z.array(StaffRoleSchema) }),
  reason: StaffAccessReasonSchema,
  reasonText: z.string().nullable(),
});
export type PatientAccessLogEntry = z.infer<typeof PatientAccessLogEntrySchema>;

/** GET /api/v1/user/access-log: the patient's own entries, newest first. */
export const PatientAccessLogResponseSchema = z.object({
  data: z.object({ entries: z.array(PatientAccessLogEntrySchema) }),
});
export type PatientAccessLogResponse = z.infer<typeof PatientAccessLogResponseSchema>;
