// The sign-up's mails: the welcome of an enrolment (with its "this wasn't me" paragraph), and the invitation of a
// patient the program pre-registered.
import { z } from 'zod';
import { defineMailKind, MailLinkSchema } from '../../platform/mail/kinds.ts';

const LinkAndNameSchema = z
  .object({ link: MailLinkSchema, patientName: z.string().min(1).max(300) })
  .catchall(z.string());

export const ENROLMENT = defineMailKind({
  name: 'enrolment',
  payload: LinkAndNameSchema,
  // notMe: added when the payload carries notMeLink (mails queued before it had none).
  texts: { subject: 'signup.mail.subject', body: 'signup.mail.body', notMe: 'signup.notMe.mail' },
});

export const PREREGISTRATION = defineMailKind({
  name: 'preregistration',
  payload: LinkAndNameSchema,
  texts: { subject: 'signup.preregistered.mail.subject', body: 'signup.preregistered.mail.body' },
});
