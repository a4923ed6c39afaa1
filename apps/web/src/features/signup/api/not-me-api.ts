// "This wasn't me": cancels the enrolment a welcome mail's link names.
import { NotMeResponseSchema, type NotMeLink } from '@portal/contracts/signup-not-me';
import { api } from '../../../lib/api.ts';

export const disownEnrolment = (link: NotMeLink) =>
  api.post('/api/v1/patient/signup/not-me', link, { schema: NotMeResponseSchema.shape.data, skipStatusHandlers: true });
