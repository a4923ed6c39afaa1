// Enrolment calls: the identification, dose and product checks, the citizen register, the address search and the sign-up.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@portal/contracts/errors';
import { SupportPlanIdParamsSchema } from '@portal/contracts/resources';
import {
  DosageCheckBodySchema,
  DosageCheckResponseSchema,
  LocationSearchQuerySchema,
  LocationSearchResponseSchema,
  PlanProductsQuerySchema,
  PlanProductsResponseSchema,
} from '@portal/contracts/patient-fields';
import {
  CitizenParamsSchema,
  CitizenResponseSchema,
  IdentificationCheckParamsSchema,
  IdentificationCheckResponseSchema,
  PreregistrationLinkSchema,
  PreregistrationResponseSchema,
  SignupRequestSchema,
  SignupResponseSchema,
  type SignupBody,
} from '@portal/contracts/signup';
import { NotMeLinkSchema, NotMeResponseSchema } from '@portal/contracts/signup-not-me';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { SMALL_BODY_LIMIT_BYTES } from '../../platform/json-body.ts';
import { createHttpCitizenRegister, createLocalCitizenRegister } from './citizen-register.ts';
import { createGazetteerDirectory } from './locations.ts';
import { disownEnrolment } from './disown.ts';
import { createSignupService } from './service.ts';
import type { PasswordHashing } from '../../platform/passwords.ts';
import { errorResponses } from '../../platform/errors.ts';

export interface SignupRouteOptions {
  db: Db;
  config: AppConfig;
  clock: () => Date;
  passwords: PasswordHashing;
  onMailQueued?: () => void;
}

const errors = errorResponses(400, 404, 409, 422, 429, 503);

