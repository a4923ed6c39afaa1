// The OpenAPI document as a contract a partner generates a client from (decision 057). Routes declare what only
// they know: operationId, summary, description, tags, their body, parameters, success answers and the error answers
// of their own rules (409, 410, 422, a 404 of a lookup). This module adds what follows from the platform, the same
// way for every route, so that no route can forget it:
// - `security: []` on a route behind no door (the doors mark theirs, platform/door.ts);
// - 400 when the call takes input, 401 behind a door, 404 with an id in the path or behind a feature toggle, 429 and
//   503 on every call (the per-address limit and an unavailable database), each a `$ref` to one response of
//   `components.responses` in the catalogue's error shape, with `Retry-After`, the rate-limit and the error-id headers;
// - the servers (one per program: the program comes from the host, decision 003), the tags' descriptions, the
//   info's description and licence;
// - the properties of an exhaustive record (`z.record(z.enum(...), ...)`), which zod lists as required only.
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ERROR_CATALOGUE, type ErrorCode } from '@portal/contracts/errors';
import { securitySchemesOf, type Door } from './door.ts';

/** Every tag an operation may carry, with the description the document gives it (a test refuses any other tag). */
export const API_TAGS = {
  identity: "Log in, refresh the tokens, recover the password, and the patient's own profile and sessions.",
  signup: 'Enrolment in a program: the checks the sign-up makes along the way, and the sign-up itself.',
  profile: 'The patient changes what the patient may change of their profile.',
  caregiver: "The patient's caregiver: read, add, change and remove.",
  treatments: "The patient's treatments: list, add, change and remove.",
  benefits: "The program's benefits for the patient: discount codes per product and the signed coupon link.",
  booking:
    "Appointments for the program's services: free slots in the patient's country's time, a held slot, book, move and cancel.",
  learning: "The patient's progress through the program's lessons.",
  purchases:
    "The patient's purchases at the program's pharmacies, the 4+1 progress and the free units redeemed, as the pharmacies recorded them.",
  account: "The patient's account: password, e-mail, consents, a copy of their data, closing the account.",
  resource: "The program's public resources: countries, feature toggles, plans, branding and field settings.",
  platform: 'What the web app reports to the server (client-side errors).',
  pharmacy:
    "A pharmacy's system, with its API key in `X-Api-Key`: verify a patient's discount code, record purchases, redeem free units, reverse a mistake.",
  staff:
    "The program's own people (call-center agents, nurses, managers, admins): set up an account with a password and an authenticator, log in with both, and the staff member's own session.",
} as const;
export type ApiTag = keyof typeof API_TAGS;

type Json = Record<string, unknown>;
type Operation = Json & {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  security?: Record<string, string[]>[];
  tags?: string[];
};

/** The vendor key that carries a route's feature toggle from `transform` to `transformObject` (removed there). */
const FEATURE_KEY = 'x-portal-feature';

/** The name of each error status's response in `components.responses`. */
const RESPONSE_NAMES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthenticated',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  408: 'RequestTimeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  422: 'UnprocessableContent',
  429: 'RateLimited',
  431: 'HeadersTooLarge',
  500: 'InternalError',
  503: 'ServiceUnavailable',
};

const RESPONSE_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is not valid: `VALIDATION_FAILED` with `fieldErrors` keyed by the dotted path of each field, or a rule of the call refused it.',
  401: 'No credential, or one this call does not accept (expired, revoked, of another program or of another kind of caller).',
  403: 'Forbidden.',
  404: "Not found: an id that does not exist or is not the caller's (another patient's or another program's ids are never told apart from unknown ones), or a feature the program has turned off (`FEATURE_DISABLED`).",
  405: 'Method not allowed.',
  408: 'The request was not received in time.',
  409: 'A conflict with what already exists (see `error.code`).',
  410: 'A link or code that is used, expired or superseded.',
  413: 'The body is too large.',
  415: 'The body is not `application/json`.',
  422: 'The request is well formed but a rule of the program refuses it.',
  429: 'Too many calls: wait `Retry-After` seconds. Every call counts against a limit per address (`X-RateLimit-*`); some calls also count per subject (an e-mail, an identification, a key).',
  431: 'The request headers are too large.',
  500: 'An unexpected failure; `error.errorId` (also in `X-Error-Id`) names it in the server logs.',
  503: 'A dependency is down or the server is saturated: retry after `Retry-After` seconds.',
};

const SUCCESS_DESCRIPTIONS: Record<string, string> = {
  '200': 'The answer.',
  '201': 'Created: the answer describes what was made.',
  '202': 'Accepted: the work goes on after the answer.',
  '204': 'Done; no body.',
};

