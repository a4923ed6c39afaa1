// Enumerations fixed by the specification (section 3) and shared by web, api and program files.
import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES, LOG_LEVELS, type Language, type LogLevelName } from './enum-lists.ts';

export { DEFAULT_LANGUAGE, LANGUAGES, LOG_LEVELS, type Language, type LogLevelName };

export const COUNTRY_CODES = ['CR', 'MX', 'PA', 'HN', 'GT', 'DO', 'SV', 'TT'] as const;
export const CountryCodeSchema = z.enum(COUNTRY_CODES);
export type CountryCode = z.infer<typeof CountryCodeSchema>;

export const LanguageSchema = z.enum(LANGUAGES);

export const IDENTIFICATION_TYPES = [
  'IDENTIFICATION',
  'IDENTIFICATION_GT',
  'LICENSE',
  'SOCIAL_SECURITY',
  'PASSPORT',
  'TYPE_OTHER',
  'TYPE_MINOR',
  'FOREIGN',
] as const;
export const IdentificationTypeSchema = z.enum(IDENTIFICATION_TYPES);
export type IdentificationType = z.infer<typeof IdentificationTypeSchema>;

export const CAREGIVER_RELATIONS = ['DIRECT_FAMILY', 'INDIRECT_FAMILY', 'OTHER'] as const;
export const CaregiverRelationSchema = z.enum(CAREGIVER_RELATIONS);

export const PRODUCT_UNITS = [
  'tabs',
  'caps',
  'injection',
  'autoinjection',
  'vials',
  'prefilledsyringe',
  'prefilledpen',
  'UI',
] as const;
export const ProductUnitSchema = z.enum(PRODUCT_UNITS);
export type ProductUnit = z.infer<typeof ProductUnitSchema>;

/**
 * What one package of a presentation is, as the patient counts what they buy and get free (decision 087): a box of
 * tablets, a pen, a vial, a prefilled syringe, an auto-injector. The texts choose the word with an ICU `select` on it.
 */
export const PACKAGE_KINDS = ['box', 'pen', 'vial', 'syringe', 'autoinjector'] as const;
export const PackageKindSchema = z.enum(PACKAGE_KINDS);
export type PackageKind = z.infer<typeof PackageKindSchema>;

export const TIME_INTERVALS = ['day', 'week', 'month', 'year'] as const;
export const TimeIntervalSchema = z.enum(TIME_INTERVALS);

export const CONDITIONS = ['alzheimer', 'diabetes', 'migraine', 'psoriasis', 'hypertension', 'asthma'] as const;
export const ConditionSchema = z.enum(CONDITIONS);

export const GENDERS = ['FEMALE', 'MALE', 'OTHER'] as const;
export const GenderSchema = z.enum(GENDERS);
export type Gender = z.infer<typeof GenderSchema>;

/** Any gender outside the three known values reads as OTHER (spec section 3). */
export function normalizeGender(value: unknown): Gender {
  return value === 'FEMALE' || value === 'MALE' ? value : 'OTHER';
}

/** Client log levels (spec section 9). */
export const LogLevelNameSchema = z.enum(['debug', 'notice', 'warning', 'error', 'off']);

export const UPDATE_STRATEGIES = ['immediate', 'navigation'] as const;
export const UpdateStrategySchema = z.enum(UPDATE_STRATEGIES);
export type UpdateStrategy = z.infer<typeof UpdateStrategySchema>;
