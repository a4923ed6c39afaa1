// Contracts of the way in (decision 088): the login's answer carries, beside the tokens, the answers of the calls the
// home's first screen makes (the profile, the treatments, the accepted terms), so that the home paints its first card
// without another round trip after the login. Each is the very answer of its own call, validated by that call's schema.
import { z } from 'zod';
import { ConsentsResponseSchema } from './account.ts';
import { TokensSchema, UserResponseSchema } from './identity.ts';
import { TreatmentsResponseSchema } from './treatments.ts';

/**
 * The home's first answers: `GET /api/v1/user?expand=USER,PERIOD,CAREGIVER`, `GET /api/v1/treatments` and
 * `GET /api/v1/consents`, each as its own `data`. One that could not be read is left out: the home calls it itself.
 */
export const FirstHomeAnswersSchema = z.object({
  user: UserResponseSchema.shape.data.optional(),
  treatments: TreatmentsResponseSchema.shape.data.optional(),
  consents: ConsentsResponseSchema.shape.data.optional(),
});
export type FirstHomeAnswers = z.infer<typeof FirstHomeAnswersSchema>;

/** The query of `GET /api/v1/user` that the home reads (the web's userQuery): the same in the login's answer. */
export const FIRST_HOME_USER_EXPAND = 'USER,PERIOD,CAREGIVER';

/** POST /api/v1/login: the tokens (Cognito-style names, spec section 7), and the home's first answers. */
export const LoginWithHomeResponseSchema = z.object({
  data: TokensSchema.extend({ home: FirstHomeAnswersSchema.optional() }),
});
