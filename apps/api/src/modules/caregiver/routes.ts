// Caregiver calls (decision 018): read, add, change and remove the caller's own caregiver; all of them off where the
// program turns the caregiver feature off (decision 034).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CaregiverBodySchema,
  CaregiverGetResponseSchema,
  CaregiverIdParamsSchema,
  CaregiverRemovedResponseSchema,
  CaregiverResponseSchema,
} from '@portal/contracts/caregiver';
import type { Caregiver } from '@portal/contracts/signup';
import type { Db } from '../../platform/db.ts';
import { belongsToFeature } from '../../platform/feature-toggles.ts';
import { callerOf } from '../../platform/patient-auth.ts';
import { createCaregiverService } from './service.ts';
import { errorResponses } from '../../platform/errors.ts';

export interface CaregiverRouteOptions {
  db: Db;
  clock: () => Date;
}

const errors = errorResponses(400, 401, 404, 409, 429);

export const caregiverRoutes: FastifyPluginAsyncZod<CaregiverRouteOptions> = async (app, { db, clock }) => {
  belongsToFeature(app, 'caregiver');
  const caregivers = createCaregiverService({ db, clock });
  // CAREGIVER_ALREADY_REGISTERED tells that a person cares for another patient of the program, as the public
  // identification check tells that one is enrolled: limited alike (decision 040), to the check's number a minute
  // per identification (an HMAC key) and per account, one counter each for adding and changing.
  const perMinute = app.appConfig.IDENTIFICATION_CHECK_PER_MINUTE;
  const identificationLimits = [
    app.subjectLimit(perMinute, (request) => callerOf(request).userId, 'caregiver-identification-account'),
    app.subjectLimit(
      perMinute,
      (request) => {
        const { identification } = request.body as Caregiver;
        return `${callerOf(request).country}/${identification.type}/${identification.number}`;
      },
      'caregiver-identification',
    ),
  ];

  app.get(
    '/caregiver',
    {
      schema: { tags: ['caregiver'], response: { 200: CaregiverGetResponseSchema, ...errors } },
    },
    async (request) => ({ data: await caregivers.get(callerOf(request)) }),
  );

  app.post(
    '/caregiver',
    {
      preHandler: identificationLimits,
      schema: { tags: ['caregiver'], body: CaregiverBodySchema, response: { 201: CaregiverResponseSchema, ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await caregivers.create(callerOf(request), request.body as Caregiver) }),
  );

  app.put(
    '/caregiver/:id',
    {
      preHandler: identificationLimits,
      schema: {
        tags: ['caregiver'],
        params: CaregiverIdParamsSchema,
        body: CaregiverBodySchema,
        response: { 200: CaregiverResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await caregivers.update(callerOf(request), request.params.id, request.body as Caregiver),
    }),
  );

  app.delete(
    '/caregiver/:id',
    {
      schema: {
        tags: ['caregiver'],
        params: CaregiverIdParamsSchema,
        response: { 200: CaregiverRemovedResponseSchema, ...errors },
      },
    },
    async (request) => {
      await caregivers.remove(callerOf(request), request.params.id);
      return { data: { removed: true as const } };
    },
  );
};
