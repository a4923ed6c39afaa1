// The patient's purchases and redemptions (decision 059), behind the patient's door: the patient comes from the token,
// the product from the path is looked up among the patient's own. Each belongs to its feature (purchases,
// redemptions): FEATURE_DISABLED where the program turns it off.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesInCareArea } from '../../platform/care-areas.ts';
import {
  ProductPurchasesResponseSchema,
  PurchaseProductParamsSchema,
  RedemptionsResponseSchema,
  RefillsResponseSchema,
} from '@portal/contracts/purchases';
import type { Db } from '../../platform/db.ts';
import { errorResponses } from '../../platform/errors.ts';
import { scopeOf } from '../../platform/patient-auth.ts';
import { createPurchasesService } from './service.ts';
import { createRefillService } from './refills.ts';

export const purchaseRoutes: FastifyPluginAsyncZod<{ db: Db; clock: () => Date }> = async (app, { db, clock }) => {
  // Every route here is of the patient's care area `purchases` (decision 092).
  routesInCareArea(app, 'purchases');
  const purchases = createPurchasesService({ db, clock });
  const refills = createRefillService({ db, clock });

  app.get(
    '/purchases/products/:productId',
    {
      config: { feature: 'purchases' },
      schema: {
        tags: ['purchases'],
        operationId: 'getProductPurchases',
        summary: 'The caller’s purchases of one product in the last year, with the 4+1 progress and the year’s savings',
        description:
          'Purchases recorded by the program’s pharmacies with the patient’s code, newest first (reversed ones left out), each with the units that still count and when they stop; the 4+1 progress (null without the offer in the patient’s country), what expires within a month, and the savings of the calendar year per currency (discounts and the worth of the free units). A product the caller neither takes nor bought is 404.',
        params: PurchaseProductParamsSchema,
        response: { 200: ProductPurchasesResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({ data: await purchases.productPurchases(scopeOf(request), request.params.productId) }),
  );

  app.get(
    '/purchases/refills',
    {
      config: { feature: 'purchases' },
      schema: {
        tags: ['purchases'],
        operationId: 'getRefillEstimates',
        summary: 'Until when the caller’s medicines should last, from their dose and their purchases',
        description:
          'Per medicine of the caller’s live treatments: the last day what the patient bought (and the free units redeemed) at the program’s pharmacies should last at the treatment’s dose and frequency, from the presentation’s unit count, and the day the reminder e-mail is due; with the calendar UID and sequence of the reminder’s .ics. A treatment without a steady daily use (no dose, a rest between cycles, not started) or without purchases has no estimate; one that ran out more than a month ago is left out. `today` is the patient’s day in their country.',
        response: { 200: RefillsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await refills.refills(scopeOf(request), request.program.slug) }),
  );

  app.get(
    '/redemptions',
    {
      config: { feature: 'redemptions' },
      schema: {
        tags: ['purchases'],
        operationId: 'getRedemptions',
        summary: 'The free units the caller redeemed in the last year, per product',
        description:
          'Per product of the caller’s live treatments (and any other product with a redemption): the free units redeemed in the last year, newest first, each with its pharmacy; reversed ones left out.',
        response: { 200: RedemptionsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await purchases.redemptions(scopeOf(request)) }),
  );
};
