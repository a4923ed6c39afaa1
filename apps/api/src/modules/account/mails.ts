// The account's mails: the link that confirms a new e-mail address, and the notice to the old one; the old address's
// notice when an agent changed the e-mail for the patient, with its "this wasn't me" link (decision 076).
import { z } from 'zod';
import { AnyMailPayloadSchema, defineMailKind, MailLinkSchema } from '../../platform/mail/kinds.ts';

export const EMAIL_CHANGE_CONFIRM = defineMailKind({
  name: 'email-change-confirm',
  payload: z.object({ link: MailLinkSchema }).catchall(z.string()),
  texts: { subject: 'account.email.mail.subject', body: 'account.email.mail.body' },
});

export const EMAIL_CHANGE_NOTICE = defineMailKind({
  name: 'email-change-notice',
  payload: AnyMailPayloadSchema,
  texts: { subject: 'account.email.mail.noticeSubject', body: 'account.email.mail.noticeBody' },
});

export const EMAIL_CHANGED_BY_STAFF_NOTICE = defineMailKind({
  name: 'email-changed-by-staff',
  payload: z.object({ link: MailLinkSchema }).catchall(z.string()),
  texts: {
    subject: 'account.email.mail.byStaffSubject',
    body: 'account.email.mail.byStaffBody',
    button: 'account.email.mail.byStaffButton',
  },
});
