// Contracts of the admin's side of the staff console (issue 35, decision 077): the staff members of the admin's
// programs (add one with a set-up link, change their roles, disable them, reset their second factor), each member's
// access log, and the host program's pharmacies and their keys. Ids travel in paths and bodies, never an e-mail.
import { z } from 'zod';
import { CountryCodeSchema } from './enums.ts';
import { EmailSchema } from './identity.ts';
import { StaffRoleSchema } from './staff.ts';
import { StaffAccessKindSchema, StaffAccessReasonSchema } from './staff-records.ts';
import { textField } from './text.ts';

/** How many of a member's latest access-log entries an admin reads at once. */
export const STAFF_ADMIN_LOG_LIMIT = 100;
/** Openings of records within an hour beyond which the program's admins are mailed (an agent harvesting records). */
export const STAFF_BULK_OPENING_THRESHOLD = 50;
export const STAFF_BULK_OPENING_WINDOW_MS = 60 * 60 * 1000;

/** invited: added, not yet set up (or their second factor was reset); active: can log in; disabled: cannot, until an admin re-enables them. */
export const STAFF_MEMBER_STATUSES = ['invited', 'active', 'disabled'] as const;
export const StaffMemberStatusSchema = z.enum(STAFF_MEMBER_STATUSES);
export type StaffMemberStatus = z.infer<typeof StaffMemberStatusSchema>;

const ProgramRefSchema = z.object({ slug: z.string(), name: z.string() });

/** A role in a program, as the admin grants it: the program by its slug. */
export const StaffProgramRoleSchema = z.strictObject({
  program: textField({ max: 40, required: 'staff.admin.roles.required' }),
  role: StaffRoleSchema,
});
export type StaffProgramRole = z.infer<typeof StaffProgramRoleSchema>;

export const StaffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  status: StaffMemberStatusSchema,
  /** The member's last login (a session opened), if any. */
  lastLoginAt: z.string().nullable(),
  /** Their roles in the admin's programs only (what this admin may see and change). */
  roles: z.array(z.object({ program: ProgramRefSchema, role: StaffRoleSchema })),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

/** GET /api/v1/staff/admin/members: the members of the admin's programs, and the programs the admin may grant in. */
export const StaffMembersResponseSchema = z.object({
  data: z.object({ members: z.array(StaffMemberSchema), programs: z.array(ProgramRefSchema) }),
});

export const StaffMemberIdParamsSchema = z.object({ id: z.uuid() });

const RolesSchema = z
  .array(StaffProgramRoleSchema, { error: 'staff.admin.roles.required' })
  .max(40)
  .refine((roles) => new Set(roles.map((held) => `${held.role}:${held.program}`)).size === roles.length, {
    error: 'staff.admin.roles.duplicate',
  });

/** POST /api/v1/staff/admin/members: the new member's e-mail, roles and the language of the set-up mail. */
export const StaffAddMemberBodySchema = z.strictObject({
  email: EmailSchema,
  roles: RolesSchema.refine((roles) => roles.length > 0, { error: 'staff.admin.roles.required' }),
  language: z.enum(['es', 'en']).default('es'),
});
export type StaffAddMemberBody = z.input<typeof StaffAddMemberBodySchema>;

/** A one-time set-up link, shown once to the admin (and mailed to the member). */
const SetupLinkSchema = z.object({ link: z.string(), expiresAt: z.string() });

export const StaffAddMemberResponseSchema = z.object({
  data: z.object({ member: StaffMemberSchema, setup: SetupLinkSchema }),
});

export const StaffMemberResponseSchema = z.object({ data: z.object({ member: StaffMemberSchema }) });

/** PUT /api/v1/staff/admin/members/{id}/roles: the member's roles in the admin's programs (others stay). */
export const StaffSetRolesBodySchema = z.strictObject({ roles: RolesSchema });
export type StaffSetRolesBody = z.infer<typeof StaffSetRolesBodySchema>;

/** The member as it now stands, or null when they no longer hold a role in the admin's programs. */
export const StaffSetRolesResponseSchema = z.object({ data: z.object({ member: StaffMemberSchema.nullable() }) });

/** POST /api/v1/staff/admin/members/{id}/reset-second-factor: the language of the new set-up mail. */
export const StaffResetSecondFactorBodySchema = z.strictObject({ language: z.enum(['es', 'en']).default('es') });

export const StaffResetSecondFactorResponseSchema = z.object({
  data: z.object({ member: StaffMemberSchema, setup: SetupLinkSchema, sessionsEnded: z.number().int() }),
});
export const StaffDisableResponseSchema = StaffMemberResponseSchema;
export const StaffEnableResponseSchema = StaffMemberResponseSchema;

/** One entry of a member's access log as an admin reads it: the patient named, the identification masked. */
export const StaffAdminLogEntrySchema = z.object({
  at: z.string(),
  what: StaffAccessKindSchema,
  program: ProgramRefSchema,
  patient: z
    .object({
      id: z.number().int(),
      name: z.string(),
      identification: z.object({ type: z.string(), masked: z.string() }),
    })
    .nullable(),
  reason: StaffAccessReasonSchema.nullable(),
  reasonText: z.string().nullable(),
});
export type StaffAdminLogEntry = z.infer<typeof StaffAdminLogEntrySchema>;

export const StaffMemberLogResponseSchema = z.object({
  data: z.object({
    member: StaffMemberSchema,
    entries: z.array(StaffAdminLogEntrySchema).max(STAFF_ADMIN_LOG_LIMIT),
    /** More entries exist than the latest answered. */
    isTruncated: z.boolean(),
  }),
});

// --- pharmacies --------------------------------------------------------------------------------------------------

export const PharmacyKeyViewSchema = z.object({
  id: z.number().int(),
  /** The key's readable start (never the key). */
  prefix: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});

export const PharmacyViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  chain: z.string().nullable(),
  branch: z.string().nullable(),
  country: z.string(),
  keys: z.array(PharmacyKeyViewSchema),
});
export type PharmacyView = z.infer<typeof PharmacyViewSchema>;

/** GET /api/v1/staff/admin/pharmacies: the host program's pharmacies, and the countries a new one may be in. */
export const StaffPharmaciesResponseSchema = z.object({
  data: z.object({ pharmacies: z.array(PharmacyViewSchema), countries: z.array(z.string()) }),
});

const PharmacyNameSchema = textField({ max: 120, required: 'staff.admin.pharmacy.name.required' }).min(1, {
  error: 'staff.admin.pharmacy.name.required',
});
const OptionalNameSchema = textField({ max: 120, tooLong: 'errors.validation' })
  .optional()
  .transform((value) => (value ? value : undefined));

/** POST /api/v1/staff/admin/pharmacies. */
export const StaffAddPharmacyBodySchema = z.strictObject({
  name: PharmacyNameSchema,
  country: CountryCodeSchema,
  chain: OptionalNameSchema,
  branch: OptionalNameSchema,
});
export type StaffAddPharmacyBody = z.input<typeof StaffAddPharmacyBodySchema>;

export const StaffPharmacyResponseSchema = z.object({ data: z.object({ pharmacy: PharmacyViewSchema }) });

export const StaffPharmacyIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const StaffPharmacyKeyParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  keyId: z.coerce.number().int().positive(),
});

/** POST /api/v1/staff/admin/pharmacies/{id}/keys: the whole key, answered once and never again. */
export const StaffIssuedKeyResponseSchema = z.object({
  data: z.object({ pharmacy: PharmacyViewSchema, key: z.string(), prefix: z.string() }),
});
