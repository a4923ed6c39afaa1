// Schemas of every static program file (spec section 7), laid out as served at /program/{slug}/...
import { z } from 'zod';
import {
  ConditionSchema,
  CountryCodeSchema,
  IdentificationTypeSchema,
  PackageKindSchema,
  ProductUnitSchema,
  UpdateStrategySchema,
} from './enums.ts';
import { BenefitFileSchema, ProductSearchQuerySchema } from './benefits.ts';
import { LocalizedTextSchema } from './localized-text.ts';

export { LocalizedTextSchema, type LocalizedText } from './localized-text.ts';

export const ProgramSlugSchema = z.string().regex(/^[a-z][a-z0-9-]{1,30}$/);

const HexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/);
const MessageKeySchema = z.string().regex(/^[a-zA-Z0-9]+(\.[a-zA-Z0-9]+)+$/);

export const BrandingSchema = z.object({
  /** Path under /program/{slug}/ of the program's logo (SVG). */
  logoPath: z.string().regex(/^images\/[a-z0-9-]+\.svg$/),
  colors: z.object({
    primary: HexColorSchema,
    primaryContrast: HexColorSchema,
    accent: HexColorSchema,
    background: HexColorSchema,
    surface: HexColorSchema,
    text: HexColorSchema,
  }),
});
export type Branding = z.infer<typeof BrandingSchema>;

/** The questions about one medicine, in order: the enrolment's last steps, and my care's add and modify. */
export const TREATMENT_STEPS = [
  'treatment',
  'details',
  'doctor',
  'startDate',
  'healthCenter',
  'customTherapy',
] as const;

export const SIGNUP_STEPS = [
  'country',
  'email',
  'idNumber',
  'personalInfo',
  'weight',
  'birthdate',
  'caregiver',
  'identification',
  'contact',
  'address',
  'password',
  'consent',
  ...TREATMENT_STEPS,
] as const;
export const SignupStepSchema = z.enum(SIGNUP_STEPS);
export type SignupStep = z.infer<typeof SignupStepSchema>;

export const FieldModeSchema = z.enum(['required', 'optional', 'hidden']);

/** Which sign-up steps and fields a support plan shows (GET /api/v1/support/plan/{id}/field-settings). */
export const FieldSettingsSchema = z.object({
  steps: z.record(SignupStepSchema, z.boolean()),
  fields: z.object({
    secondSurname: FieldModeSchema,
    emailAlternative: FieldModeSchema,
    phoneAlternative: FieldModeSchema,
    weight: FieldModeSchema,
    healthCenterType: FieldModeSchema,
    doctorName: FieldModeSchema,
  }),
  weightUnit: z.enum(['kg', 'lb']),
  /** Age in years under which a caregiver is mandatory. */
  minorAgeYears: z.number().int().min(1).max(21),
});
export type FieldSettings = z.infer<typeof FieldSettingsSchema>;

export const SupportPlanFileSchema = z.object({
  id: z.number().int().positive(),
  country: CountryCodeSchema,
  name: LocalizedTextSchema,
  identificationTypes: z.array(IdentificationTypeSchema).min(1),
  fieldSettings: FieldSettingsSchema,
});

export const ProductFileSchema = z.object({
  id: z.number().int().positive(),
  /** The medicine's brand name and strength: the same in both languages. */
  medicine: z.string().min(1),
  presentation: LocalizedTextSchema,
  unit: ProductUnitSchema,
  minAgeYears: z.number().int().min(0),
  maxAgeYears: z.number().int().max(130),
  /** Largest approved dose (in units) per administration; the dose check refuses more. */
  maxUnitAmount: z.number().positive(),
  /**
   * How many of `unit` one package of the presentation holds (30 tablets in a box, 300 IU in a pen, 1 auto-injector):
   * what one box bought at a pharmacy supplies, for the refill estimate (decision 061).
   */
  unitsPerPackage: z.number().int().positive().max(100_000),
  /** What one package is (a box, a pen, a vial…): the word the 4+1 and the refill estimate use for it (decision 087). */
  packageKind: PackageKindSchema,
  countries: z.array(CountryCodeSchema).min(1),
  /** The product's slug in /benefits/{productSearchQuery} and /redemptions/{productSearchQuery}. */
  searchQuery: ProductSearchQuerySchema,
});

/** configuration/config.json */
/** A partner instance (a clinic, a pharmacy chain) whose logo the sign-up shows when a link carries `ii={id}`. */
export const ProgramInstanceSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/),
  name: z.string().min(1).max(80),
  /** Path under /program/{slug}/ of the instance's logo (SVG). */
  logoPath: BrandingSchema.shape.logoPath,
});
export type ProgramInstance = z.infer<typeof ProgramInstanceSchema>;

