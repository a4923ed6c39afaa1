// The patient's fields, shared by every form that enters them and by the server that checks them: names, gender,
// weight, birth date, phone, caregiver, address, the treatment and its plan's rules (treatmentSchemaFor), and the
// lookups those fields need (the plan's products, the dosage check, the places). The sign-up composes them
// (signup.ts); so do the profile, the caregiver, the treatments and booking (decision 065). The identification is
// apart, in patient-identification.ts.
// Every validation message is a text key of texts/text-{lang}.json.
import { isValidPhoneNumber as isValidForCountry } from 'libphonenumber-js/max';
import { z } from 'zod';
import {
  CaregiverRelationSchema,
  COUNTRY_CODES,
  GENDERS,
  IDENTIFICATION_TYPES,
  LanguageSchema,
  ProductUnitSchema,
  TIME_INTERVALS,
  type CountryCode,
} from './enums.ts';
import type { FieldSettings } from './program-files.ts';
import { textField } from './text.ts';
import { LocalizedTextSchema } from './localized-text.ts';
import { birthDateOfIdentification } from './identification-numbers.ts';
import { normalizeIdentificationNumber } from './patient-identification.ts';
import { ageOn, HealthCenterTypeSchema, parseUnitAmount } from './treatment-values.ts';

// Also the patient fields': the treatments' contract reads them from treatment-values.ts, without the phone's data.
export { ageOn, HealthCenterTypeSchema, parseUnitAmount };
export { birthDateOfIdentification };

// ---------------------------------------------------------------------------------------------------
// Helpers shared by the forms and the server

/** The oldest age the birth date may give. */
export const MAX_AGE_YEARS = 120;

/** Today as YYYY-MM-DD (UTC): the reference of every date rule unless a caller passes its own. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Whether a YYYY-MM-DD text is a real calendar date. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1800 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** Spec section 5: the unit amount travels as text, or "0" when it is not a finite number. */
export function unitAmountText(value: number | string | null | undefined): string {
  const parsed =
    typeof value === 'number'
      ? value
      : Number(
          String(value ?? '')
            .trim()
            .replace(',', '.'),
        );
  return typeof value === 'string' && value.trim() === '' ? '0' : Number.isFinite(parsed) ? String(parsed) : '0';
}

/** Dialling codes of the eight countries. */
export const COUNTRY_DIAL_CODES: Record<CountryCode, string> = {
  CR: '+506',
  MX: '+52',
  PA: '+507',
  HN: '+504',
  GT: '+502',
  DO: '+1',
  SV: '+503',
  TT: '+1',
};
/** Strips spaces, dashes, dots, parentheses and a leading +dial code (or 00 dial code) of the chosen country. */
export function normalizePhoneNumber(country: CountryCode, value: string): string {
  const compact = value.replace(/[\s().-]/g, '');
  const dial = COUNTRY_DIAL_CODES[country].slice(1);
  for (const prefix of [`+${dial}`, `00${dial}`]) {
    if (compact.startsWith(prefix) && compact.length > prefix.length + 6) return compact.slice(prefix.length);
  }
  return compact;
}

/**
 * A national number valid for its country, by libphonenumber's metadata (the numbering plan of each country: its
 * lengths and leading digits), the same on the server and in the browser. Only the screens with a phone load it.
 */
export function isValidPhoneNumber(country: CountryCode, nationalNumber: string): boolean {
  return /^\d{4,15}$/.test(nationalNumber) && isValidForCountry(nationalNumber, country);
}

/** '' / null / blank text read as "not given" (forms send empty inputs). */
function blankToUndefined(value: unknown): unknown {
  return value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;
}
/** A field that may be left blank: blank is absent. */
export const optionalField = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
/** A field the plan hides: whatever arrives is dropped, never validated. */
export const ignoredField = () =>
  z
    .unknown()
    .transform((): undefined => undefined)
    .optional();

