// The staff module's mails. To a new staff member: their one-time set-up link (decision 068), mailed on the host of
// their first role's program (or the admin's, decision 077); to a patient, what an agent did on their record that they
// should know of (decision 078); to a program's admins, a member opening many records (decision 077).
import { z } from 'zod';
import { AnyMailPayloadSchema, defineMailKind, MailLinkSchema } from '../../platform/mail/kinds.ts';

export const STAFF_SETUP = defineMailKind({
  name: 'staff-setup',
  payload: z.object({ link: MailLinkSchema }).catchall(z.string()),
  texts: { subject: 'staff.mail.setup.subject', body: 'staff.mail.setup.body', button: 'staff.mail.setup.button' },
});

/** To the patient whose sessions an agent ended (decision 078): every device must log in again. */
export const SESSIONS_ENDED_BY_STAFF = defineMailKind({
  name: 'sessions-ended-by-staff',
  payload: AnyMailPayloadSchema,
  texts: { subject: 'staff.mail.sessionsEnded.subject', body: 'staff.mail.sessionsEnded.body' },
});

/** To the patient: the coupon link of a general benefit an agent issued (decision 078). */
export const COUPON_LINK_BY_STAFF = defineMailKind({
  name: 'coupon-link-by-staff',
  payload: z.object({ link: MailLinkSchema }).catchall(z.string()),
  texts: {
    subject: 'staff.mail.couponLink.subject',
    body: 'staff.mail.couponLink.body',
    button: 'staff.mail.couponLink.button',
  },
  // By the patient's text channel when the agent chose it: the program's name, the first name and the link.
  textNotice: {
    key: 'staff.text.couponLink',
    values: (mail) => ({ firstName: mail.payload.firstName ?? '', link: mail.payload.link ?? '' }),
  },
});

/**
 * To a program's admins: a staff member opened more than 50 records within an hour (decision 077), at most once per
 * member and hour. The member's name and e-mail, the count and a link to the console's view of their access log;
 * never a patient.
 */
export const STAFF_BULK_OPENING = defineMailKind({
  name: 'staff-bulk-opening',
  payload: z.object({
    link: MailLinkSchema,
    memberName: z.string().max(210),
    memberEmail: z.string().max(254),
    count: z.string().regex(/^\d+$/),
  }),
  texts: {
    subject: 'staff.mail.bulkOpening.subject',
    body: 'staff.mail.bulkOpening.body',
    button: 'staff.mail.bulkOpening.button',
  },
  // Staff members have no language of their own: each admin reads the alert in Spanish, then in English.
  bothLanguages: true,
});
