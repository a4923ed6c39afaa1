// Contracts of enrolment: the sign-up payload, composed from the patient's fields (patient-fields.ts,
// patient-identification.ts), the support plan's field settings applied by signupSchemaFor (the one definition the
// web wizard and the server both use), the pre-registration, and the sign-up's own checks with their answers.
// Every validation message is a text key of texts/text-{lang}.json.
import { z } from 'zod';
import {
  GENDERS,
  IDENTIFICATION_TYPES,
  LANGUAGES,
  TIME_INTERVALS,
  type CountryCode,
  type IdentificationType,
} from './enums.ts';
import { EmailSchema, NewPasswordSchema, signedLinkSchema } from './identity.ts';
import type { FieldSettings } from './program-files.ts';
import { textField } from './text.ts';
import { LocalizedTextSchema } from './localized-text.ts';
import { todayInCountry } from './time-zones.ts';
import { birthDateOfIdentification } from './identification-numbers.ts';
import {
  identificationMessageOf,
  IdentificationNumberSchema,
  IdentificationSchema,
  SignupIdentificationTypeSchema,
} from './patient-identification.ts';
import {
  AddressSchema,
  ageOn,
  BirthDateSchema,
  birthDateSchemaFor,
  byMode,
  CaregiverSchema,
  EmailAlternativeSchema,
  FirstNameSchema,
  HealthCenterTypeSchema,
  ignoredField,
  isCalendarDate,
  isValidPhoneNumber,
  LastNameSchema,
  LocationSchema,
  normalizePhoneNumber,
  optionalField,
  SecondSurnameSchema,
  SignupCountrySchema,
  SignupGenderSchema,
  SignupPhoneSchema,
  SupportPlanIdSchema,
  treatmentSchemaFor,
  TreatmentInputSchema,
  WeightSchema,
  type Caregiver,
  type SignupPhone,
} from './patient-fields.ts';

/** How many treatments one enrolment may register (the wizard sends one; the rest come later). */
export const MAX_SIGNUP_TREATMENTS = 4;

/** The birth date differs from the one the identification carries (a CURP's): VALIDATION_FAILED on `birthDate`. */
export const BIRTH_DATE_DISAGREES_KEY = 'signup.birthdate.notAsIdentification';

export const ConsentSchema = z.object(
  {
    accepted: z.literal(true, { error: 'signup.consent.accept.required' }),
    termsVersion: textField({ max: 20, required: 'signup.consent.outdated', tooLong: 'signup.consent.outdated' }).regex(
      /^\d+\.\d+$/,
      { error: 'signup.consent.outdated' },
    ),
  },
  { error: 'signup.consent.accept.required' },
);

// ---------------------------------------------------------------------------------------------------
// The payload

/** An invitation link's parameters, as the recovery link carries them: n = nonce (base64url), s = its HMAC. */
export const PreregistrationLinkSchema = signedLinkSchema('signup.preregistered.invalid');
export type PreregistrationLink = z.infer<typeof PreregistrationLinkSchema>;

/**
 * POST /api/v1/patient/signup, structurally (every field the wizard may send, plan-dependent parts optional).
 * The server and the wizard validate with `signupSchemaFor(...)`, which applies the plan's field settings.
 */
export const SignupBodySchema = z.object({
  /** A uuid made by the wizard once per registration: a retried or doubled submission creates one patient. */
  idempotencyKey: textField({ max: 36, required: 'errors.validation', tooLong: 'errors.validation' }).pipe(
    z.uuid({ error: 'errors.validation' }),
  ),
  supportPlanId: SupportPlanIdSchema,
  language: z.enum(LANGUAGES, { error: 'errors.validation' }),
  country: SignupCountrySchema,
  email: EmailSchema,
  identification: IdentificationSchema,
  personalInfo: z.object(
    {
      firstName: FirstNameSchema,
      lastName: LastNameSchema,
      secondSurname: optionalField(SecondSurnameSchema),
      gender: SignupGenderSchema,
    },
    { error: 'signup.personalInfo.firstName.required' },
  ),
  weight: optionalField(WeightSchema),
  birthDate: BirthDateSchema,
  caregiver: optionalField(CaregiverSchema),
  contact: z
    .object({
      phone: optionalField(SignupPhoneSchema),
      /** A national number sharing the main phone's country code. */
      phoneAlternative: optionalField(textField({ max: 30, tooLong: 'signup.contact.phoneAlternative.invalid' })),
      emailAlternative: optionalField(EmailAlternativeSchema),
    })
    .optional(),
  address: optionalField(AddressSchema),
  /** Absent in skip-password mode (`v=sp`), where the account waits for the password set from the mailed link. */
  password: optionalField(NewPasswordSchema),
  skipPassword: z.boolean().optional(),
  /** Present when completing a pre-registration (`v=ppr`): the invitation link, used up by the enrolment. */
  preregistration: PreregistrationLinkSchema.optional(),
  consent: ConsentSchema,
  treatments: z
    .array(TreatmentInputSchema, { error: 'signup.treatment.medicine.required' })
    .min(1, { error: 'signup.treatment.medicine.required' })
    .max(MAX_SIGNUP_TREATMENTS, { error: 'signup.treatment.alreadyRegistered' }),
});
export type SignupBody = z.input<typeof SignupBodySchema>;