export const ProgramConfigSchema = z.object({
  slug: ProgramSlugSchema,
  name: z.string().min(1),
  condition: ConditionSchema,
  supportEmail: z.email(),
  defaultCountry: CountryCodeSchema,
  countries: z.array(CountryCodeSchema).min(1),
  updateStrategy: UpdateStrategySchema,
  latestTermsVersion: z.string().regex(/^\d+\.\d+$/),
  branding: BrandingSchema,
  supportPlans: z.array(SupportPlanFileSchema).min(1),
  products: z.array(ProductFileSchema).min(1),
  featureToggles: z.record(z.string().regex(/^[a-z][a-zA-Z]+$/), z.boolean()),
  learningConditions: z.array(ConditionSchema).min(1),
  instances: z.array(ProgramInstanceSchema).default([]),
  /** The benefit catalogue (decision 045): every program gives something. */
  benefits: z.array(BenefitFileSchema).min(1),
  /**
   * Where the program's admins are told of a pharmacy key that looks patients up by identification too often (decision
   * 066). This file is served, like `supportEmail`: role mailboxes only, never a person's own address.
   */
  adminEmails: z.array(z.email()).max(10).default([]),
  /**
   * Adherence's settings (decisions 079, 080): the gap a persistent patient may have, how long after the supply ran
   * out a patient goes on the outreach list, how long after enrolling without a first purchase.
   */
  adherence: z
    .object({
      allowedGapDays: z.number().int().min(1).max(365).default(60),
      outreachAfterRunOutDays: z.number().int().min(0).max(90).default(7),
      noFirstPurchaseDays: z.number().int().min(1).max(365).default(30),
    })
    .prefault({}),
});
export type ProgramConfig = z.infer<typeof ProgramConfigSchema>;

/** configuration/footer.json */
export const FooterSchema = z.object({
  links: z.array(z.object({ labelKey: MessageKeySchema, href: z.string().min(1), external: z.boolean() })),
  legalKey: MessageKeySchema,
});
export type Footer = z.infer<typeof FooterSchema>;

/** configuration/login.json */
export const LoginConfigSchema = z.object({
  showForgotPassword: z.boolean(),
  showSignupLink: z.boolean(),
  /** How long the 'You are entering {0}...' transition shows after login, in milliseconds. */
  entryTransitionMs: z.number().int().min(0).max(5000),
  /** Countries whose users cannot recover a password by e-mail (they get PTP00197). */
  callCenterRecoveryCountries: z.array(CountryCodeSchema),
});
export type LoginConfig = z.infer<typeof LoginConfigSchema>;

/** configuration/whitelist.json: domains the portal may link or redirect to. */
export const WhitelistSchema = z.object({
  domains: z.array(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/)),
});
export type Whitelist = z.infer<typeof WhitelistSchema>;

/** phones/phones.json: call-center phones per country served. */
export const PhonesSchema = z.partialRecord(
  CountryCodeSchema,
  z.array(z.object({ labelKey: MessageKeySchema, number: z.string().regex(/^\+[0-9 ()-]{7,20}$/) })).min(1),
);
export type Phones = z.infer<typeof PhonesSchema>;

export const NavigationItemSchema = z.object({
  id: z.string().regex(/^[a-z][a-zA-Z]+$/),
  labelKey: MessageKeySchema,
  /** Route path without language prefix, e.g. "/home". */
  path: z.string().regex(/^\/[a-z/-]*$/),
  /** Feature toggle that must be on for the item to show. */
  feature: z.string().optional(),
});

/** navigation/navigation.json */
export const NavigationSchema = z.object({
  main: z.array(NavigationItemSchema).min(1),
});
export type Navigation = z.infer<typeof NavigationSchema>;

/** texts/text-{lang}.json: flat map from dotted key to ICU message. */
export const TextsSchema = z.record(MessageKeySchema, z.string().min(1));
export type Texts = z.infer<typeof TextsSchema>;

export const PROGRAM_FILES = {
  'configuration/config.json': ProgramConfigSchema,
  'configuration/footer.json': FooterSchema,
  'configuration/login.json': LoginConfigSchema,
  'configuration/whitelist.json': WhitelistSchema,
  'phones/phones.json': PhonesSchema,
  'navigation/navigation.json': NavigationSchema,
  'texts/text-es.json': TextsSchema,
  'texts/text-en.json': TextsSchema,
} as const;
