// The pharmacy API (decision 059): behind the pharmacy's door (its key in `X-Api-Key`, resolved before the body is
// read), under the `pharmacy` tag. The pharmacy is always the key's; the patient is always found by a code or an
// identification inside the key's program.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  COUNTER_DAY_MAX_ENTRIES,
  CounterDayResponseSchema,
  IdempotencyHeadersSchema,
  PharmacyMeResponseSchema,
  PurchaseIdParamsSchema,
  PurchaseResponseSchema,
  RecordPurchaseRequestSchema,
  RedeemRequestSchema,
  RedemptionIdParamsSchema,
  RedemptionResponseSchema,
  ReversalRequestSchema,
  VerifyRequestSchema,
  VerifyResponseSchema,
} from '@portal/contracts/pharmacy';
import { errorResponses } from '../../platform/errors.ts';
import { pharmacyOf } from '../../platform/pharmacy-auth.ts';
import type { PharmacyService } from './service.ts';

export interface PharmacyRouteOptions {
  pharmacy: PharmacyService;
  /** Verifications a minute per key, and of those the lookups by identification, a minute and a day. */
  verifyPerMinute: number;
  identificationPerMinute: number;
  identificationPerDay: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const tags = ['pharmacy'];
const IDEMPOTENCY =
  'Idempotent by the pharmacy’s receipt and product, and by an optional `Idempotency-Key` header: the same request again gets the entry as it now stands (201; `reversedAt` set if it was reversed since) with the progress now; another request with that receipt or key is `IDEMPOTENCY_KEY_REUSED` (409). Requests are compared as the server reads them: the code however it was typed, the same instant in any offset, the same amount however many decimals.';
const CODE =
  'The code as typed or scanned (grouping, case, `i`/`l`/`o` do not matter). A wrong check character is `VALIDATION_FAILED` on `code` before any lookup; an unknown, renewed, expired, other-program or closed-account code is `DISCOUNT_CODE_INVALID` (404). The live code of a general benefit’s coupon (a support line, home delivery) is `DISCOUNT_CODE_NOT_AT_COUNTER` (422): the counter does not record it, its coupon says where it is used. Only unknown codes count toward the key’s guessing lock (a valid code neither counts nor clears it): from the 5th the key waits (429 with `Retry-After`), whatever code it sends.';

/** What the two reversals say of themselves in the API's document; the rest of their route is the same. */
const REVERSAL_DOCS = {
  purchase: {
    operationId: 'reversePurchase',
    summary: 'Reverses a purchase the counter entered by mistake',
    description:
      'Only by the pharmacy that recorded it, on the same day (in its country), with a reason; recorded, never deleted. `REVERSAL_NOT_ALLOWED` (409, `details.reason`: already-reversed, not-same-day, redeemed: its units already gave a free unit). Another pharmacy’s purchase is 404.',
  },
  redemption: {
    operationId: 'reverseRedemption',
    summary: 'Reverses a free unit the counter entered by mistake',
    description:
      'Only by the pharmacy that recorded it, on the same day (in its country), with a reason; recorded, never deleted; the units it used count again. `REVERSAL_NOT_ALLOWED` (409, `details.reason`: already-reversed, not-same-day). Another pharmacy’s redemption is 404.',
  },
} as const;

/** A purchase and a free unit are reversed alike: the entry's id in the path, the reason in the body. */
function reversalOptions<Params extends z.ZodType, Answer extends z.ZodType>(
  kind: keyof typeof REVERSAL_DOCS,
  params: Params,
  answer: Answer,
) {
  return {
    schema: {
      tags,
      ...REVERSAL_DOCS[kind],
      params,
      body: ReversalRequestSchema,
      response: { 200: answer, ...errorResponses(400, 401, 404, 409) },
    },
  };
}

export const pharmacyRoutes: FastifyPluginAsyncZod<PharmacyRouteOptions> = async (
  app,
  { pharmacy, verifyPerMinute, identificationPerMinute, identificationPerDay },
) => {
  const keyOf = (request: Parameters<typeof pharmacyOf>[0]) => String(pharmacyOf(request).apiKeyId);
  const verifyLimit = app.subjectLimit(verifyPerMinute, keyOf, 'pharmacy-verify', { standardHeaders: true });
  const identificationKeyOf = (request: Parameters<typeof pharmacyOf>[0]) =>
    (request.body as object | undefined) && 'identification' in (request.body as object) ? keyOf(request) : undefined;
  // The day's cap first: a key refused by it is refused until the day ends, whatever the minute allows.
  const identificationDailyCap = app.subjectLimit(
    identificationPerDay,
    identificationKeyOf,
    'pharmacy-identification-day',
    {
      standardHeaders: true,
      windowMs: DAY_MS,
      onLimitReached: (request) => pharmacy.alertAdmins(pharmacyOf(request), 'dailyCap'),
    },
  );
  const identificationLimit = app.subjectLimit(
    identificationPerMinute,
    identificationKeyOf,
    'pharmacy-identification',
    {
      standardHeaders: true,
    },
  );

  app.get(
    '/pharmacy/me',
    {
      schema: {
        tags,
        operationId: 'getPharmacy',
        summary: 'Tells which pharmacy a key belongs to',
        description:
          'The name, chain, branch and country of the key’s pharmacy and the currency of its amounts: what a counter shows to say where it is signed in, and the cheapest way to check a key (an unknown, mistyped, revoked or other-program key is 401). Reads no patient.',
        response: { 200: PharmacyMeResponseSchema, ...errorResponses(401, 429) },
      },
    },
    async (request) => ({ data: await pharmacy.describe(pharmacyOf(request)) }),
  );

  app.get(
    '/pharmacy/today',
    {
      schema: {
        tags,
        operationId: 'getCounterDay',
        summary: 'Lists what this key recorded today, newest first',
        description: `The purchases and free units the calling key entered on today's date in the pharmacy's country (at most ${COUNTER_DAY_MAX_ENTRIES}), each with its product, receipt, amounts and reversal: what a counter lists so that a mistake can be reversed after a reload or on another tab. Rows of the pharmacy's report and of other keys are not listed. Reads no patient's name, identification or code.`,
        response: { 200: CounterDayResponseSchema, ...errorResponses(401, 429) },
      },
    },
    async (request) => ({ data: await pharmacy.today(pharmacyOf(request)) }),
  );

  app.post(
    '/pharmacy/verifications',
    {
      preHandler: [verifyLimit, identificationDailyCap, identificationLimit],
      schema: {
        tags,
        operationId: 'verifyPatient',
        summary: 'Verifies a discount code, or a patient’s identification, at the counter',
        description: `What the program gives the patient at this pharmacy: per product the discount, the 4+1 progress and free units available now (its caps the offer's, across its products, unless the program caps each product), the code and its validity; the patient's first name and masked identification, nothing else personal. ${CODE} By identification the answer is the same but \`code\` is null: the counter records with the code the patient shows. An identification that names no enrolled patient with a usable code is \`DISCOUNT_CODE_INVALID\` too, and counts double toward the key's guessing lock (the key waits from its third). Limited per key (\`RateLimit-Policy\`, \`RateLimit\`), lookups by identification more strictly, a minute and a day; a key that reaches the day's cap or the lock by identification is reported to the program's admins. Every verification is recorded for the program's audit.`,
        body: VerifyRequestSchema,
        response: { 200: VerifyResponseSchema, ...errorResponses(400, 401, 404, 422, 429) },
      },
    },
    async (request) => ({ data: await pharmacy.verify(pharmacyOf(request), request.body) }),
  );

  app.post(
    '/pharmacy/purchases',
    {
      schema: {
        tags,
        operationId: 'recordPurchase',
        summary: 'Records a purchase made with the patient’s code',
        description: `The discount is the program's for the product at this pharmacy, applied by the server (never taken from the body); amounts are exact decimals in the currency of the pharmacy's country. \`purchasedAt\` may be neither in the future nor more than a year back. Answers the purchase and the patient's 4+1 progress for the product. ${IDEMPOTENCY} ${CODE}`,
        headers: IdempotencyHeadersSchema,
        body: RecordPurchaseRequestSchema,
        response: { 201: PurchaseResponseSchema, ...errorResponses(400, 401, 404, 409, 422, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await pharmacy.recordPurchase(pharmacyOf(request), request.body, request.headers['idempotency-key']),
      }),
  );

  app.post(
    '/pharmacy/redemptions',
    {
      schema: {
        tags,
        operationId: 'redeemFreeUnit',
        summary: 'Redeems one free unit of the product (the 4+1 offer)',
        description: `201 when the patient has a free unit of the product now: it uses the oldest counted units, and says which purchases. \`NO_FREE_UNIT\` (409, \`details.reason\`: not-enough-units, month-cap, year-cap, no-offer) otherwise. Two counters redeeming the same free unit at once: one succeeds, the other gets \`NO_FREE_UNIT\`. ${IDEMPOTENCY} ${CODE}`,
        headers: IdempotencyHeadersSchema,
        body: RedeemRequestSchema,
        response: { 201: RedemptionResponseSchema, ...errorResponses(400, 401, 404, 409, 422, 429) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await pharmacy.redeem(pharmacyOf(request), request.body, request.headers['idempotency-key']) }),
  );

  app.post(
    '/pharmacy/purchases/:purchaseId/reversal',
    reversalOptions('purchase', PurchaseIdParamsSchema, PurchaseResponseSchema),
    async (request) => ({
      data: await pharmacy.reversePurchase(pharmacyOf(request), request.params.purchaseId, request.body.reason),
    }),
  );

  app.post(
    '/pharmacy/redemptions/:redemptionId/reversal',
    reversalOptions('redemption', RedemptionIdParamsSchema, RedemptionResponseSchema),
    async (request) => ({
      data: await pharmacy.reverseRedemption(pharmacyOf(request), request.params.redemptionId, request.body.reason),
    }),
  );
};