/**
 * What the route accepts before the plan is known: the plan id and the idempotency key, the rest as sent.
 * The server then validates with `signupSchemaFor` (fields a plan hides are dropped, never refused).
 */
export const SignupRequestSchema = z
  .looseObject({ supportPlanId: SupportPlanIdSchema, idempotencyKey: SignupBodySchema.shape.idempotencyKey })
  .meta({ description: 'SignupBodySchema, validated with the support plan’s field settings (signupSchemaFor)' });

// ---------------------------------------------------------------------------------------------------
// Pre-registered patients (signup?v=ppr)

/**
 * What the program already holds of a pre-registered patient (a call center or a doctor entered it): the plan
 * and the e-mail the invitation went to, and any other part of the enrolment. The wizard prefills it and the
 * patient completes and confirms the rest; the sign-up validates everything as usual.
 */
export const PreregisteredPatientSchema = z.object({
  supportPlanId: SupportPlanIdSchema,
  country: SignupCountrySchema,
  email: EmailSchema,
  identification: IdentificationSchema.optional(),
  personalInfo: z
    .object({
      firstName: FirstNameSchema.optional(),
      lastName: LastNameSchema.optional(),
      secondSurname: SecondSurnameSchema.optional(),
      gender: SignupGenderSchema.optional(),
    })
    .optional(),
  birthDate: BirthDateSchema.optional(),
  weight: WeightSchema.optional(),
  contact: z
    .object({
      phone: SignupPhoneSchema.optional(),
      phoneAlternative: textField({ max: 30 }).optional(),
      emailAlternative: EmailAlternativeSchema.optional(),
    })
    .optional(),
  address: z.object({ line: AddressSchema.shape.line, location: LocationSchema }).optional(),
  treatment: TreatmentInputSchema.partial().optional(),
});
export type PreregisteredPatient = z.infer<typeof PreregisteredPatientSchema>;
const amountInterval = z.object({ amount: z.number(), interval: z.enum(TIME_INTERVALS) });
/** The held data as answered (already normalised, so plain: the answer is serialised without transforms). */
export const PreregisteredPatientViewSchema = z.object({
  supportPlanId: z.number().int(),
  country: SignupCountrySchema,
  email: z.string(),
  identification: z.object({ type: SignupIdentificationTypeSchema, number: z.string() }).optional(),
  personalInfo: z
    .object({
      firstName: z.string().optional(),
      lastName: z.string().optional(),
      secondSurname: z.string().optional(),
      gender: SignupGenderSchema.optional(),
    })
    .optional(),
  birthDate: z.string().optional(),
  weight: z.object({ value: z.number(), unit: z.enum(['kg', 'lb']) }).optional(),
  contact: z
    .object({
      phone: z.object({ country: SignupCountrySchema, phoneNumber: z.string() }).optional(),
      phoneAlternative: z.string().optional(),
      emailAlternative: z.string().optional(),
    })
    .optional(),
  address: z.object({ line: z.string(), location: LocationSchema }).optional(),
  treatment: z
    .object({
      productId: z.number().int().optional(),
      unitAmount: z.string().optional(),
      frequency: amountInterval.optional(),
      duration: amountInterval.optional(),
      restTime: amountInterval.optional(),
      startDate: z.string().optional(),
      notStarted: z.boolean().optional(),
      doctor: z.object({ firstName: z.string().optional(), lastName: z.string().optional() }).optional(),
      healthCenter: z.object({ name: z.string().optional(), type: HealthCenterTypeSchema.optional() }).optional(),
      customTherapy: z.object({ hasCode: z.boolean(), code: z.string().optional() }).optional(),
    })
    .optional(),
});
export type PreregisteredPatientView = z.infer<typeof PreregisteredPatientViewSchema>;
/** POST /api/v1/patient/preregistration: the link's n and s in the body (never in a logged URL). */
export const PreregistrationResponseSchema = z.object({ data: PreregisteredPatientViewSchema });

