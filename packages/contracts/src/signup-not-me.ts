// "This wasn't me": the welcome mail's link, with which someone whose address was enrolled by another disowns the
// account (POST /api/v1/patient/signup/not-me). Apart from signup.ts so that its screen does not share a chunk with
// the sign-up's, and the sign-up's contract travels inside the sign-up's own chunk (decision 065).
import { z } from 'zod';
import { signedLinkSchema } from './identity.ts';

/** POST /api/v1/patient/signup/not-me: the welcome mail's link parameters, in the body. */
export const NotMeLinkSchema = signedLinkSchema('signup.notMe.invalid');
export type NotMeLink = z.infer<typeof NotMeLinkSchema>;
export const NotMeResponseSchema = z.object({ data: z.object({ disowned: z.literal(true) }) });