export const signupRoutes: FastifyPluginAsyncZod<SignupRouteOptions> = async (
  app,
  { db, config, clock, passwords, onMailQueued },
) => {
  const signup = createSignupService({
    db,
    clock,
    config,
    passwords,
    citizens: config.CITIZEN_REGISTER_URL
      ? createHttpCitizenRegister(config.CITIZEN_REGISTER_URL, config.CITIZEN_REGISTER_TIMEOUT_MS)
      : createLocalCitizenRegister(),
    locations: createGazetteerDirectory(),
    ...(onMailQueued ? { onMailQueued } : {}),
    onEnrolled: (programId) => app.metrics.count('enrolments', programId),
  });

  // An enumeration oracle by nature (the wizard needs it): limited hard per address.
  app.get(
    '/plan/:idSupportPlan/patient/identification/:number/type/:type/country/:country/check',
    {
      config: {
        rateLimit: {
          max: config.IDENTIFICATION_CHECK_PER_MINUTE * config.RATE_LIMIT_ADDRESS_FACTOR,
          timeWindow: '1 minute',
        },
      },
      preHandler: app.subjectLimit(config.IDENTIFICATION_CHECK_PER_MINUTE, (request) => {
        const params = request.params as { number: string; type: string; country: string };
        return `${params.country}/${params.type}/${params.number}`;
      }),
      schema: {
        tags: ['signup'],
        operationId: 'checkIdentification',
        summary: 'Whether an identification is already enrolled in a support plan',
        description: 'Used by the sign-up. Limited per identification and, more loosely, per address.',
        params: IdentificationCheckParamsSchema,
        response: { 200: IdentificationCheckResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { idSupportPlan, number, type, country } = request.params;
      return {
        data: {
          registered: await signup.isIdentificationRegistered(request.program, idSupportPlan, country, type, number),
        },
      };
    },
  );

  app.post(
    '/treatment/dosage/check',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      schema: {
        tags: ['signup'],
        operationId: 'checkDosage',
        summary: 'Whether a dose of a product is approved',
        description: "Checks a dose and frequency against the product's approved doses.",
        body: DosageCheckBodySchema,
        response: { 200: DosageCheckResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: { approved: await signup.isDoseApproved(request.program, request.body) } }),
  );

  app.get(
    '/support/plan/:id/products',
    {
      schema: {
        tags: ['signup'],
        operationId: 'listPlanProducts',
        summary: "A support plan's products for a birth date",
        description: 'The products a patient born on `birthDate` may enrol with, and their presentations and doses.',
        params: SupportPlanIdParamsSchema,
        querystring: PlanProductsQuerySchema,
        response: { 200: PlanProductsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await signup.productsFor(request.program, request.params.id, request.query.birthDate),
    }),
  );

  // Personal data of the register by document number: limited hard per address.
  app.get(
    '/citizen/:type/:number',
    {
      config: {
        rateLimit: { max: config.CITIZEN_LOOKUP_PER_MINUTE * config.RATE_LIMIT_ADDRESS_FACTOR, timeWindow: '1 minute' },
      },
      preHandler: app.subjectLimit(config.CITIZEN_LOOKUP_PER_MINUTE, (request) => {
        const params = request.params as { number: string; type: string };
        return `${params.type}/${params.number}`;
      }),
      schema: {
        tags: ['signup'],
        operationId: 'lookupCitizen',
        summary: "A person's names from the citizen register",
        description:
          "Prefills the sign-up from the country's citizen register where the country has one; 404 when the register does not know the number. Limited per number and per address.",
        params: CitizenParamsSchema,
        response: { 200: CitizenResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await signup.lookupCitizen(request.params.type, request.params.number) }),
  );

  app.get(
    '/resource/locations',
    {
      schema: {
        tags: ['signup'],
        operationId: 'searchLocations',
        summary: 'Searches the places of a country',
        description: 'Provinces, cantons and districts (or their equivalents) matching `q`, for the address step.',
        querystring: LocationSearchQuerySchema,
        response: { 200: LocationSearchResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await signup.searchLocations(request.query.country, request.query.q, request.query.lang),
    }),
  );

  // The held data of a pre-registered patient (v=ppr), for whoever holds the mailed link: n and s travel in the body.
  app.post(
    '/patient/preregistration',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      config: {
        rateLimit: {
          max: config.PREREGISTRATION_PER_MINUTE * config.RATE_LIMIT_ADDRESS_FACTOR,
          timeWindow: '1 minute',
        },
      },
      preHandler: app.subjectLimit(config.PREREGISTRATION_PER_MINUTE, (request) => (request.body as { n?: string }).n),
      schema: {
        tags: ['signup'],
        operationId: 'getPreregistration',
        summary: 'The held data of a pre-registered patient',
        description:
          'For whoever holds the mailed invitation link (`n`, `s`): the data the program holds for the sign-up to prefill. A used or expired link is 410.',
        body: PreregistrationLinkSchema,
        response: { 200: PreregistrationResponseSchema, ...errors, 410: ErrorBodySchema },
      },
    },
    async (request) => ({ data: await signup.preregisteredPatient(request.program, request.body) }),
  );

  // "This wasn't me": whoever holds the welcome mail's link (single use, 30 days, while the account's e-mail and
  // password are unchanged) disables that enrolment and frees its address and identification (decision 042).
  app.post(
    '/patient/signup/not-me',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      config: { rateLimit: { max: config.PREREGISTRATION_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['signup'],
        operationId: 'disownEnrolment',
        summary: '"This wasn\'t me": disables an enrolment made with my address',
        description:
          "With the welcome mail's link (single use, 30 days, while the account's e-mail and password are unchanged): disables that enrolment and frees its address and identification.",
        body: NotMeLinkSchema,
        response: { 200: NotMeResponseSchema, ...errors, 410: ErrorBodySchema },
      },
    },
    async (request) => {
      await disownEnrolment(db, request.program, request.body, { config, now: clock() });
      return { data: { disowned: true as const } };
    },
  );

  app.post(
    '/patient/signup',
    {
      config: { rateLimit: { max: config.SIGNUP_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['signup'],
        operationId: 'signUp',
        summary: 'Enrols a patient in a support plan',
        description:
          "Validated against the plan's field settings (fields the plan hides are dropped). Idempotent by `idempotencyKey`: the same body again answers the same; another body with that key is 409 `IDEMPOTENCY_KEY_REUSED`. An e-mail or identification already enrolled is 409.",
        body: SignupRequestSchema,
        response: { 201: SignupResponseSchema, ...errors, 410: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const answer = await signup.signup(request.program, request.body as SignupBody);
      return reply.code(201).send(answer);
    },
  );
};
