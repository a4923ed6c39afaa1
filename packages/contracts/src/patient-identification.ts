// The patient's identification as every form and call takes it (the sign-up, the caregiver, the pharmacy counter's
// patient without a code): its type, its number read without spaces or dashes, and the number's check against its
// country. Apart from patient-fields.ts so that a caller of identification alone (the pharmacy's contract) does not
// carry the phone numbers' data that the other fields load (decision 065).
import { z } from 'zod';
import { IDENTIFICATION_TYPES, type CountryCode, type IdentificationType } from './enums.ts';
import { textField } from './text.ts';
import { IDENTIFICATION_PROBLEM_KEYS, identificationProblemOf } from './identification-numbers.ts';

/** Identification numbers are compared without spaces or dashes and in capitals ("1-0111-0111" = "101110111"). */
export function normalizeIdentificationNumber(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

/**
 * `******001`: enough for the pharmacy's counter or the call center to check the document in hand or read back, not
 * enough to learn it (decisions 066, 074).
 */
export function maskIdentificationNumber(number: string): string {
  const shown = number.length > 6 ? 3 : 1;
  return `${'*'.repeat(Math.max(0, number.length - shown))}${number.slice(-shown)}`;
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
