// Contracts of identity: login, tokens, logout, the profile, the e-mail check and password recovery.
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants.ts';
import { CountryCodeSchema, GenderSchema, IdentificationTypeSchema, LanguageSchema } from './enums.ts';
import { textField } from './text.ts';

/** One e-mail field for every form: trimmed, lower-cased, valid. Messages are text keys. */
export const EmailSchema = textField({ max: 254, required: 'login.email.required', tooLong: 'login.email.invalid' })
  .min(1, { error: 'login.email.required' })
  .pipe(z.email({ error: 'login.email.invalid' }))
  .transform((value) => value.toLowerCase());

/**
 * A password as typed at login: any non-empty text without control characters (rules apply when it is chosen,
 * not when it is used). Passwords are never trimmed: the spaces a person typed are part of the secret.
 */
export const LoginPasswordSchema = textField({ max: 1024, trim: false, required: 'login.password.required' }).min(1, {
  error: 'login.password.required',
});

/** A new password: at least 8 characters (spec section 5); strength is checked by the screen's meter. */
export const NewPasswordSchema = textField({
  max: 256,
  trim: false,
  required: 'passwordRecovery.newPassword.minLength',
  tooLong: 'passwordRecovery.newPassword.minLength',
}).min(PASSWORD_MIN_LENGTH, { error: 'passwordRecovery.newPassword.minLength' });

export const PasswordAndRepeatSchema = z
  .object({ password: NewPasswordSchema, repeat: textField({ max: 256, trim: false }) })
  .refine((value) => value.password === value.repeat, {
    path: ['repeat'],
    error: 'passwordRecovery.newPassword.mismatch',
  });

export const LoginBodySchema = z.object({ email: EmailSchema, password: LoginPasswordSchema });
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** Cognito-style names (spec section 7); the web client camelCases them. */
export const TokensSchema = z.object({
  AccessToken: z.string(),
  IdToken: z.string(),
  RefreshToken: z.string(),
  ExpiresIn: z.number().int(),
});
export const LoginResponseSchema = z.object({ data: TokensSchema });

export const RefreshBodySchema = z.object({ refreshToken: textField({ max: 400 }).min(20) });
export const LogoutResponseSchema = z.object({ data: z.object({ loggedOut: z.literal(true) }) });

/** Why a login was refused; the screen explains each without revealing whether the account exists. */
export const LoginRefusalReasonSchema = z.enum(['INVALID_CREDENTIALS', 'LOCKED']);

/**
 * Why a recovery link cannot be used (RECOVERY_LINK_EXPIRED's `details.reason`): used already, replaced by a newer
 * link, or expired (also any link that is not one of ours). Only a holder of a link we signed learns its state.
 */
export const RecoveryLinkRefusalReasonSchema = z.enum(['USED', 'SUPERSEDED', 'EXPIRED']);
export type RecoveryLinkRefusalReason = z.infer<typeof RecoveryLinkRefusalReasonSchema>;

export const PhoneSchema = z.object({ country: CountryCodeSchema, phoneNumber: z.string() });

export const CaregiverProfileSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  legalIdentification: z.string(),
  typeIdentification: IdentificationTypeSchema,
  phone: PhoneSchema.nullable(),
});
export type CaregiverProfile = z.infer<typeof CaregiverProfileSchema>;

export const PlanPatientSchema = z.object({
  id: z.number().int(),
  idSupportPlan: z.number().int(),
  startPeriod: z.string(),
  endPeriod: z.string(),
  status: z.string(),
});

/** GET /api/v1/user?expand=USER,PERIOD,CAREGIVER: the profile of spec section 3. */
export const UserProfileSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  displayName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The surnames apart (lastName joins them), for the profile's edit form. */
  firstSurname: z.string(),
  secondSurname: z.string().nullable(),
  email: z.string(),
  emailAlternative: z.string().nullable(),
  birthDate: z.string(),
  country: CountryCodeSchema,
  legalIdentification: z.string(),
  typeIdentification: IdentificationTypeSchema,
  idPlanPatient: z.number().int().nullable(),
  latestTermsAccepted: z.string().nullable(),
  gender: GenderSchema,
  avatar: z.string(),
  status: z.string(),
  language: LanguageSchema,
  startPeriod: z.string().nullable(),
  endPeriod: z.string().nullable(),
  address: z.record(z.string(), z.unknown()).nullable(),
  phone: PhoneSchema.nullable(),
  phoneAlternative: PhoneSchema.nullable(),
  caregiver: CaregiverProfileSchema.optional(),
  planPatient: PlanPatientSchema.nullable(),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;
export const UserQuerySchema = z.object({
  expand: textField({ max: 100 })
    .regex(/^(USER|PERIOD|CAREGIVER)(,(USER|PERIOD|CAREGIVER))*$/)
    .default('USER,PERIOD,CAREGIVER'),
});
export const UserResponseSchema = z.object({ data: UserProfileSchema });

export const EmailCheckQuerySchema = z.object({ email: EmailSchema });
export const EmailCheckResponseSchema = z.object({ data: z.object({ exists: z.boolean() }) });

/** A mailed link's parameters: n = nonce (base64url, 128+ bits), s = its HMAC (base64url); refused with `messageKey`. */
export function signedLinkSchema(messageKey: string) {
  return z.object(
    {
      n: textField({ max: 64, required: messageKey, tooLong: messageKey }).regex(/^[A-Za-z0-9_-]{22,64}$/, {
        error: messageKey,
      }),
      s: textField({ max: 64, required: messageKey, tooLong: messageKey }).regex(/^[A-Za-z0-9_-]{43,64}$/, {
        error: messageKey,
      }),
    },
    { error: messageKey },
  );
}
/** A recovery link's parameters. */
export const RecoveryLinkSchema = signedLinkSchema('passwordRecovery.invalidLink.body');

/** POST /api/v1/password/recover: request a link, check a link, or set a new password from a link. */
export const PasswordRecoverBodySchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('request'), email: EmailSchema, language: LanguageSchema }),
  z.object({ step: z.literal('verify'), ...RecoveryLinkSchema.shape }),
  z.object({ step: z.literal('reset'), ...RecoveryLinkSchema.shape, password: NewPasswordSchema }),
]);
export type PasswordRecoverBody = z.infer<typeof PasswordRecoverBodySchema>;
export const PasswordRecoverResponseSchema = z.object({
  data: z.discriminatedUnion('step', [
    z.object({ step: z.literal('request'), accepted: z.literal(true) }),
    z.object({ step: z.literal('verify'), email: z.string() }),
    z.object({ step: z.literal('reset'), passwordChanged: z.literal(true) }),
  ]),
});
