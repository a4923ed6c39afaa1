// Program resources: countries, feature toggles, the program's plans, branding and field settings.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CountryCode } from '@portal/contracts/enums';
import { FieldSettingsSchema } from '@portal/contracts/program-files';
import {
  BrandingResponseSchema,
  CountriesQuerySchema,
  CountriesResponseSchema,
  FeaturesResponseSchema,
  FieldSettingsResponseSchema,
  ProgramPlanResponseSchema,
  SupportPlanIdParamsSchema,
} from '@portal/contracts/resources';
import { ErrorBodySchema } from '@portal/contracts/errors';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { programIconPath, type ProgramPictures } from '../../platform/program-icons.ts';
import { sendStaticAnswer, staticAnswer } from '../../platform/static-answer.ts';
import { listCountries } from './countries.ts';
import { findFeatureToggles, findSupportPlan, findSupportPlans } from './repository.ts';

export const resourceRoutes: FastifyPluginAsyncZod<{ db: Db; pictures: ProgramPictures }> = async (
  app,
  { db, pictures },
) => {
  // A static answer (platform/static-answer.ts): serialised once per language and checked against the schema
  // once, here, with a strong ETag, so a return visit revalidates with a 304.
  const countries = new Map(
    (['es', 'en'] as const).map((lang) => [
      lang,
      staticAnswer(
        JSON.stringify(CountriesResponseSchema.parse({ data: listCountries(lang) })),
        'application/json; charset=utf-8',
      ),
    ]),
  );
  app.get(
    '/resource/countries',
    {
      schema: {
        tags: ['resource'],
        operationId: 'listCountries',
        summary: 'The countries the portal knows, with their names in a language',
        description: 'A static answer with a strong ETag (a repeated call with `If-None-Match` is a 304).',
        querystring: CountriesQuerySchema,
        response: { 200: CountriesResponseSchema },
      },
    },
    async (request, reply) =>
      sendStaticAnswer(
        request,
        reply as unknown as FastifyReply,
        countries.get(request.query.lang)!,
        'public, max-age=3600, must-revalidate',
      ),
  );

  app.get(
    '/resource/features',
    {
      schema: {
        tags: ['resource'],
        operationId: 'getFeatureToggles',
        summary: "The program's feature toggles",
        description:
          'Which features the program has turned on; the calls of a feature turned off answer 404 `FEATURE_DISABLED`.',
        response: { 200: FeaturesResponseSchema },
      },
    },
    async (request) => {
      const rows = await findFeatureToggles(db, request.program.id);
      return { data: { featureToggles: Object.fromEntries(rows.map((row) => [row.key, row.enabled])) } };
    },
  );

  app.get(
    '/resource/support/plan',
    {
      schema: {
        tags: ['resource'],
        operationId: 'getProgram',
        summary: 'The program of this host and its support plans',
        description:
          'The program the host names (its slug, name, countries, terms version, support e-mail) and its support plans, one per country.',
        response: { 200: ProgramPlanResponseSchema },
      },
    },
    async (request) => {
      const program = request.program;
      const plans = await findSupportPlans(db, program.id);
      return {
        data: {
          id: program.id,
          slug: program.slug,
          name: program.name,
          searchQuery: program.slug,
          status: program.status,
          latestTermsVersion: program.latestTermsVersion,
          supportEmail: program.supportEmail,
          updateStrategy: program.updateStrategy,
          countries: program.countries as CountryCode[],
          defaultCountry: program.defaultCountry as CountryCode,
          supportPlans: plans.map((plan) => ({ ...plan, country: plan.country as CountryCode })),
        },
      };
    },
  );

  app.get(
    '/resource/branding',
    {
      schema: {
        tags: ['resource'],
        operationId: 'getBranding',
        summary: "The program's branding",
        description: 'Its logo, mark, icon and colours.',
        response: { 200: BrandingResponseSchema },
      },
    },
    async (request) => {
      const { slug, branding } = request.program;
      return {
        data: {
          slug,
          logoUrl: `/program/${slug}/${branding.logoPath}`,
          mark: pictures.mark(request.program),
          iconUrl: programIconPath(slug, 'icon-32'),
          colors: branding.colors as never,
        },
      };
    },
  );

  app.get(
    '/support/plan/:id/field-settings',
    {
      schema: {
        tags: ['resource'],
        operationId: 'getFieldSettings',
        summary: "A support plan's field settings",
        description:
          'Which sign-up steps and fields the plan shows. A plan of another program is 404, as an unknown one.',
        params: SupportPlanIdParamsSchema,
        response: { 200: FieldSettingsResponseSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      // A plan of another program is as unknown as a plan that does not exist.
      const plan = await findSupportPlan(db, request.program.id, request.params.id);
      if (!plan) throw new AppError('SUPPORT_PLAN_NOT_FOUND');
      return {
        data: {
          supportPlanId: plan.id,
          country: plan.country as CountryCode,
          fieldSettings: FieldSettingsSchema.parse(plan.fieldSettings),
        },
      };
    },
  );
};