/** What a support plan says about the form (from GET /api/v1/support/plan/{id}/field-settings and the plan). */
export interface SignupPlanContext {
  id: number;
  country: CountryCode;
  identificationTypes: readonly IdentificationType[];
}
export interface SignupProgramContext {
  latestTermsVersion: string;
}
export interface SignupSchemaOptions {
  /** YYYY-MM-DD reference of the date rules (the server passes its clock's day); by default today in the plan's country. */
  today?: string;
}

/**
 * The sign-up schema of one support plan: the structural payload with the plan's steps and field modes
 * (required | optional | hidden; hidden values are dropped, never validated) and the cross-field rules:
 * identification format for the plan's country and types, birth date not in the future and at most 120
 * years ago, a caregiver for minors (fieldSettings.minorAgeYears), the current terms version, one
 * treatment per product, a password unless skip-password mode.
 */
export function signupSchemaFor(
  fieldSettings: FieldSettings,
  plan: SignupPlanContext,
  program: SignupProgramContext,
  options: SignupSchemaOptions = {},
) {
  const today = options.today ?? todayInCountry(plan.country);
  const { steps, fields } = fieldSettings;
  const shape = SignupBodySchema.shape;
  return SignupBodySchema.extend({
    personalInfo: shape.personalInfo.extend({ secondSurname: byMode(fields.secondSurname, SecondSurnameSchema) }),
    weight: steps.weight ? byMode(fields.weight, WeightSchema) : ignoredField(),
    birthDate: birthDateSchemaFor(today),
    caregiver: steps.caregiver ? optionalField(CaregiverSchema) : ignoredField(),
    contact: steps.contact
      ? z.object(
          {
            phone: SignupPhoneSchema,
            phoneAlternative: byMode(
              fields.phoneAlternative,
              textField({
                max: 30,
                required: 'signup.contact.phoneAlternative.required',
                tooLong: 'signup.contact.phoneAlternative.invalid',
              }).min(1, { error: 'signup.contact.phoneAlternative.required' }),
            ),
            emailAlternative: byMode(
              fields.emailAlternative,
              textField({
                max: 254,
                required: 'signup.contact.emailAlternative.required',
                tooLong: 'signup.contact.emailAlternative.invalid',
              })
                .min(1, { error: 'signup.contact.emailAlternative.required', abort: true })
                .pipe(EmailAlternativeSchema),
            ),
          },
          { error: 'signup.contact.phone.required' },
        )
      : ignoredField(),
    address: steps.address ? AddressSchema.required() : ignoredField(),
    password: steps.password ? optionalField(NewPasswordSchema) : ignoredField(),
    treatments: z
      .array(treatmentSchemaFor(fieldSettings), { error: 'signup.treatment.medicine.required' })
      .min(1, { error: 'signup.treatment.medicine.required' })
      .max(MAX_SIGNUP_TREATMENTS, { error: 'signup.treatment.alreadyRegistered' }),
  }).superRefine((body, ctx) => {
    if (body.country !== plan.country)
      ctx.addIssue({ code: 'custom', path: ['country'], message: 'signup.country.required' });
    if (!plan.identificationTypes.includes(body.identification.type)) {
      ctx.addIssue({ code: 'custom', path: ['identification', 'type'], message: 'signup.idNumber.type.notAvailable' });
    } else {
      const { type, number } = body.identification;
      const problem = identificationMessageOf(plan.country, type, number);
      if (problem) ctx.addIssue({ code: 'custom', path: ['identification', 'number'], message: problem });
      // A CURP carries the birth date: a different one is a misread date or a mistyped CURP (decision 053).
      const carried = problem ? undefined : birthDateOfIdentification(plan.country, type, number);
      if (carried && isCalendarDate(body.birthDate) && carried !== body.birthDate)
        ctx.addIssue({ code: 'custom', path: ['birthDate'], message: BIRTH_DATE_DISAGREES_KEY });
    }
    const caregiver = body.caregiver as Caregiver | undefined;
    if (body.birthDate <= today && ageOn(body.birthDate, today) < fieldSettings.minorAgeYears && !caregiver) {
      ctx.addIssue({ code: 'custom', path: ['caregiver'], message: 'signup.caregiver.required' });
    }
    if (caregiver) {
      const { type, number } = caregiver.identification;
      const problem = identificationMessageOf(plan.country, type, number);
      if (!plan.identificationTypes.includes(type) || type === 'TYPE_MINOR') {
        ctx.addIssue({
          code: 'custom',
          path: ['caregiver', 'identification', 'type'],
          message: 'signup.idNumber.type.notAvailable',
        });
      } else if (problem) {
        ctx.addIssue({ code: 'custom', path: ['caregiver', 'identification', 'number'], message: problem });
      } else if (type === body.identification.type && number === body.identification.number) {
        ctx.addIssue({
          code: 'custom',
          path: ['caregiver', 'identification', 'number'],
          message: 'signup.caregiver.samePerson',
        });
      }
    }
    const contact = body.contact as { phone: SignupPhone; phoneAlternative?: string } | undefined;
    if (
      contact?.phoneAlternative &&
      !isValidPhoneNumber(contact.phone.country, normalizePhoneNumber(contact.phone.country, contact.phoneAlternative))
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['contact', 'phoneAlternative'],
        message: 'signup.contact.phoneAlternative.invalid',
      });
    }
    if (body.consent.termsVersion !== program.latestTermsVersion) {
      ctx.addIssue({ code: 'custom', path: ['consent', 'termsVersion'], message: 'signup.consent.outdated' });
    }
    if (steps.password && !body.skipPassword && !body.password) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'signup.password.required' });
    }
    const seen = new Set<number>();
    body.treatments.forEach((treatment, index) => {
      if (seen.has(treatment.productId))
        ctx.addIssue({
          code: 'custom',
          path: ['treatments', index, 'productId'],
          message: 'signup.treatment.alreadyRegistered',
        });
      seen.add(treatment.productId);
    });
  });
}
export type SignupInput = z.output<ReturnType<typeof signupSchemaFor>>;

