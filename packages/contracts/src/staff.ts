// Contracts of the staff directory and its door (decision 068): the set-up from a one-time link, the login with a
// password and a second factor, and the staff member's own session.
import { z } from 'zod';
import { EmailSchema, signedLinkSchema } from './identity.ts';
import { textField } from './text.ts';

/** A staff member's roles, per program: agent (answers patients), nurse, manager (figures only), admin (accounts). */
export const STAFF_ROLES = ['agent', 'nurse', 'manager', 'admin'] as const;
export const StaffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRoleSchema>;

/** A staff password is longer than a patient's (at least 12 characters); the same common-password rule applies. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
/** A set-up link is valid for 24 hours and used once. */
export const STAFF_SETUP_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** The step between the password and the second factor lasts 5 minutes. */
export const STAFF_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** A staff session ends 15 minutes after its last call, and 10 hours after it began, whatever happens. */
export const STAFF_SESSION_IDLE_MS = 15 * 60 * 1000;
export const STAFF_SESSION_MAX_MS = 10 * 60 * 60 * 1000;
/** How many recovery codes a set-up gives. */
export const STAFF_RECOVERY_CODE_COUNT = 10;

export const StaffSetupLinkSchema = signedLinkSchema('staff.errors.setupLinkInvalid');

/** A six-digit code of the authenticator (RFC 6238, 30-second steps). */
export const TotpCodeSchema = textField({ max: 6, required: 'staff.setup.code.invalid' }).regex(/^\d{6}$/, {
  error: 'staff.setup.code.invalid',
});

/** A recovery code as printed (`ABCDE-FGHJK`); typed in any case, with or without the dash and spaces. */
export const RECOVERY_CODE_PATTERN = /^[A-Za-z0-9]{5}[- ]?[A-Za-z0-9]{5}$/;

export const StaffNewPasswordSchema = textField({
  max: 256,
  trim: false,
  required: 'staff.setup.password.minLength',
  tooLong: 'staff.setup.password.minLength',
}).min(STAFF_PASSWORD_MIN_LENGTH, { error: 'staff.setup.password.minLength' });

const StaffNameSchema = textField({ max: 100, required: 'errors.validation' }).min(1, { error: 'errors.validation' });

/** POST /api/v1/staff/setup/open: the link's parameters. */
export const StaffSetupOpenBodySchema = z.strictObject({ ...StaffSetupLinkSchema.shape });
export const StaffSetupOpenResponseSchema = z.object({
  data: z.object({
    email: z.string(),
    /** The authenticator's new secret: base32 text for manual entry, and the `otpauth://` URI a QR code carries. */
    totp: z.object({
      secret: z.string(),
      uri: z.string(),
      digits: z.literal(6),
      periodSeconds: z.literal(30),
    }),
  }),
});

/** POST /api/v1/staff/setup/finish: names, a password, and a current code of the authenticator just added. */
export const StaffSetupFinishBodySchema = z.strictObject({
  ...StaffSetupLinkSchema.shape,
  firstName: StaffNameSchema,
  lastName: StaffNameSchema,
  password: StaffNewPasswordSchema,
  code: TotpCodeSchema,
});
export type StaffSetupFinishBody = z.infer<typeof StaffSetupFinishBodySchema>;
export const StaffSetupFinishResponseSchema = z.object({
  /** Ten single-use recovery codes, shown once: never again readable. */
  data: z.object({ recoveryCodes: z.array(z.string()).length(STAFF_RECOVERY_CODE_COUNT) }),
});

/** POST /api/v1/staff/login. */
export const StaffLoginBodySchema = z.strictObject({
  email: EmailSchema,
  password: textField({ max: 1024, trim: false, required: 'login.password.required' }).min(1, {
    error: 'login.password.required',
  }),
});
export type StaffLoginBody = z.infer<typeof StaffLoginBodySchema>;
export const StaffLoginResponseSchema = z.object({
  /** The challenge to send with the second factor, within `expiresIn` seconds. */
  data: z.object({ challenge: z.string(), expiresIn: z.number().int() }),
});

/** POST /api/v1/staff/login/second-factor: the authenticator's code, or one of the recovery codes. */
export const StaffSecondFactorBodySchema = z.strictObject({
  challenge: textField({ max: 80, required: 'staff.errors.codeRefused' }).regex(/^stc_[A-Za-z0-9_-]{43}$/, {
    error: 'staff.errors.codeRefused',
  }),
  code: textField({ max: 16, required: 'staff.errors.codeRefused' }).refine(
    (value) => /^\d{6}$/.test(value) || RECOVERY_CODE_PATTERN.test(value),
    { error: 'staff.errors.codeRefused' },
  ),
});
export const StaffSessionResponseSchema = z.object({
  data: z.object({
    /** For `Authorization: Bearer` on the staff routes. */
    token: z.string(),
    /** Seconds without a call before the session ends. */
    idleSeconds: z.number().int(),
    /** When the session ends whatever happens. */
    expiresAt: z.iso.datetime({ offset: true }),
    /** Whether a recovery code was spent (the console then says how many are left). */
    usedRecoveryCode: z.boolean(),
    recoveryCodesLeft: z.number().int().min(0),
  }),
});

/** GET /api/v1/staff/me: who I am and what I do in which program. */
export type StaffSecondFactorBody = z.infer<typeof StaffSecondFactorBodySchema>;

export const StaffMeResponseSchema = z.object({
  data: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    programs: z.array(
      z.object({
        slug: z.string(),
        name: z.string(),
        roles: z.array(StaffRoleSchema),
      }),
    ),
  }),
});

export const StaffLogoutResponseSchema = z.object({ data: z.object({ loggedOut: z.literal(true) }) });
