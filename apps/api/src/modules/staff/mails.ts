// To a new staff member: their one-time set-up link (decision 068), mailed on the host of their first role's program.
import { z } from 'zod';
import { defineMailKind, MailLinkSchema } from '../../platform/mail/kinds.ts';

export const STAFF_SETUP = defineMailKind({
  name: 'staff-setup',
  payload: z.object({ link: MailLinkSchema }).catchall(z.string()),
  texts: { subject: 'staff.mail.setup.subject', body: 'staff.mail.setup.body', button: 'staff.mail.setup.button' },
});