/** POST /api/v1/patient/signup answer (201). */
export const SignupResponseSchema = z.object({
  data: z.object({
    patientId: z.number().int(),
    userId: z.string(),
    planName: LocalizedTextSchema,
    email: z.string(),
    patientName: z.string(),
    /** CONFIRMED, or UNCONFIRMED in skip-password mode until the password is set from the mailed link. */
    accountStatus: z.enum(['CONFIRMED', 'UNCONFIRMED']),
  }),
});
export type SignupResponse = z.infer<typeof SignupResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Check calls

/** GET /api/v1/plan/{idSupportPlan}/patient/identification/{number}/type/{type}/country/{country}/check */
export const IdentificationCheckParamsSchema = z
  .object({
    idSupportPlan: z.coerce.number().int().positive().max(2_147_483_647),
    number: IdentificationNumberSchema,
    type: SignupIdentificationTypeSchema,
    country: SignupCountrySchema,
  })
  .superRefine((params, ctx) => {
    const problem = identificationMessageOf(params.country, params.type, params.number);
    if (problem) ctx.addIssue({ code: 'custom', path: ['number'], message: problem });
  });
export const IdentificationCheckResponseSchema = z.object({ data: z.object({ registered: z.boolean() }) });

/** GET /api/v1/citizen/{type}/{number}: Costa Rica's citizen register (type IDENTIFICATION only). */
export const CitizenParamsSchema = z.object({
  type: SignupIdentificationTypeSchema,
  number: IdentificationNumberSchema,
});
export const CitizenSchema = z.object({
  typeIdentification: z.enum(IDENTIFICATION_TYPES),
  legalIdentification: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  secondSurname: z.string().nullable(),
  birthDate: z.string(),
  gender: z.enum(GENDERS),
});
export type Citizen = z.infer<typeof CitizenSchema>;
export const CitizenResponseSchema = z.object({ data: CitizenSchema });
