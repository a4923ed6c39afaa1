// Benefit calls (decision 045): the caller's benefits, and a discount code per product of their live treatments; all
// of them off where the program turns the benefits feature off (decision 034).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesInCareArea } from '../../platform/care-areas.ts';
import { BenefitsResponseSchema, DiscountCodeResponseSchema, ProductIdParamsSchema } from '@portal/contracts/benefits';
import type { Db } from '../../platform/db.ts';
import { errorResponses } from '../../platform/errors.ts';
import { callerOf, scopeOf } from '../../platform/patient-auth.ts';
import { createBenefitsService } from './service.ts';

export interface BenefitRouteOptions {
  db: Db;
  clock: () => Date;
  /** Codes made or renewed a minute per patient, both calls together. */
  codesPerMinute: number;
}

const errors = errorResponses(400, 401, 404, 429);

export const benefitRoutes: FastifyPluginAsyncZod<BenefitRouteOptions> = async (app, { db, clock, codesPerMinute }) => {
  // Every route here is of the patient's care area `codes` (decision 092).
  routesInCareArea(app, 'codes');
  const benefits = createBenefitsService({
    db,
    clock,
    onCodeIssued: (programId) => app.metrics.count('codes_issued', programId),
  });
  // One counter per patient for making and renewing codes (an idempotent repeat counts too: it is a write call).
  const codeLimit = app.subjectLimit(codesPerMinute, (request) => scopeOf(request).userId, 'discount-code');

  app.get(
    '/benefits',
    {
      schema: {
        tags: ['benefits'],
        description:
          "The program's benefits for the patient's products: each product's discount and whether it has a live discount code.",
        operationId: 'getBenefits',
        summary:
          "The benefits of the caller's live treatments' products (with their codes) and the plan's general ones",
        response: { 200: BenefitsResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await benefits.overview(scopeOf(request)) }),
  );

  app.get(
    '/benefits/products/:productId/discount-code',
    {
      schema: {
        tags: ['benefits'],
        description:
          "The code a pharmacy verifies at the counter, with its check character. A product not in the caller's treatments is 404.",
        operationId: 'getDiscountCode',
        summary: "The live discount code of one of the caller's products (404 when none was made yet)",
        params: ProductIdParamsSchema,
        response: { 200: DiscountCodeResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await benefits.getCode(scopeOf(request), request.params.productId) }),
  );

  app.put(
    '/benefits/products/:productId/discount-code',
    {
      preHandler: codeLimit,
      schema: {
        tags: ['benefits'],
        description: 'Idempotent: answers the live code when there is one. Limited per patient.',
        operationId: 'ensureDiscountCode',
        summary: 'Makes the discount code of the product if there is none (201), or answers the live one (200)',
        params: ProductIdParamsSchema,
        response: { 200: DiscountCodeResponseSchema, 201: DiscountCodeResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { card, created } = await benefits.ensureCode(callerOf(request), request.params.productId);
      return reply.code(created ? 201 : 200).send({ data: card });
    },
  );

  app.post(
    '/benefits/products/:productId/discount-code/renew',
    {
      preHandler: codeLimit,
      schema: {
        tags: ['benefits'],
        description:
          'For a code the patient thinks leaked. Renewals of one plan queue on the plan (across instances); a renewal within ten seconds of the last one answers that renewal’s code rather than making another, so that two renewals at once (a double tap, two tabs) both answer the one new code, and it works at the pharmacy. Limited per patient.',
        operationId: 'renewDiscountCode',
        summary: 'A new discount code for the product; the old one stops working at once',
        params: ProductIdParamsSchema,
        response: { 200: DiscountCodeResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await benefits.renewCode(callerOf(request), request.params.productId) }),
  );
};
