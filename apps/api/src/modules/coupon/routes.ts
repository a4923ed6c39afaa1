// The coupon link's call (decision 047): public, behind the `couponCode` feature, limited per address and per patient
// plan named by a signed link (decision 067). The link's parameters travel in the query string, which request logs never carry (platform/logger.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CouponLinkQuerySchema, CouponResponseSchema } from '@portal/contracts/benefits';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { errorResponses } from '../../platform/errors.ts';
import { openCoupon, signedLinkOf, type CouponSources } from './service.ts';

export interface CouponRouteOptions {
  db: Db;
  config: AppConfig;
  clock: () => Date;
  sources: CouponSources;
}

export const couponRoutes: FastifyPluginAsyncZod<CouponRouteOptions> = async (app, { db, config, clock, sources }) => {
  app.get(
    '/coupon',
    {
      config: {
        feature: 'couponCode',
        rateLimit: {
          max: config.COUPON_LINK_PER_MINUTE * config.RATE_LIMIT_ADDRESS_FACTOR,
          timeWindow: '1 minute',
        },
      },
      // Per plan, only links the server signed: a forged link naming a plan (plan ids are small numbers) counts
      // toward its address's limit above, never toward the plan's, so nobody can block a patient's genuine link.
      preHandler: app.subjectLimit(config.COUPON_LINK_PER_MINUTE, (request) => {
        const signed = signedLinkOf(config.signingKeys, request.program.id, request.query);
        return signed ? String(signed.ids.patientPlanId) : undefined;
      }),
      schema: {
        tags: ['benefits'],
        operationId: 'getCoupon',
        summary: 'The coupon a signed coupon link names (public)',
        description:
          'Opens the link the call center sent (/{lang}/coupon?pp&sp&gb&iumb&e&s): the general benefit, the code of ' +
          "that benefit for the patient plan (made on the first opening, the same one after) and the patient's first " +
          'name. A link that is forged, expired, withdrawn, of another program, or whose ids do not belong together ' +
          "answers 410 COUPON_LINK_INVALID with the program's call-center phones in `details.phones` (per country), " +
          'whatever the reason. Limited per address (every request) and per patient plan (only links whose signature ' +
          "verifies: a forged link cannot spend a patient's openings).",
        querystring: CouponLinkQuerySchema,
        response: { 200: CouponResponseSchema, ...errorResponses(400, 404, 410, 429, 503) },
      },
    },
    async (request) => ({
      data: await openCoupon(db, request.program, request.query, { config, now: clock(), sources }),
    }),
  );
};
