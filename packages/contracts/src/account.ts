// Contracts of the patient's account (decisions 019, 020): change password, change e-mail, terms acceptance, the privacy centre.
import { z } from 'zod';
import { EmailSchema, NewPasswordSchema, signedLinkSchema } from './identity.ts';

/** A grace period after "close my account": logging in within it cancels the closure; after it the data is erased. */
export const ACCOUNT_CLOSURE_GRACE_MS = 30 * 24 * 60 * 60 * 1000;
/** How long the link that confirms a new login e-mail can be used. */
export const EMAIL_CHANGE_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** What the patient types to prove it is them (checked with the stored hash, never with the rules of a new password). */
const CurrentPasswordSchema = z
  .string({ error: 'account.password.current.required' })
  .min(1, { error: 'account.password.current.required' })
  .max(1024);

/** POST /api/v1/account/password */
export const ChangePasswordBodySchema = z.strictObject({
  currentPassword: CurrentPasswordSchema,
  newPassword: NewPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;
export const ChangePasswordResponseSchema = z.object({
  data: z.object({ passwordChanged: z.literal(true), otherSessionsRevoked: z.number().int() }),
});

/** POST /api/v1/account/email: asks for a new login e-mail; a link goes to the new address, a notice to the old one. */
export const ChangeEmailBodySchema = z.strictObject({ newEmail: EmailSchema, currentPassword: CurrentPasswordSchema });
export type ChangeEmailBody = z.infer<typeof ChangeEmailBodySchema>;
export const ChangeEmailResponseSchema = z.object({ data: z.object({ linkSent: z.literal(true) }) });

/** POST /api/v1/account/email/confirm: the link's parameters (public: the link is the proof). */
export const EmailChangeLinkSchema = signedLinkSchema('account.email.confirm.invalid');
export const ConfirmEmailChangeResponseSchema = z.object({ data: z.object({ email: z.string() }) });

/** GET /api/v1/consents: the program's latest terms, the version the patient accepted, and every acceptance. */
export const ConsentRecordSchema = z.object({ termsVersion: z.string(), acceptedAt: z.string() });
export const ConsentsViewSchema = z.object({
  latestTermsVersion: z.string(),
  latestTermsAccepted: z.string().nullable(),
  history: z.array(ConsentRecordSchema),
});
export type ConsentsView = z.infer<typeof ConsentsViewSchema>;
export const ConsentsResponseSchema = z.object({ data: ConsentsViewSchema });
/** POST /api/v1/consents: accepts the version the patient read (refused unless it is the program's latest). */
export const AcceptTermsBodySchema = z.strictObject({
  termsVersion: z
    .string()
    .max(20, { error: 'account.terms.outdated' })
    .regex(/^\d+\.\d+$/, { error: 'account.terms.outdated' }),
});
export type AcceptTermsBody = z.infer<typeof AcceptTermsBodySchema>;

/** POST /api/v1/account/close */
export const CloseAccountBodySchema = z.strictObject({ currentPassword: CurrentPasswordSchema });
export const CloseAccountResponseSchema = z.object({ data: z.object({ eraseAfter: z.string() }) });

/** POST /api/v1/account/export: the password again, so that a stolen access token alone exports nothing (decision 044). */
export const ExportDataBodySchema = z.strictObject({ currentPassword: CurrentPasswordSchema });
export type ExportDataBody = z.infer<typeof ExportDataBodySchema>;

const Row = z.record(z.string(), z.unknown());
/** POST /api/v1/account/export: everything the portal holds about the patient (a file, not an envelope). */
export const AccountExportSchema = z.object({
  exportedAt: z.string(),
  program: z.object({ slug: z.string(), name: z.string() }),
  account: Row,
  /** Changes of login e-mail asked for, confirmed or not. */
  emailChanges: z.array(Row),
  patient: Row,
  plans: z.array(Row),
  caregiver: Row.nullable(),
  /** What the program held before the patient enrolled from its invitation (signup?v=ppr), if it did. */
  invitation: Row.nullable(),
  treatments: z.array(Row),
  /** Each treatment's dose history: created, every change of dose or time, deleted (decision 080). */
  treatmentHistory: z.array(Row),
  /** What the program computed of the patient's medicines: PDC of the last year, supply, persistence (decision 079). */
  adherence: z.array(Row),
  /** The program's calls when the patient ran out of medicine or had not started: when, why and what came of them (decision 080). */
  outreachCalls: z.array(Row),
  /** Discount codes made for the patient's plans, live or revoked (decision 045). */
  discountCodes: z.array(Row),
  /** Purchases the program's pharmacies recorded with the patient's codes, reversed ones too (decision 059). */
  purchases: z.array(Row),
  /** Free units of the 4+1 offer redeemed, and which purchases each used (decision 059). */
  redemptions: z.array(Row),
  /** The refill reminders the portal decided on: for which medicine and purchase, for what day, sent or not (decision 061). */
  refillReminders: z.array(Row),
  /** The lessons the patient marked completed (decision 049). */
  learningProgress: z.array(Row),
  /** The patient's appointments, booked, moved and cancelled (decision 058; not the slots only held a few minutes). */
  bookings: z.array(Row),
  consents: z.array(ConsentRecordSchema),
  /** Who at the program opened the patient's record, when and why (decision 074): the staff access log. */
  accessLog: z.array(Row),
  /** The notes the program's agents and nurses wrote of their interactions with the patient, clinical ones too (decision 078). */
  interactionNotes: z.array(Row),
  activity: z.array(z.object({ action: z.string(), at: z.string() })),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;
