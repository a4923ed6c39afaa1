// Contracts of the platform's resource calls (spec section 7).
import { z } from 'zod';
import { CountryCodeSchema, LanguageSchema, LogLevelNameSchema, UpdateStrategySchema } from './enums.ts';
import { BrandingSchema, FieldSettingsSchema, ProgramSlugSchema } from './program-files.ts';
import { LocalizedTextSchema } from './localized-text.ts';
import { CLIENT_LOG_MAX_BYTES } from './constants.ts';
import { textField } from './text.ts';

export const CountriesQuerySchema = z.object({ lang: LanguageSchema.default('es') });
export const CountrySchema = z.object({ code: CountryCodeSchema, name: z.string(), dialCode: z.string() });
export const CountriesResponseSchema = z.object({ data: z.array(CountrySchema) });
export type Country = z.infer<typeof CountrySchema>;

/**
 * The features a program can turn off (its `featureToggles`, rows of feature_toggle once seeded). A feature is on
 * only where its toggle says true, on the web and on the server alike (decision 034).
 */
export const FEATURE_KEYS = [
  'learning',
  'benefits',
  'booking',
  'redemptions',
  'purchases',
  'caregiver',
  'couponCode',
] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];

export const FeaturesResponseSchema = z.object({
  data: z.object({ featureToggles: z.record(z.string(), z.boolean()) }),
});

export const SupportPlanSummarySchema = z.object({
  id: z.number().int(),
  country: CountryCodeSchema,
  name: LocalizedTextSchema,
});

/** GET /api/v1/resource/support/plan: the program and its plans. */
export const ProgramPlanResponseSchema = z.object({
  data: z.object({
    id: z.number().int(),
    slug: ProgramSlugSchema,
    name: z.string(),
    searchQuery: z.string(),
    status: z.enum(['ACTIVE', 'INACTIVE']),
    latestTermsVersion: z.string(),
    supportEmail: z.string(),
    updateStrategy: UpdateStrategySchema,
    countries: z.array(CountryCodeSchema),
    defaultCountry: CountryCodeSchema,
    supportPlans: z.array(SupportPlanSummarySchema),
  }),
});

/**
 * GET /api/v1/resource/branding. `logoUrl` is the program's logo as authored (SVG); `mark` the same logo as a
 * picture for the header (its size in CSS pixels, so the page does not move when it arrives) and `iconUrl` the tab's
 * icon: a browser draws an SVG picture by building a document on the page's main thread (decision 032).
 */
export const BrandingResponseSchema = z.object({
  data: z.object({
    slug: ProgramSlugSchema,
    logoUrl: z.string(),
    mark: z.object({ url: z.string(), width: z.number().int().positive(), height: z.number().int().positive() }),
    iconUrl: z.string(),
    colors: BrandingSchema.shape.colors,
  }),
});

export const SupportPlanIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const FieldSettingsResponseSchema = z.object({
  data: z.object({ supportPlanId: z.number().int(), country: CountryCodeSchema, fieldSettings: FieldSettingsSchema }),
});

/** POST /api/v1/log: {jsonRawString}, a JSON text of a client log entry. */
/** A JSON text has no raw control characters (escaped ones are stripped from the entry before it is stored). */
export const ClientLogBodySchema = z.object({ jsonRawString: textField({ max: CLIENT_LOG_MAX_BYTES }).min(2) });
export const ClientLogEntrySchema = z.object({
  level: LogLevelNameSchema.exclude(['off']),
  message: z.string().max(2000),
  context: z.record(z.string(), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])).optional(),
  path: z.string().max(500).optional(),
  appVersion: z.string().max(50).optional(),
});
export type ClientLogEntry = z.infer<typeof ClientLogEntrySchema>;
export const ClientLogResponseSchema = z.object({ data: z.object({ accepted: z.literal(true) }) });

const DependencyStateSchema = z.enum(['ok', 'unavailable']);
/** /healthz: status only; /readyz: also each dependency's state, so that an operator sees which one is down. */
export const HealthResponseSchema = z.object({
  status: DependencyStateSchema,
  checks: z.object({ database: DependencyStateSchema, redis: DependencyStateSchema.optional() }).optional(),
});
