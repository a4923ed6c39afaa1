// Contracts of the patient's own profile changes (decision 018): what the patient may edit, and nothing else.
// Identification, birth date and country are the program's record: changed only through the call center.
import { z } from 'zod';
import { LanguageSchema } from './enums.ts';
import { textField } from './text.ts';
import {
  AddressSchema,
  EmailAlternativeSchema,
  FirstNameSchema,
  isValidPhoneNumber,
  LastNameSchema,
  LocationSchema,
  normalizePhoneNumber,
  SecondSurnameSchema,
  SignupGenderSchema,
  SignupPhoneSchema,
} from './patient-fields.ts';
import { PhoneSchema } from './identity.ts';

const blankToNull = (value: unknown) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value;

/**
 * PUT /api/v1/user: every editable field, sent whole (the form shows them all). A strict object: any other field
 * (status, plan, userId, another patient's id...) is refused with VALIDATION_FAILED, never written.
 */
export const ProfileUpdateBodySchema = z
  .strictObject({
    firstName: FirstNameSchema,
    lastName: LastNameSchema,
    secondSurname: z.preprocess(blankToNull, SecondSurnameSchema.nullable()),
    gender: SignupGenderSchema,
    /** The language of the screens and of every e-mail the portal sends. */
    language: LanguageSchema,
    emailAlternative: z.preprocess(blankToNull, EmailAlternativeSchema.nullable()),
    phone: SignupPhoneSchema,
    /** A national number sharing the main phone's country code. */
    phoneAlternative: z.preprocess(
      blankToNull,
      textField({ max: 30, tooLong: 'signup.contact.phoneAlternative.invalid' }).nullable(),
    ),
    address: z.preprocess((value) => (value === undefined ? null : value), AddressSchema.nullable()),
  })
  .transform((body, ctx) => {
    if (body.phoneAlternative === null) return body;
    const phoneAlternative = normalizePhoneNumber(body.phone.country, body.phoneAlternative);
    if (!isValidPhoneNumber(body.phone.country, phoneAlternative)) {
      ctx.addIssue({ code: 'custom', path: ['phoneAlternative'], message: 'signup.contact.phoneAlternative.invalid' });
      return z.NEVER;
    }
    return { ...body, phoneAlternative };
  });
export type ProfileUpdateBody = z.input<typeof ProfileUpdateBodySchema>;
export type ProfileUpdate = z.output<typeof ProfileUpdateBodySchema>;

/** What PUT /api/v1/user accepted and stored: exactly the editable fields, nothing else. */
export const ProfileUpdateViewSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  secondSurname: z.string().nullable(),
  gender: SignupGenderSchema,
  language: LanguageSchema,
  emailAlternative: z.string().nullable(),
  phone: PhoneSchema,
  phoneAlternative: PhoneSchema.nullable(),
  address: z.object({ line: z.string(), location: LocationSchema }).nullable(),
});
export type ProfileUpdateView = z.infer<typeof ProfileUpdateViewSchema>;
export const ProfileUpdateResponseSchema = z.object({ data: ProfileUpdateViewSchema });

/**
 * PUT /api/v1/user/language: the language the patient switched the screens to while signed in, which becomes the
 * language of their profile and of every e-mail and text the portal sends them (issue 38).
 */
export const LanguageUpdateBodySchema = z.strictObject({ language: LanguageSchema });
export type LanguageUpdateBody = z.infer<typeof LanguageUpdateBodySchema>;
export const LanguageUpdateResponseSchema = z.object({ data: LanguageUpdateBodySchema });