/** How a plan's field settings ask for a field. */
export type FieldMode = 'required' | 'optional' | 'hidden';
/** A field as its plan asks for it: required as is, optional when blank, or dropped when hidden. */
export function byMode<T extends z.ZodType>(mode: FieldMode, schema: T) {
  return mode === 'required' ? schema : mode === 'optional' ? optionalField(schema) : ignoredField();
}

// ---------------------------------------------------------------------------------------------------
// Field schemas

export const SignupCountrySchema = z.enum(COUNTRY_CODES, { error: 'signup.country.required' });
export const SupportPlanIdSchema = z.number({ error: 'signup.country.required' }).int().positive().max(2_147_483_647);

const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u;
const nameSchema = (required: string, invalid: string) =>
  textField({ max: 60, required, tooLong: invalid })
    .min(1, { error: required, abort: true })
    .regex(NAME_PATTERN, { error: invalid });
export const FirstNameSchema = nameSchema(
  'signup.personalInfo.firstName.required',
  'signup.personalInfo.firstName.invalid',
);
export const LastNameSchema = nameSchema(
  'signup.personalInfo.lastName.required',
  'signup.personalInfo.lastName.invalid',
);
export const SecondSurnameSchema = nameSchema(
  'signup.personalInfo.secondSurname.required',
  'signup.personalInfo.lastName.invalid',
);
export const SignupGenderSchema = z.enum(GENDERS, { error: 'signup.personalInfo.gender.required' });

export const WEIGHT_RANGES = { kg: { min: 1, max: 400 }, lb: { min: 2, max: 880 } } as const;
export const WeightSchema = z
  .object(
    {
      value: z.number({ error: 'signup.weight.required' }),
      unit: z.enum(['kg', 'lb'], { error: 'signup.weight.required' }),
    },
    { error: 'signup.weight.required' },
  )
  .superRefine((weight, ctx) => {
    const range = WEIGHT_RANGES[weight.unit];
    if (
      !Number.isFinite(weight.value) ||
      weight.value < range.min ||
      weight.value > range.max ||
      Math.round(weight.value * 100) !== weight.value * 100
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: weight.unit === 'kg' ? 'signup.weight.invalidKg' : 'signup.weight.invalidLb',
      });
    }
  });
export type Weight = z.infer<typeof WeightSchema>;

/** A YYYY-MM-DD calendar date (the wizard shows mm/dd/yyyy and sends ISO). */
const isoDate = (required: string, invalid: string) =>
  textField({ max: 10, required, tooLong: invalid })
    .min(1, { error: required })
    .refine(isCalendarDate, { error: invalid });
/** The birth date's format; `birthDateSchemaFor(today)` adds "not in the future" and "at most 120 years". */
export const BirthDateSchema = isoDate('signup.birthdate.required', 'signup.birthdate.invalid');
export function birthDateSchemaFor(today: string = todayIso()) {
  return BirthDateSchema.superRefine((value, ctx) => {
    if (!isCalendarDate(value)) return;
    if (value > today) ctx.addIssue({ code: 'custom', message: 'signup.birthdate.future' });
    else if (ageOn(value, today) > MAX_AGE_YEARS) ctx.addIssue({ code: 'custom', message: 'signup.birthdate.tooOld' });
  });
}

/** A phone: the country whose dialling code applies, and the national number (checked against that country). */
export const SignupPhoneSchema = z
  .object({
    country: z.enum(COUNTRY_CODES, { error: 'signup.contact.countryCode.required' }),
    phoneNumber: textField({
      max: 30,
      required: 'signup.contact.phone.required',
      tooLong: 'signup.contact.phone.invalid',
    }).min(1, { error: 'signup.contact.phone.required' }),
  })
  .transform((phone, ctx) => {
    const phoneNumber = normalizePhoneNumber(phone.country, phone.phoneNumber);
    if (!isValidPhoneNumber(phone.country, phoneNumber)) {
      ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: 'signup.contact.phone.invalid' });
      return z.NEVER;
    }
    return { country: phone.country, phoneNumber };
  });
export type SignupPhone = z.infer<typeof SignupPhoneSchema>;

