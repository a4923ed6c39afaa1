// Contracts of the patient's caregiver (decision 018): one per patient, added, changed or removed by the patient.
import { z } from 'zod';
import { CaregiverRelationSchema, IdentificationTypeSchema } from './enums.ts';
import { PhoneSchema } from './identity.ts';
import { CaregiverSchema } from './patient-fields.ts';

/** The caregiver as the patient sees it. */
export const CaregiverViewSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  relation: CaregiverRelationSchema,
  email: z.string().nullable(),
  legalIdentification: z.string(),
  typeIdentification: IdentificationTypeSchema,
  phone: PhoneSchema.nullable(),
});
export type CaregiverView = z.infer<typeof CaregiverViewSchema>;

/** GET /api/v1/caregiver: the caregiver, or null when the patient has none. */
export const CaregiverGetResponseSchema = z.object({ data: CaregiverViewSchema.nullable() });
export const CaregiverResponseSchema = z.object({ data: CaregiverViewSchema });

/** POST /api/v1/caregiver and PUT /api/v1/caregiver/{id}: the sign-up's caregiver fields, nothing else. */
export const CaregiverBodySchema = z.strictObject(CaregiverSchema.shape);
export type CaregiverBody = z.input<typeof CaregiverBodySchema>;

export const CaregiverIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** DELETE /api/v1/caregiver/{id}. */
export const CaregiverRemovedResponseSchema = z.object({ data: z.object({ removed: z.literal(true) }) });