/** A response header that carries a count (calls, seconds). */
const countHeader = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } }) as const;

const HEADERS = {
  RetryAfter: {
    description: 'Seconds to wait before calling again.',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
  RateLimitLimit: countHeader("The calls allowed per minute by this call's limit per address."),
  RateLimitRemaining: countHeader('The calls left in the current minute.'),
  RateLimitReset: countHeader('Seconds until the current minute ends and the count starts again.'),
  StandardRateLimitPolicy: {
    description:
      'The limit per subject of this call, as the IETF draft writes it (`60;w=60`: 60 calls a 60-second window); the pharmacy API sends it, per key.',
    schema: { type: 'string', maxLength: 64 },
  },
  StandardRateLimit: {
    description:
      'Where the caller stands in that limit (`limit=60, remaining=12, reset=41`: seconds until the window ends).',
    schema: { type: 'string', maxLength: 128 },
  },
  ErrorId: {
    description: 'The id the server logs carry for this failure (also `error.errorId`).',
    schema: { type: 'string', maxLength: 64 },
  },
} as const;

const ref = (kind: 'headers' | 'responses', name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** The headers of each error status's response. */
function headersOf(status: number): Record<string, unknown> | undefined {
  if (status === 429)
    return {
      'Retry-After': ref('headers', 'RetryAfter'),
      'X-RateLimit-Limit': ref('headers', 'RateLimitLimit'),
      'X-RateLimit-Remaining': ref('headers', 'RateLimitRemaining'),
      'X-RateLimit-Reset': ref('headers', 'RateLimitReset'),
      'RateLimit-Policy': ref('headers', 'StandardRateLimitPolicy'),
      RateLimit: ref('headers', 'StandardRateLimit'),
    };
  if (status === 503) return { 'Retry-After': ref('headers', 'RetryAfter'), 'X-Error-Id': ref('headers', 'ErrorId') };
  if (status === 500) return { 'X-Error-Id': ref('headers', 'ErrorId') };
  return undefined;
}

/** The catalogue's error body, its `code` narrowed to the codes of one status. */
function errorBodySchema(status: number): Json {
  const codes = (Object.keys(ERROR_CATALOGUE) as ErrorCode[]).filter((code) => ERROR_CATALOGUE[code].status === status);
  return {
    type: 'object',
    properties: {
      error: {
        type: 'object',
        properties: {
          code: { type: 'string', enum: codes, description: 'The error catalogue code.' },
          message: {
            type: 'string',
            description: 'A message key (never an internal message); the screen translates it.',
          },
          errorId: { type: 'string', description: 'Present on 5xx: the id the server logs carry for this failure.' },
          fieldErrors: {
            type: 'object',
            additionalProperties: { type: 'array', items: { type: 'string' } },
            description: 'Message keys per field, keyed by the dotted path of the field.',
          },
          details: { type: 'object', additionalProperties: {}, description: 'Extra, code-specific data.' },
        },
        required: ['code', 'message'],
      },
    },
    required: ['error'],
  };
}

function errorResponse(status: number): Json {
  const headers = headersOf(status);
  return {
    description: RESPONSE_DESCRIPTIONS[status] ?? 'An error (see `error.code`).',
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: errorBodySchema(status) } },
  };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** The error statuses the platform adds to an operation, whatever the route declares. */
function platformStatuses(operation: Operation, feature: unknown): number[] {
  const statuses = [429, 503];
  const takesInput = Boolean(operation.requestBody) || (operation.parameters ?? []).length > 0;
  if (takesInput) statuses.push(400);
  if ((operation.security ?? []).length > 0) statuses.push(401);
  if (feature || (operation.parameters ?? []).some((parameter) => parameter.in === 'path')) statuses.push(404);
  return statuses;
}

/** zod writes `z.record(z.enum([...]), v)` as `required` names without `properties`: each name gets the value's schema. */
function completeRecords(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) completeRecords(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  const required = schema.required;
  const additional = schema.additionalProperties;
  if (Array.isArray(required) && additional && typeof additional === 'object') {
    const properties = { ...((schema.properties as Json | undefined) ?? {}) };
    for (const name of required as string[]) properties[name] ??= additional;
    schema.properties = properties;
  }
  for (const value of Object.values(schema)) completeRecords(value);
}

export interface DocumentOptions {
  /** PUBLIC_URL: each program's origin is its host under it (`alivio.` + the host), as in the mailed links. */
  programOrigins: { slug: string; name: string; origin: string }[];
  version: string;
  /** The doors the modules open, in the list's order: each one's security scheme (decision 064). */
  doors: readonly Pick<Door<unknown>, 'schemeName' | 'scheme'>[];
}

/** Completes the document fastify-swagger generated (see the header of this file). */
export function completeDocument(document: Json, options: DocumentOptions): Json {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  const usedStatuses = new Set<number>();
  const usedTags = new Set<string>();
  const usedSchemes = new Set<string>();
  for (const [url, item] of Object.entries(paths)) {
    if (!url.startsWith('/api/')) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const feature = operation[FEATURE_KEY];
      delete operation[FEATURE_KEY];
      operation.security ??= [];
      for (const requirement of operation.security) for (const name of Object.keys(requirement)) usedSchemes.add(name);
      for (const tag of operation.tags ?? []) usedTags.add(tag);
      const responses: Record<string, unknown> = { ...(operation.responses ?? {}) };
      for (const status of platformStatuses(operation, feature)) responses[String(status)] ??= {};
      const ordered: Record<string, unknown> = {};
      for (const key of Object.keys(responses).sort()) {
        const status = Number(key);
        const name = RESPONSE_NAMES[status];
        // Every failure answers the catalogue's one error body (platform/errors.ts): one response per status.
        if (status >= 400 && name) {
          usedStatuses.add(status);
          ordered[key] = ref('responses', name);
        } else {
          const answer = responses[key] as Json;
          // fastify-swagger's placeholder says nothing: say what the status means.
          if (answer.description === 'Default Response')
            answer.description = SUCCESS_DESCRIPTIONS[key] ?? 'The answer.';
          ordered[key] = answer;
        }
      }
      operation.responses = ordered;
    }
  }
  completeRecords(paths);
  const components = (document.components ?? {}) as Json;
  const statuses = [...usedStatuses].sort((a, b) => a - b);
  const usesHeader = (name: string) =>
    statuses.some((status) => JSON.stringify(headersOf(status) ?? {}).includes(`/headers/${name}"`));
  return {
    ...document,
    info: {
      title: 'Patient portal API',
      version: options.version,
      description: [
        "The API of a pharmaceutical patient-support program's portal: the patient's web app and the pharmacies' systems.",
        '',
        '**Programs.** Each program is served on its own host (one server per program below): the host names the program, and a credential of one program is refused by the others.',
        '',
        '**Callers.** A patient calls with the bearer access token of `POST /api/v1/login` (`bearer`); a pharmacy with its API key in `X-Api-Key` (`pharmacyApiKey`); a staff member with the bearer token of `POST /api/v1/staff/login/second-factor` (`staffBearer`). Each kind of caller is refused by the routes of the others (401).',
        '',
        '**Errors.** Every failure answers one shape, `{ error: { code, message, errorId?, fieldErrors?, details? } }`: `code` is a code of the error catalogue, `message` a message key. Every call is rate-limited per address (429 with `Retry-After`); a dependency that is down answers 503 with `Retry-After`.',
      ].join('\n'),
      license: { name: 'Proprietary' },
    },
    servers: options.programOrigins.map(({ slug, name, origin }) => ({
      url: origin,
      description: `${name} (${slug})`,
    })),
    tags: (Object.keys(API_TAGS) as ApiTag[])
      .filter((tag) => usedTags.has(tag))
      .map((tag) => ({ name: tag, description: API_TAGS[tag] })),
    components: {
      ...components,
      // A door's scheme once a route is behind it (the pharmacy's comes with its routes).
      securitySchemes: securitySchemesOf(options.doors.filter((door) => usedSchemes.has(door.schemeName))),
      responses: Object.fromEntries(statuses.map((status) => [RESPONSE_NAMES[status], errorResponse(status)])),
      headers: Object.fromEntries(Object.entries(HEADERS).filter(([name]) => usesHeader(name))),
    },
    paths,
  };
}

/** @fastify/swagger's options: the routes' zod schemas as JSON Schema, then the document completed. */
export function swaggerOptions(options: DocumentOptions): FastifyDynamicSwaggerOptions {
  return {
    // The schemes are needed while the routes are read (fastify-swagger keeps their headers out of the parameters).
    openapi: {
      info: { title: 'Patient portal API', version: options.version },
      components: { securitySchemes: securitySchemesOf(options.doors) },
    },
    transform: (input) => {
      const result = jsonSchemaTransform(input) as { schema: Json; url: string };
      const feature = (input.route.config as { feature?: string } | undefined)?.feature;
      if (feature && result.schema) result.schema[FEATURE_KEY] = feature;
      return result;
    },
    transformObject: (input) =>
      completeDocument(
        ('openapiObject' in input ? input.openapiObject : input.swaggerObject) as Json,
        options,
      ) as never,
  };
}