export const CaregiverSchema = z.object({
  relation: z.enum(CaregiverRelationSchema.options, { error: 'signup.caregiver.relation.required' }),
  firstName: nameSchema('signup.caregiver.firstName.required', 'signup.personalInfo.firstName.invalid'),
  lastName: nameSchema('signup.caregiver.lastName.required', 'signup.personalInfo.lastName.invalid'),
  identification: z.object({
    type: z.enum(IDENTIFICATION_TYPES, { error: 'signup.identification.type.required' }),
    number: textField({
      max: 40,
      required: 'signup.caregiver.idNumber.required',
      tooLong: 'signup.identification.number.invalid',
    })
      .transform(normalizeIdentificationNumber)
      .pipe(
        z
          .string()
          .min(1, { error: 'signup.caregiver.idNumber.required' })
          .max(20, { error: 'signup.identification.number.invalid' }),
      ),
  }),
  phone: SignupPhoneSchema,
  email: optionalField(
    textField({ max: 254, tooLong: 'signup.caregiver.email.invalid' })
      .pipe(z.email({ error: 'signup.caregiver.email.invalid' }))
      .transform((v) => v.toLowerCase()),
  ),
});
export type Caregiver = z.infer<typeof CaregiverSchema>;

/** A place of the gazetteer (GET /api/v1/resource/locations), as chosen in the address step. */
export const LocationSchema = z.object(
  {
    id: textField({
      max: 83,
      required: 'signup.address.search.required',
      tooLong: 'signup.address.search.required',
    }).regex(/^[A-Z]{2}-[a-z0-9-]{1,80}$/, { error: 'signup.address.search.required' }),
    country: z.enum(COUNTRY_CODES, { error: 'signup.address.search.required' }),
    region: textField({ max: 100 }),
    city: textField({ max: 100 }).nullable(),
    label: textField({ max: 220 }),
  },
  { error: 'signup.address.search.required' },
);
export type Location = z.infer<typeof LocationSchema>;
export const AddressSchema = z.object({
  line: textField({ max: 200, required: 'signup.address.line.required', tooLong: 'signup.address.line.tooLong' }).min(
    1,
    { error: 'signup.address.line.required' },
  ),
  /** The id is what counts: the server reads the place again from its gazetteer. */
  location: LocationSchema.pick({ id: true }).extend({
    region: LocationSchema.shape.region.optional(),
    city: LocationSchema.shape.city.optional(),
    country: LocationSchema.shape.country.optional(),
    label: LocationSchema.shape.label.optional(),
  }),
});

const TimeIntervalField = z.enum(TIME_INTERVALS, { error: 'signup.treatment.length.required' });
export const UnitAmountSchema = textField({
  max: 32,
  required: 'signup.details.dose.required',
  tooLong: 'signup.details.dose.invalid',
})
  .min(1, { error: 'signup.details.dose.required' })
  .transform((value) => value.replace(',', '.'))
  .pipe(z.string().regex(/^\d{1,6}(\.\d{1,2})?$/, { error: 'signup.details.dose.invalid' }));
export const FrequencySchema = z.object(
  {
    amount: z
      .number({ error: 'signup.details.frequency.required' })
      .int({ error: 'signup.details.frequency.required' })
      .min(1, { error: 'signup.details.frequency.required' })
      .max(99, { error: 'signup.details.frequency.required' }),
    interval: z.enum(TIME_INTERVALS, { error: 'signup.details.frequency.required' }),
  },
  { error: 'signup.details.frequency.required' },
);
export const DurationSchema = z.object(
  {
    amount: z
      .number({ error: 'signup.treatment.length.required' })
      .int({ error: 'signup.treatment.length.required' })
      .min(1, { error: 'signup.treatment.length.required' })
      .max(999, { error: 'signup.treatment.length.required' }),
    interval: TimeIntervalField,
  },
  { error: 'signup.treatment.length.required' },
);
export const RestTimeSchema = z.object(
  {
    amount: z
      .number({ error: 'signup.details.restTime.invalid' })
      .int({ error: 'signup.details.restTime.invalid' })
      .min(1, { error: 'signup.details.restTime.invalid' })
      .max(999, { error: 'signup.details.restTime.invalid' }),
    interval: z.enum(TIME_INTERVALS, { error: 'signup.details.restTime.invalid' }),
  },
  { error: 'signup.details.restTime.invalid' },
);

