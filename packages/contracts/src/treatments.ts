// Contracts of the patient's treatments (decision 018): the list, add, modify (doctor's authorisation confirmed first)
// and delete (with a reason). The treatment fields and their rules are the sign-up's (`treatmentSchemaFor`), so
// a treatment added later is checked exactly like one added at enrolment.
import { z } from 'zod';
import { ProductUnitSchema, TimeIntervalSchema } from './enums.ts';
import { textField } from './text.ts';
import { LocalizedTextSchema } from './localized-text.ts';
import { ageOn, HealthCenterTypeSchema, parseUnitAmount } from './treatment-values.ts';

/** Why a patient stops a treatment (the delete dialog's list). */
export const TREATMENT_DELETE_REASONS = [
  'DOCTOR_STOPPED',
  'FINISHED',
  'SIDE_EFFECTS',
  'CHANGED_MEDICINE',
  'COST',
  'OTHER',
] as const;
export const TreatmentDeleteReasonSchema = z.enum(TREATMENT_DELETE_REASONS, {
  error: 'treatments.deleteReason.required',
});
export type TreatmentDeleteReason = z.infer<typeof TreatmentDeleteReasonSchema>;

/** How many live treatments one patient may hold (the products of a program are few). */
export const MAX_LIVE_TREATMENTS = 12;

const amountInterval = z.object({ amount: z.number().int(), interval: TimeIntervalSchema });

/** One treatment as the patient sees it. */
export const TreatmentViewSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  medicine: z.string(),
  presentation: LocalizedTextSchema,
  unit: ProductUnitSchema,
  unitAmount: z.string(),
  frequency: amountInterval,
  duration: amountInterval,
  restTime: amountInterval.nullable(),
  /** YYYY-MM-DD, or null when the treatment has not started. */
  startDate: z.string().nullable(),
  doctor: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
  healthCenter: z.object({ name: z.string(), type: HealthCenterTypeSchema.nullable() }).nullable(),
  customTherapyCode: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
  deletedReason: TreatmentDeleteReasonSchema.nullable(),
  deletedNote: z.string().nullable(),
});
export type TreatmentView = z.infer<typeof TreatmentViewSchema>;

/** GET /api/v1/treatments: live treatments (newest first) and the deleted ones (history, newest first). */
export const TreatmentsResponseSchema = z.object({
  data: z.object({ live: z.array(TreatmentViewSchema), deleted: z.array(TreatmentViewSchema) }),
});
export type TreatmentsList = z.infer<typeof TreatmentsResponseSchema>['data'];
export const TreatmentResponseSchema = z.object({ data: TreatmentViewSchema });

/** Path of every call on one treatment: the id is looked up inside the caller's own treatments. */
export const TreatmentIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/**
 * POST /api/v1/treatments: the sign-up's treatment input; the server applies the patient's plan
 * (`treatmentSchemaFor`), so the route only checks that it is an object.
 */
export const CreateTreatmentRequestSchema = z
  .looseObject({
    productId: z.number({ error: 'signup.treatment.medicine.required' }).int().positive().max(2_147_483_647),
  })
  .meta({ description: 'TreatmentInputSchema, validated with the patient plan’s field settings (treatmentSchemaFor)' });

/** PUT /api/v1/treatments/{id}: the doctor's authorisation, confirmed before the form opens, and the new values. */
export const UpdateTreatmentRequestSchema = z.strictObject({
  doctorAuthorized: z.literal(true, { error: 'treatments.medicalAuthorization.required' }),
  treatment: z
    .looseObject({})
    .meta({ description: 'TreatmentInputSchema without productId (the medicine does not change)' }),
});

/** DELETE /api/v1/treatments/{id}: the reason, and the patient's words when it is OTHER. */
export const DeleteTreatmentBodySchema = z
  .strictObject({
    reason: TreatmentDeleteReasonSchema,
    note: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      textField({ max: 300, tooLong: 'treatments.delete.note.tooLong' }).optional(),
    ),
  })
  .superRefine((body, ctx) => {
    if (body.reason === 'OTHER' && !body.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'treatments.delete.note.required' });
  });
export type DeleteTreatmentBody = z.input<typeof DeleteTreatmentBodySchema>;
export type DeleteTreatment = z.output<typeof DeleteTreatmentBodySchema>;

// ---------------------------------------------------------------------------------------------------
// Product rules shared by enrolment and the treatments screens

/** Whether a product is sold in the plan's country and fits the age of `birthDate` (when given) on `today`. */
export function productServes(
  item: { countries: readonly string[]; minAgeYears: number; maxAgeYears: number },
  country: string,
  birthDate: string | undefined,
  today: string,
): boolean {
  if (!item.countries.includes(country)) return false;
  if (!birthDate) return true;
  const age = ageOn(birthDate, today);
  return age >= item.minAgeYears && age <= item.maxAgeYears;
}

/** Spec section 5: a dose is approved when 0 < amount <= the product's largest approved unit amount. */
export function isDoseApproved(maxUnitAmount: number | string, unitAmount: string): boolean {
  const amount = parseUnitAmount(unitAmount);
  return amount > 0 && amount <= Number(maxUnitAmount);
}
