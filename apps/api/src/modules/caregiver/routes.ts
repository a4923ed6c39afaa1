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
import type { Caregiver } from '@portal/contracts/patient-fields';
import type { Db } from '../../platform/db.ts';
import { callerOf, scopeOf } from '../../platform/patient-auth.ts';
import { createCaregiverService } from './service.ts';
import type { CaregiverAccessService } from './access.ts';
import { errorResponses } from '../../platform/errors.ts';

export interface CaregiverRouteOptions {
  db: Db;
  clock: () => Date;
  /** The caregiver's own login, which ends when the patient removes the caregiver (decision 092). */
  access: CaregiverAccessService;
}

const errors = errorResponses(400, 401, 404, 409, 429);

export const caregiverRoutes: FastifyPluginAsyncZod<CaregiverRouteOptions> = async (app, { db, clock, access }) => {
  const caregivers = createCaregiverService({
    db,
    clock,
    onRemoved: (tx, call) => access.end(call, 'caregiver-removed', undefined, tx),
  });
  // CAREGIVER_ALREADY_REGISTERED tells that a person cares for another patient of the program, as the public
  // identification check tells that one is enrolled: limited alike (decision 040), to the check's number a minute
  // per identification (an HMAC key) and per account, one counter each for adding and changing.
  const perMinute = app.appConfig.IDENTIFICATION_CHECK_PER_MINUTE;
  const identificationLimits = [
    app.subjectLimit(perMinute, (request) => scopeOf(request).userId, 'caregiver-identification-account'),
    app.subjectLimit(
      perMinute,
      (request) => {
        const { identification } = request.body as Caregiver;
        return `${scopeOf(request).country}/${identification.type}/${identification.number}`;
      },
      'caregiver-identification',
    ),
  ];

  app.get(
    '/caregiver',
    {
      schema: {
        tags: ['caregiver'],
        operationId: 'getCaregiver',
        summary: "The caller's caregiver",
        description: 'The caregiver, or none.',
        response: { 200: CaregiverGetResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await caregivers.get(scopeOf(request)) }),
  );

  app.post(
    '/caregiver',
    {
      preHandler: identificationLimits,
      schema: {
        tags: ['caregiver'],
        operationId: 'addCaregiver',
        summary: 'Adds a caregiver',
        description:
          'A person who already cares for another patient of the program is 409 `CAREGIVER_ALREADY_REGISTERED`. Limited per identification and per account.',
        body: CaregiverBodySchema,
        response: { 201: CaregiverResponseSchema, ...errors },
      },
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
        operationId: 'updateCaregiver',
        summary: "Changes the caller's caregiver",
        description: "An id that is not the caller's caregiver is 404.",
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
        operationId: 'removeCaregiver',
        summary: "Removes the caller's caregiver",
        description:
          "A minor must keep a caregiver (409 `CAREGIVER_REQUIRED_FOR_MINOR`); an id that is not the caller's caregiver is 404.",
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