/** Doctor names: letters, spaces and the usual name marks; never # @ % $ (spec section 5). */
const DOCTOR_FORBIDDEN = /[#@%$]/;
const doctorName = (required: string) =>
  textField({ max: 80, required, tooLong: 'signup.doctor.invalidCharacters' })
    .min(1, { error: required, abort: true })
    .refine((value) => !DOCTOR_FORBIDDEN.test(value) && /^[\p{L}\p{M}\p{N}' .,-]+$/u.test(value), {
      error: 'signup.doctor.invalidCharacters',
    });
export const DoctorFirstNameSchema = doctorName('signup.doctor.firstName.required');
export const DoctorLastNameSchema = doctorName('signup.doctor.lastName.required');

export const HealthCenterNameSchema = textField({
  max: 120,
  required: 'signup.healthCenter.name.required',
  tooLong: 'signup.healthCenter.name.required',
}).min(1, { error: 'signup.healthCenter.name.required' });
export const TherapyCodeSchema = textField({
  max: 20,
  required: 'signup.customTherapy.code.required',
  tooLong: 'signup.customTherapy.code.invalid',
})
  .min(1, { error: 'signup.customTherapy.code.required' })
  .pipe(z.string().regex(/^[A-Za-z0-9-]{4,20}$/, { error: 'signup.customTherapy.code.invalid' }))
  .transform((value) => value.toUpperCase());
export const StartDateSchema = isoDate('signup.startDate.required', 'signup.startDate.invalid');

export const EmailAlternativeSchema = textField({
  max: 254,
  required: 'signup.contact.emailAlternative.invalid',
  tooLong: 'signup.contact.emailAlternative.invalid',
})
  .pipe(z.email({ error: 'signup.contact.emailAlternative.invalid' }))
  .transform((value) => value.toLowerCase());

// ---------------------------------------------------------------------------------------------------
// The treatment

/**
 * One treatment, structurally (every field a form may send, plan-dependent parts optional): the sign-up's and the
 * treatments' calls validate it with `treatmentSchemaFor(...)`, which applies the plan's field settings.
 */
export const TreatmentInputSchema = z.object({
  productId: z
    .number({ error: 'signup.treatment.medicine.required' })
    .int({ error: 'signup.treatment.medicine.required' })
    .positive({ error: 'signup.treatment.medicine.required' })
    .max(2_147_483_647, { error: 'signup.treatment.medicine.required' }),
  /** Text, as spec section 5 fixes ("0" when it is not a finite number). */
  unitAmount: UnitAmountSchema,
  frequency: FrequencySchema,
  duration: DurationSchema,
  restTime: optionalField(RestTimeSchema),
  /** YYYY-MM-DD, or absent with notStarted = true. */
  startDate: optionalField(StartDateSchema),
  notStarted: z.boolean().optional(),
  doctor: z
    .object({ firstName: optionalField(DoctorFirstNameSchema), lastName: optionalField(DoctorLastNameSchema) })
    .optional(),
  healthCenter: z
    .object({ name: optionalField(HealthCenterNameSchema), type: optionalField(HealthCenterTypeSchema) })
    .optional(),
  customTherapy: z
    .object({
      hasCode: z.boolean({ error: 'signup.customTherapy.code.required' }),
      code: optionalField(TherapyCodeSchema),
    })
    .optional(),
});
export type TreatmentInput = z.infer<typeof TreatmentInputSchema>;
/** A treatment as a form sends it (before its fields are normalised). */
export type TreatmentInputBody = z.input<typeof TreatmentInputSchema>;

/** The treatment of one plan: steps on/off and field modes decide what is required. */
export function treatmentSchemaFor(fieldSettings: FieldSettings) {
  const { steps, fields } = fieldSettings;
  return TreatmentInputSchema.extend({
    startDate: steps.startDate ? optionalField(StartDateSchema) : ignoredField(),
    notStarted: steps.startDate ? z.boolean().optional() : ignoredField(),
    doctor:
      !steps.doctor || fields.doctorName === 'hidden'
        ? ignoredField()
        : fields.doctorName === 'required'
          ? z.object(
              { firstName: DoctorFirstNameSchema, lastName: DoctorLastNameSchema },
              { error: 'signup.doctor.firstName.required' },
            )
          : optionalField(
              z.object({
                firstName: optionalField(DoctorFirstNameSchema),
                lastName: optionalField(DoctorLastNameSchema),
              }),
            ),
    healthCenter: steps.healthCenter
      ? z.object(
          { name: HealthCenterNameSchema, type: byMode(fields.healthCenterType, HealthCenterTypeSchema) },
          { error: 'signup.healthCenter.name.required' },
        )
      : ignoredField(),
    customTherapy: steps.customTherapy
      ? z.object(
          {
            hasCode: z.boolean({ error: 'signup.customTherapy.code.required' }),
            code: optionalField(TherapyCodeSchema),
          },
          { error: 'signup.customTherapy.code.required' },
        )
      : ignoredField(),
  }).superRefine((treatment, ctx) => {
    if (steps.startDate && !treatment.startDate && treatment.notStarted !== true) {
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'signup.startDate.required' });
    }
    const therapy = treatment.customTherapy as { hasCode: boolean; code?: string } | undefined;
    if (therapy?.hasCode && !therapy.code)
      ctx.addIssue({ code: 'custom', path: ['customTherapy', 'code'], message: 'signup.customTherapy.code.required' });
  });
}

