// To a new staff member: their one-time set-up link (decision 068), mailed on the host of their first role's program;
// to a patient, what an agent did on their record that they should know of (decision 078).
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
});
