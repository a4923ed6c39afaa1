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
      schema: { tags: ['caregiver'], body: CaregiverBodySchema, response: { 201: CaregiverResponseSchema, ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await caregivers.create(callerOf(request), request.body as Caregiver) }),
  );

  app.put(
    '/caregiver/:id',
    {
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
