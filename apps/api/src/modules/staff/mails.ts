// The staff module's mails. To a new staff member: their one-time set-up link (decision 068), mailed on the host of
// their first role's program (or the admin's, decision 077).
import { z } from 'zod';
import { defineMailKind, MailLinkSchema } from '../../platform/mail/kinds.ts';

export const STAFF_SETUP = defineMailKind({
  name: 'staff-setup',
  payload: z.object({ link: MailLinkSchema }).catchall(z.string()),
  texts: { subject: 'staff.mail.setup.subject', body: 'staff.mail.setup.body', button: 'staff.mail.setup.button' },
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
});
