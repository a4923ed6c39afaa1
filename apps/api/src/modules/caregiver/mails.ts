// The caregiver's mails (decision 092): the invitation to set up their own login, mailed to the caregiver; and, to a
// patient who has come of age, the notice that their caregiver's access ended and the account is now theirs alone.
import { z } from 'zod';
import { AnyMailPayloadSchema, defineMailKind, MailLinkSchema } from '../../platform/mail/kinds.ts';

export const CAREGIVER_INVITATION = defineMailKind({
  name: 'caregiver-invitation',
  payload: z.object({ link: MailLinkSchema, patientName: z.string().max(100), caregiverName: z.string().max(100) }),
  texts: {
    subject: 'caregiverAccess.mail.invitation.subject',
    body: 'caregiverAccess.mail.invitation.body',
    button: 'caregiverAccess.mail.invitation.button',
  },
});

export const CAREGIVER_ACCESS_CAME_OF_AGE = defineMailKind({
  name: 'caregiver-access-came-of-age',
  payload: AnyMailPayloadSchema,
  texts: {
    subject: 'caregiverAccess.mail.cameOfAge.subject',
    body: 'caregiverAccess.mail.cameOfAge.body',
  },
});
