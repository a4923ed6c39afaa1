// The account's mails: the link that confirms a new e-mail address, and the notice to the old one.
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
