// Contracts of the actions an agent or a nurse takes on a record their session opened (decision 078, issue 35): an
// interaction note, ending the patient's sessions, resending the welcome mail of an unconfirmed enrolment, issuing a
// coupon link; and pre-registering a patient, which is not on a record. Each is written to the access log; ids travel
// in the path, personal data only in bodies.
import { z } from 'zod';
import { LanguageSchema } from './enums.ts';
import { EmailSchema } from './identity.ts';
import { LocalizedTextSchema } from './localized-text.ts';
import { PreregisteredPatientSchema } from './signup.ts';
import { StaffRoleSchema } from './staff.ts';
import { textField } from './text.ts';

/** The longest note's text. */
export const STAFF_NOTE_MAX_LENGTH = 2000;

/** How the interaction happened. */
export const STAFF_NOTE_CHANNELS = ['phone-in', 'phone-out', 'email', 'text-message', 'other'] as const;
export const StaffNoteChannelSchema = z.enum(STAFF_NOTE_CHANNELS, { error: 'staff.notes.channel.required' });
export type StaffNoteChannel = z.infer<typeof StaffNoteChannelSchema>;

/** How it ended. */
export const STAFF_NOTE_OUTCOMES = ['resolved', 'follow-up', 'no-answer', 'left-message', 'other'] as const;
export const StaffNoteOutcomeSchema = z.enum(STAFF_NOTE_OUTCOMES, { error: 'staff.notes.outcome.required' });
export type StaffNoteOutcome = z.infer<typeof StaffNoteOutcomeSchema>;

/** POST /api/v1/staff/patients/{id}/notes: a note of the interaction; `clinical` by nurses only. */
export const StaffNoteBodySchema = z.strictObject({
  channel: StaffNoteChannelSchema,
  outcome: StaffNoteOutcomeSchema,
  text: textField({
    max: STAFF_NOTE_MAX_LENGTH,
    multiline: true,
    required: 'staff.notes.text.required',
    tooLong: 'staff.notes.text.tooLong',
  }).min(1, { error: 'staff.notes.text.required' }),
  clinical: z.boolean().optional().default(false),
});
export type StaffNoteBody = z.input<typeof StaffNoteBodySchema>;

/** A note as staff read it: who (first name and roles), when, how, what. */
export const StaffNoteSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  channel: StaffNoteChannelSchema,
  outcome: StaffNoteOutcomeSchema,
  text: z.string(),
  clinical: z.boolean(),
  author: z.object({ firstName: z.string().nullable(), roles: z.array(StaffRoleSchema) }),
});
export type StaffNote = z.infer<typeof StaffNoteSchema>;

export const StaffNoteResponseSchema = z.object({ data: z.object({ note: StaffNoteSchema }) });

/** POST /api/v1/staff/patients/{id}/sessions/end: the patient's live sessions all end (a lost phone). */
export const StaffEndSessionsResponseSchema = z.object({
  data: z.object({ ended: z.number().int(), mailed: z.boolean() }),
});

/** POST /api/v1/staff/patients/{id}/welcome: the welcome mail again, with a new link to choose the password. */
export const StaffWelcomeResentResponseSchema = z.object({ data: z.object({ sentTo: z.string() }) });

/** POST /api/v1/staff/patients/{id}/coupon-links: a general benefit's link, shown to copy or mailed to the patient. */
export const StaffCouponLinkBodySchema = z.strictObject({
  benefitId: z.number().int().positive({ error: 'staff.coupon.benefit.required' }),
  /**
   * `show`: answered for the agent to copy; `email`: also mailed to the patient's login e-mail; `text`: also sent by the
   * patient's chosen text channel (SMS or WhatsApp, their profile's notices) to their main phone.
   */
  delivery: z.enum(['show', 'email', 'text'], { error: 'staff.coupon.delivery.required' }),
});
export type StaffCouponLinkBody = z.infer<typeof StaffCouponLinkBodySchema>;

export const StaffCouponLinkResponseSchema = z.object({
  data: z.object({
    link: z.string(),
    expiresAt: z.string(),
    /** Where it was sent: the e-mail, or the phone with all but its last four digits hidden; null when only shown. */
    sentTo: z.string().nullable(),
    sentBy: z.enum(['email', 'sms', 'whatsapp']).nullable(),
  }),
});

/**
 * GET /api/v1/staff/patients/{id}/actions: what the record's actions need, read again after each action without a
 * new opening: the notes (a nurse's clinical ones to nurses only), the general benefits a coupon link may name, the
 * account's confirmation and how many sessions are live.
 */
export const StaffRecordActionsResponseSchema = z.object({
  data: z.object({
    notes: z.array(StaffNoteSchema),
    /** The general benefits that apply in the patient's country; `title` is a key of the program's texts. */
    generalBenefits: z.array(z.object({ id: z.number().int(), title: z.string() })),
    accountConfirmed: z.boolean(),
    liveSessions: z.number().int(),
    /** Whether the caller may write clinical notes (a nurse of the program). */
    mayWriteClinical: z.boolean(),
    /** The patient's chosen text channel and the main phone, all but its last four digits hidden; null for e-mail. */
    textChannel: z.object({ channel: z.enum(['sms', 'whatsapp']), phone: z.string() }).nullable(),
  }),
});
export type StaffRecordActions = z.infer<typeof StaffRecordActionsResponseSchema>['data'];

/** The state of an invitation: waiting for the patient, used by their enrolment, or past its date unused. */
export const InvitationStateSchema = z.enum(['pending', 'enrolled', 'expired']);
export type InvitationState = z.infer<typeof InvitationStateSchema>;

export const StaffInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  state: InvitationStateSchema,
});
export type StaffInvitation = z.infer<typeof StaffInvitationSchema>;

/** POST /api/v1/staff/preregistrations: the form of `patients:preregister`, and the invitation's language. */
export const StaffPreregisterBodySchema = z.strictObject({
  patient: PreregisteredPatientSchema,
  language: LanguageSchema,
});
export type StaffPreregisterBody = z.infer<typeof StaffPreregisterBodySchema>;
export type StaffPreregisterInput = z.input<typeof StaffPreregisterBodySchema>;

export const StaffPreregisterResponseSchema = z.object({ data: z.object({ invitation: StaffInvitationSchema }) });

/** POST /api/v1/staff/preregistrations/lookup: the invitations of an e-mail in the host's program (in the body). */
export const StaffInvitationLookupBodySchema = z.strictObject({ email: EmailSchema });
export const StaffInvitationLookupResponseSchema = z.object({
  data: z.object({ invitations: z.array(StaffInvitationSchema) }),
});

/** GET /api/v1/staff/preregistrations/plans: the program's support plans a pre-registration may name. */
export const StaffSupportPlansResponseSchema = z.object({
  data: z.object({
    plans: z.array(z.object({ id: z.number().int(), name: LocalizedTextSchema, country: z.string() })),
  }),
});
