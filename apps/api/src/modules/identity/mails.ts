// Identity's mails: the password recovery link, and the notice that a password was changed (also sent by the account
// module, when the patient changes it while logged in, and the sign-up's "choose your password" link is a recovery one).
import { z } from 'zod';
import { AnyMailPayloadSchema, defineMailKind, MailLinkSchema } from '../../platform/mail/kinds.ts';

export const PASSWORD_RESET = defineMailKind({
  name: 'password-reset',
  payload: z.object({ link: MailLinkSchema }).catchall(z.string()),
  texts: {
    subject: 'passwordRecovery.mail.subject',
    body: 'passwordRecovery.mail.body',
    button: 'passwordRecovery.mail.button',
  },
});

export const PASSWORD_CHANGED = defineMailKind({
  name: 'password-changed',
  payload: AnyMailPayloadSchema,
  texts: { subject: 'passwordRecovery.mail.noticeSubject', body: 'passwordRecovery.mail.noticeBody' },
});