// ---------------------------------------------------------------------------------------------------
// Lookups the fields need

/** POST /api/v1/treatment/dosage/check: the treatment payload plus unitAmount (other treatment fields are ignored). */
export const DosageCheckBodySchema = z.object({
  supportPlanId: SupportPlanIdSchema,
  productId: TreatmentInputSchema.shape.productId,
  /** Text; "0" when the typed amount is not a finite number. */
  unitAmount: textField({ max: 32, required: 'signup.details.dose.required', tooLong: 'signup.details.dose.invalid' }),
  /** When sent, the product must also fit the patient's age. */
  birthDate: BirthDateSchema.optional(),
});
export type DosageCheckBody = z.input<typeof DosageCheckBodySchema>;
export const DosageCheckResponseSchema = z.object({ data: z.object({ approved: z.boolean() }) });

/** GET /api/v1/support/plan/{id}/products?birthDate=YYYY-MM-DD */
export const PlanProductsQuerySchema = z.object({ birthDate: BirthDateSchema.optional() });
export const PlanProductSchema = z.object({
  id: z.number().int(),
  medicine: z.string(),
  presentation: LocalizedTextSchema,
  unit: ProductUnitSchema,
  minAgeYears: z.number().int(),
  maxAgeYears: z.number().int(),
  maxUnitAmount: z.number(),
});
export type PlanProduct = z.infer<typeof PlanProductSchema>;
/** An empty list for a birth date means "an age with no medicines" (the attention dialog). */
export const PlanProductsResponseSchema = z.object({ data: z.array(PlanProductSchema) });

/** GET /api/v1/resource/locations?country=CR&q=...&lang=es */
export const LOCATION_SEARCH_MAX_RESULTS = 20;
export const LocationSearchQuerySchema = z.object({
  country: SignupCountrySchema,
  q: textField({ max: 60, required: 'signup.address.search.required', tooLong: 'signup.address.search.noResults' }).min(
    1,
    { error: 'signup.address.search.required' },
  ),
  lang: LanguageSchema.default('es'),
});
export const LocationSearchResponseSchema = z.object({ data: z.array(LocationSchema) });
