// Treatment calls (decision 018): list, read, add, modify, delete — all inside the caller's own treatments.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesInCareArea } from '../../platform/care-areas.ts';
import {
  CreateTreatmentRequestSchema,
  DeleteTreatmentBodySchema,
  TreatmentIdParamsSchema,
  TreatmentResponseSchema,
  TreatmentsResponseSchema,
  UpdateTreatmentRequestSchema,
} from '@portal/contracts/treatments';
import type { Db } from '../../platform/db.ts';
import { callerOf, scopeOf } from '../../platform/patient-auth.ts';
import { createTreatmentService } from './service.ts';
import { errorResponses } from '../../platform/errors.ts';

export interface TreatmentRouteOptions {
  db: Db;
  clock: () => Date;
}

const errors = errorResponses(400, 401, 404, 409, 422, 429);

export const treatmentRoutes: FastifyPluginAsyncZod<TreatmentRouteOptions> = async (app, { db, clock }) => {
  // Every route here is of the patient's care area `treatments` (decision 092).
  routesInCareArea(app, 'treatments');
  const treatments = createTreatmentService({ db, clock });

  app.get(
    '/treatments',
    {
      schema: {
        tags: ['treatments'],
        operationId: 'listTreatments',
        summary: "The caller's treatments",
        description: 'Each treatment with its product, dose, frequency, doctor and start date.',
        response: { 200: TreatmentsResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await treatments.list(scopeOf(request)) }),
  );

  app.get(
    '/treatments/:id',
    {
      schema: {
        tags: ['treatments'],
        operationId: 'getTreatment',
        summary: "One of the caller's treatments",
        description: 'An id of another patient is 404, as an unknown one.',
        params: TreatmentIdParamsSchema,
        response: { 200: TreatmentResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await treatments.get(scopeOf(request), request.params.id) }),
  );

  app.post(
    '/treatments',
    {
      schema: {
        tags: ['treatments'],
        operationId: 'addTreatment',
        summary: 'Adds a treatment',
        description:
          "Validated against the patient plan's field settings; a product already in treatment is 409 `TREATMENT_DUPLICATED`, a dose not approved 422 `DOSE_NOT_APPROVED`.",
        body: CreateTreatmentRequestSchema,
        response: { 201: TreatmentResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await treatments.create(callerOf(request), request.body) }),
  );

  app.put(
    '/treatments/:id',
    {
      schema: {
        tags: ['treatments'],
        operationId: 'updateTreatment',
        summary: "Changes one of the caller's treatments",
        description: "With the doctor's authorisation confirmed; an id of another patient is 404.",
        params: TreatmentIdParamsSchema,
        body: UpdateTreatmentRequestSchema,
        response: { 200: TreatmentResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await treatments.update(callerOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/treatments/:id',
    {
      schema: {
        tags: ['treatments'],
        operationId: 'removeTreatment',
        summary: "Removes one of the caller's treatments",
        description: 'An id of another patient is 404.',
        params: TreatmentIdParamsSchema,
        body: DeleteTreatmentBodySchema,
        response: { 200: TreatmentResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await treatments.remove(callerOf(request), request.params.id, request.body) }),
  );
};
