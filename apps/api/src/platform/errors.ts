// One error body for every failure: { error: { code, message, errorId?, fieldErrors?, details? } }.
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_ID_HEADER } from '@portal/contracts/constants';
import { ERROR_CATALOGUE, ErrorBodySchema, type ErrorBody, type ErrorCode } from '@portal/contracts/errors';
import { isUnavailableError, UNAVAILABLE_RETRY_AFTER_S, unavailableCode } from './unavailable.ts';

type ErrorResponses<Status extends number> = Record<Status, typeof ErrorBodySchema>;

/** The error answers a route declares for the OpenAPI document, each with the one error body: `...errorResponses(400, 404)`. */
export function errorResponses<Status extends number>(...statuses: Status[]): ErrorResponses<Status> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema])) as ErrorResponses<Status>;
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly fieldErrors?: Record<string, string[]>,
    readonly details?: Record<string, unknown>,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export function errorBody(code: ErrorCode, extra: Partial<ErrorBody['error']> = {}): ErrorBody {
  return { error: { code, message: ERROR_CATALOGUE[code].messageKey, ...extra } };
}

function sendError(reply: FastifyReply, code: ErrorCode, extra: Partial<ErrorBody['error']> = {}) {
  const status = ERROR_CATALOGUE[code].status;
  if (status >= 500) {
    const errorId = extra.errorId ?? randomUUID();
    reply.header(ERROR_ID_HEADER, errorId);
    // Every 503 is worth retrying later (a dependency is down, the password hashing is full): say when.
    if (status === 503 && !reply.hasHeader('retry-after')) {
      const retryAfter = extra.details?.retryAfterSeconds;
      reply.header('retry-after', String(typeof retryAfter === 'number' ? retryAfter : UNAVAILABLE_RETRY_AFTER_S));
    }
    return reply.status(status).send(errorBody(code, { ...extra, errorId }));
  }
  // A lock a rule of the call decided (a pharmacy key's code guesses): when to try again.
  if (status === 429 && typeof extra.details?.retryAfterSeconds === 'number' && !reply.hasHeader('retry-after'))
    reply.header('retry-after', String(extra.details.retryAfterSeconds));
  return reply.status(status).send(errorBody(code, extra));
}

const STATUS_TO_CODE: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** Field errors keyed by the dotted path of the failing field; values are message keys or zod messages. */
function fieldErrorsOf(error: FastifyError): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  if (!hasZodFastifySchemaValidationErrors(error)) return fieldErrors;
  for (const issue of error.validation) {
    const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    const message =
      issue.message && /^[a-zA-Z0-9]+(\.[a-zA-Z0-9]+)+$/.test(issue.message) ? issue.message : 'errors.validation';
    (fieldErrors[key] ??= []).push(message);
  }
  return fieldErrors;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return sendError(reply, error.code, {
        ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
        ...(error.details ? { details: error.details } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendError(reply, 'VALIDATION_FAILED', { fieldErrors: fieldErrorsOf(error) });
    }
    const status = error.statusCode ?? 500;
    const mapped = STATUS_TO_CODE[status];
    if (status < 500 && mapped) {
      if (status === 429) reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
      return sendError(reply, mapped);
    }
    // The database (or Redis) is down or restarting: a 503 the client may retry, not a bug.
    if (isUnavailableError(error)) {
      const errorId = randomUUID();
      request.log.warn({ code: unavailableCode(error), errorId }, 'dependency unavailable');
      return sendError(reply, 'SERVICE_UNAVAILABLE', { errorId });
    }
    // Internal failure: log it with an id, answer with the id only (never the internal message).
    const errorId = randomUUID();
    request.log.error({ err: error, errorId }, 'request failed');
    return sendError(reply, status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL', { errorId });
  });
}

export function notFound(reply: FastifyReply) {
  return sendError(reply, 'NOT_FOUND');
}

/**
 * The constraint of a unique violation (SQLSTATE 23505), wherever it sits: node-postgres and PGlite both raise
 * a DatabaseError with `code` and `constraint`, which drizzle wraps in a DrizzleQueryError (`cause`).
 */
export function uniqueViolationOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      if (typeof candidate.constraint === 'string' && candidate.constraint) return candidate.constraint;
      return /unique constraint "([^"]+)"/.exec(String(candidate.message))?.[1] ?? '';
    }
    current = candidate.cause;
  }
  return undefined;
}

/** Field errors keyed by the dotted path; values are message keys (anything else reads as errors.validation). */
export function fieldErrorsOfIssues(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    const message = /^[a-zA-Z0-9]+(\.[a-zA-Z0-9]+)+$/.test(issue.message) ? issue.message : 'errors.validation';
    const list = (fieldErrors[key] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return fieldErrors;
}
