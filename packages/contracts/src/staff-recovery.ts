// Assisted recovery (issue 35, decision 076): the way out of PTP00197. A patient who cannot recover the password alone
// calls; the agent confirms who is calling with what the caller says (the identification number, the birth date, and
// one more: the main phone's last four digits or the caregiver's name), and the server, not the agent, compares each
// answer with the record. Then a recovery link goes to the account's e-mail, or, when the caller has lost that mailbox
// and all three answers matched, the account's e-mail changes to the one the caller dictates (the old address hears of
// it, with a "this wasn't me" link) and the link goes there. The agent never sees, sets or types a password.
import { z } from 'zod';
import { EmailSchema } from './identity.ts';
import { textField } from './text.ts';

/** The third answer that confirms a caller: the main phone's last four digits, or the caregiver's name. */
export const STAFF_IDENTITY_THIRD_ANSWERS = ['phone-last-four', 'caregiver-name'] as const;

export const AnsweredIdentificationSchema = textField({
  max: 40,
  required: 'staff.recovery.identificationNumber.required',
});
export const AnsweredBirthDateSchema = z.iso.date({ error: 'staff.recovery.birthDate.invalid' });
export const AnsweredPhoneLastFourSchema = z
  .string()
  .max(4, { error: 'staff.recovery.phoneLastFour.invalid' })
  .regex(/^\d{4}$/, { error: 'staff.recovery.phoneLastFour.invalid' });
export const AnsweredCaregiverNameSchema = textField({ max: 200, required: 'staff.recovery.caregiverName.required' });

/** What the caller answered, as the agent typed it; each is compared by the server, never shown back. */
export const StaffIdentityAnswersSchema = z.strictObject({
  identificationNumber: AnsweredIdentificationSchema,
  birthDate: AnsweredBirthDateSchema,
  third: z.discriminatedUnion(
    'by',
    [
      z.strictObject({ by: z.literal('phone-last-four'), digits: AnsweredPhoneLastFourSchema }),
      z.strictObject({ by: z.literal('caregiver-name'), name: AnsweredCaregiverNameSchema }),
    ],
    { error: 'staff.recovery.third.required' },
  ),
});
export type StaffIdentityAnswers = z.infer<typeof StaffIdentityAnswersSchema>;

/** Which answers matched the record: the confirmation the access log's audit keeps (field names, never the answers). */
export const StaffIdentityConfirmationSchema = z.object({
  identificationNumber: z.boolean(),
  birthDate: z.boolean(),
  third: z.boolean(),
});
export type StaffIdentityConfirmation = z.infer<typeof StaffIdentityConfirmationSchema>;

/**
 * POST /api/v1/staff/patients/{id}/recovery: the answers, and where the link goes. The account's own e-mail needs the
 * identification and the birth date to match; a new e-mail needs all three.
 */
export const StaffAssistedRecoveryBodySchema = z.discriminatedUnion(
  'sendTo',
  [
    z.strictObject({ sendTo: z.literal('account-email'), answers: StaffIdentityAnswersSchema }),
    z.strictObject({ sendTo: z.literal('new-email'), answers: StaffIdentityAnswersSchema, newEmail: EmailSchema }),
  ],
  { error: 'staff.recovery.sendTo.required' },
);
export type StaffAssistedRecoveryBody = z.infer<typeof StaffAssistedRecoveryBodySchema>;

export const StaffAssistedRecoveryResponseSchema = z.object({
  data: z.object({
    /** The address the link went to, masked as the agent reads it back to the caller (`m•••@example.com`). */
    sentTo: z.string(),
    emailChanged: z.boolean(),
    confirmation: StaffIdentityConfirmationSchema,
  }),
});
export type StaffAssistedRecoveryResponse = z.infer<typeof StaffAssistedRecoveryResponseSchema>;

/** How long the old address's "this wasn't me" link can be used after an agent changed the account's e-mail. */
export const EMAIL_CHANGE_NOT_ME_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** POST /api/v1/email/not-me: the old address's link (public: the link is the proof). */
export const EmailNotMeBodySchema = z.strictObject({
  n: textField({ max: 200 }).min(1),
  s: textField({ max: 200 }).min(1),
});
export const EmailNotMeResponseSchema = z.object({
  data: z.object({ emailRestored: z.literal(true) }),
});

/** An e-mail as read back to a caller: its first letter, the rest of the name hidden, the domain whole. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}
