// Contracts of a caregiver's own login (issue 39, decision 092): the access a patient grants the registered caregiver,
// per area of their care; the invitation mailed to the caregiver (one use, 7 days); the set-up of the caregiver's own
// password in the program's pool.
import { z } from 'zod';
import { NewPasswordSchema, signedLinkSchema } from './identity.ts';

/**
 * The areas of a patient's care a caregiver may be granted, each a set of the patient door's routes:
 * - `codes`: see the discount codes and show them at a pharmacy;
 * - `booking`: book, move and cancel appointments;
 * - `purchases`: see purchases and free units;
 * - `treatments`: see and manage treatments;
 * - `lessons`: read the lessons (the progress stays the patient's);
 * - `profile`: see the profile (never change the e-mail, the password, the consents, nor close the account).
 */
export const CARE_AREAS = ['codes', 'booking', 'purchases', 'treatments', 'lessons', 'profile'] as const;
export const CareAreaSchema = z.enum(CARE_AREAS);
export type CareArea = z.infer<typeof CareAreaSchema>;

/** An adult patient's caregiver gets everything but the treatments and the profile unless the patient chooses. */
export const ADULT_DEFAULT_AREAS: readonly CareArea[] = ['codes', 'booking', 'purchases', 'lessons'];
/** A minor's caregiver manages the minor's whole account. */
export const MINOR_DEFAULT_AREAS: readonly CareArea[] = CARE_AREAS;

/** The caregiver's invitation is valid for 7 days and used once. */
export const CAREGIVER_INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Areas as sent: each at most once, in any order; the server keeps them in CARE_AREAS's order. */
export const CareAreasSchema = z
  .array(CareAreaSchema)
  .max(CARE_AREAS.length)
  .refine((areas) => new Set(areas).size === areas.length, { error: 'errors.validation' });

/** Where the access stands: invited (the mail is out, no password yet), active, or none (null in the answer). */
export const CaregiverAccessStatusSchema = z.enum(['invited', 'active']);

/** The access as the patient sees it on the profile's caregiver screen. */
export const CaregiverAccessViewSchema = z.object({
  id: z.number().int(),
  status: CaregiverAccessStatusSchema,
  /** The address the invitation went to, and the caregiver's login once set up. */
  email: z.string(),
  firstName: z.string(),
  areas: z.array(CareAreaSchema),
  invitedAt: z.string(),
  /** When the latest invitation stops working; null once the caregiver has set up their password. */
  invitationExpiresAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
});
export type CaregiverAccessView = z.infer<typeof CaregiverAccessViewSchema>;

/** GET /api/v1/caregiver-access: the access, or null when the caregiver has none. */
export const CaregiverAccessGetResponseSchema = z.object({ data: CaregiverAccessViewSchema.nullable() });
export const CaregiverAccessResponseSchema = z.object({ data: CaregiverAccessViewSchema });

/** The access named in a path (PUT and DELETE /api/v1/caregiver-access/{id}). */
export const CaregiverAccessIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/**
 * POST /api/v1/caregiver/{id}/invitation: invites the registered caregiver (again, if the invitation was not used: the older
 * one stops working). Without areas, the defaults of an adult's or a minor's caregiver.
 */
export const CaregiverAccessInviteBodySchema = z.strictObject({ areas: CareAreasSchema.optional() });
/** PUT /api/v1/caregiver-access/{id}: the areas the caregiver may act in, from the next call on. */
export const CaregiverAccessAreasBodySchema = z.strictObject({ areas: CareAreasSchema });
/** DELETE /api/v1/caregiver-access/{id}: the access ends, and every session of the caregiver with it. */
export const CaregiverAccessEndedResponseSchema = z.object({ data: z.object({ ended: z.literal(true) }) });

/** The invitation link's parameters (n, s), refused with the invitation's own message. */
export const CaregiverInvitationLinkSchema = signedLinkSchema('caregiverAccess.invitation.invalid');

/** POST /api/v1/caregiver-invitation/open: the link; answers who invites and the address the login will be. */
export const CaregiverInvitationOpenBodySchema = z.strictObject({ ...CaregiverInvitationLinkSchema.shape });
export const CaregiverInvitationOpenResponseSchema = z.object({
  data: z.object({
    email: z.string(),
    caregiverFirstName: z.string(),
    patientFirstName: z.string(),
  }),
});

/** POST /api/v1/caregiver-invitation/accept: the link and the caregiver's own password (the patients' rules). */
export const CaregiverInvitationAcceptBodySchema = z.strictObject({
  ...CaregiverInvitationLinkSchema.shape,
  password: NewPasswordSchema,
});
export const CaregiverInvitationAcceptResponseSchema = z.object({
  data: z.object({ email: z.string(), ready: z.literal(true) }),
});
