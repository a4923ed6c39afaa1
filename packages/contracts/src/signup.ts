// Contracts of enrolment: the sign-up payload, composed from field schemas, the support plan's
// field settings applied by signupSchemaFor (the one definition the web wizard and the server both use),
// and the check calls with their answers. Every validation message is a text key of texts/text-{lang}.json.
import { isValidPhoneNumber as isValidForCountry } from 'libphonenumber-js/max';
import { z } from 'zod';
import {
  CaregiverRelationSchema,
  COUNTRY_CODES,
  GENDERS,
  IDENTIFICATION_TYPES,
  LANGUAGES,
  LanguageSchema,
  ProductUnitSchema,
  TIME_INTERVALS,
  type CountryCode,
  type IdentificationType,
} from './enums.ts';
import { EmailSchema, NewPasswordSchema, signedLinkSchema } from './identity.ts';
import type { FieldSettings } from './program-files.ts';
import { textField } from './text.ts';
import { LocalizedTextSchema } from './localized-text.ts';
import { todayInCountry } from './time-zones.ts';
import {
  birthDateOfIdentification,
  IDENTIFICATION_PROBLEM_KEYS,
  identificationProblemOf,
} from './identification-numbers.ts';
import { ageOn, HealthCenterTypeSchema, parseUnitAmount } from './treatment-values.ts';

// Also the sign-up's: the treatments' contract reads them from treatment-values.ts, without the sign-up's code.
export { ageOn, HealthCenterTypeSchema, parseUnitAmount };
export { birthDateOfIdentification };

// ---------------------------------------------------------------------------------------------------
// Helpers shared by the wizard and the server

/** The oldest age the birth date may give. */
export const MAX_AGE_YEARS = 120;
/** How many treatments one enrolment may register (the wizard sends one; the rest come later). */
export const MAX_SIGNUP_TREATMENTS = 4;

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

/** Identification numbers are compared without spaces or dashes and in capitals ("1-0111-0111" = "101110111"). */
export function normalizeIdentificationNumber(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

/** Whether a (normalised) identification number is valid for its type and country (identification-numbers.ts). */
export function isValidIdentificationNumber(country: CountryCode, type: IdentificationType, number: string): boolean {
  return identificationProblemOf(country, type, number) === undefined;
}

/**
 * The message key of what is wrong with a (normalised) identification number, or undefined when it is valid:
 * its length, its characters, a CURP's birth date, a DPI's department, a check digit.
 */
export function identificationMessageOf(
  country: CountryCode,
  type: IdentificationType,
  number: string,
): string | undefined {
  const problem = identificationProblemOf(country, type, number);
  return problem ? IDENTIFICATION_PROBLEM_KEYS[problem] : undefined;
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
const optionalField = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
/** A field the plan hides: whatever arrives is dropped, never validated. */
const ignoredField = () =>
  z
    .unknown()
    .transform((): undefined => undefined)
    .optional();

// ---------------------------------------------------------------------------------------------------
// Field schemas

export const SignupCountrySchema = z.enum(COUNTRY_CODES, { error: 'signup.country.required' });
export const SupportPlanIdSchema = z.number({ error: 'signup.country.required' }).int().positive().max(2_147_483_647);
export const SignupIdentificationTypeSchema = z.enum(IDENTIFICATION_TYPES, { error: 'signup.idNumber.type.required' });
export const IdentificationNumberSchema = textField({
  max: 40,
  required: 'signup.idNumber.required',
  tooLong: 'signup.idNumber.invalid',
})
  .transform(normalizeIdentificationNumber)
  .pipe(z.string().min(1, { error: 'signup.idNumber.required' }).max(20, { error: 'signup.idNumber.invalid' }));

/** The patient's identification: its format is checked against the country once the plan is known. */
export const IdentificationSchema = z.object(
  { type: SignupIdentificationTypeSchema, number: IdentificationNumberSchema },
  { error: 'signup.idNumber.required' },
);
export type Identification = z.infer<typeof IdentificationSchema>;

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
/** The birth date differs from the one the identification carries (a CURP's): VALIDATION_FAILED on `birthDate`. */
export const BIRTH_DATE_DISAGREES_KEY = 'signup.birthdate.notAsIdentification';

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
// The payload

/** An invitation link's parameters, as the recovery link carries them: n = nonce (base64url), s = its HMAC. */
export const PreregistrationLinkSchema = signedLinkSchema('signup.preregistered.invalid');
export type PreregistrationLink = z.infer<typeof PreregistrationLinkSchema>;

/**
 * POST /api/v1/patient/signup, structurally (every field the wizard may send, plan-dependent parts optional).
 * The server and the wizard validate with `signupSchemaFor(...)`, which applies the plan's field settings.
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

type Mode = 'required' | 'optional' | 'hidden';
function byMode<T extends z.ZodType>(mode: Mode, schema: T) {
  return mode === 'required' ? schema : mode === 'optional' ? optionalField(schema) : ignoredField();
}

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

// ---------------------------------------------------------------------------------------------------
// "This wasn't me" (the welcome mail's link)

/** POST /api/v1/patient/signup/not-me: the welcome mail's link parameters, in the body. */
export const NotMeLinkSchema = signedLinkSchema('signup.notMe.invalid');
export type NotMeLink = z.infer<typeof NotMeLinkSchema>;
export const NotMeResponseSchema = z.object({ data: z.object({ disowned: z.literal(true) }) });
