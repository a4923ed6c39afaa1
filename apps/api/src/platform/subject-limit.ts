// Limits keyed by who is targeted (an e-mail, an identification, a mailed link), on top of the per-address ones.
// Many patients share one public address (carrier NAT, clinic Wi-Fi): the per-address limit of an abuse-prone
// call is looser by RATE_LIMIT_ADDRESS_FACTOR, and the strict limit counts attempts against one subject, so
// one attacker behind a shared address spends only the attempts on the accounts they target.
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { SigningKeys } from './crypto.ts';

type SubjectOf = (request: FastifyRequest) => string | undefined;

export interface SubjectLimitOptions {
  /**
   * Send the IETF draft's `RateLimit-Policy` (`60;w=60`) and `RateLimit` (`limit=60, remaining=59, reset=42`) on every
   * counted answer, for callers that pace themselves (a pharmacy's system; decision 059).
   */
  standardHeaders?: boolean;
  /** The window, 1 minute unless given (a pharmacy key's lookups by identification a day, decision 066). */
  windowMs?: number;
  /** Called once a window, by the counted call that reaches `max` (the next one is refused): to tell someone. */
  onLimitReached?: (request: FastifyRequest) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A preHandler that limits `max` calls a minute per subject (undefined subject: not counted). Counted per route,
     * or per `scope`: the routes given the same preHandler with a scope share one counter (decision 040).
     */
    subjectLimit: (
      max: number,
      subjectOf: SubjectOf,
      scope?: string,
      options?: SubjectLimitOptions,
    ) => preHandlerAsyncHookHandler;
  }
}

/** The key is an HMAC with a key of its own (decision 035): neither Redis nor a memory dump holds a bare e-mail or document number. */
export function subjectKey(keys: SigningKeys, route: string, subject: string): string {
  return `subject:${keys.sign('rate-limit-subject', `${route}\n${subject.trim().toLowerCase()}`)}`;
}

export function registerSubjectLimit(app: FastifyInstance, keys: SigningKeys): void {
  app.decorate('subjectLimit', (max: number, subjectOf: SubjectOf, scope?: string, options?: SubjectLimitOptions) => {
    // createRateLimit, not rateLimit: the per-address limit already ran on this request and the plugin
    // runs its own handler once per request.
    const windowMs = options?.windowMs ?? 60_000;
    const check = app.createRateLimit({
      max,
      timeWindow: windowMs,
      keyGenerator: (request) =>
        subjectKey(keys, scope ?? request.routeOptions.url ?? request.url, subjectOf(request) ?? ''),
      allowList: (request) => subjectOf(request) === undefined,
    });
    return async (request, reply) => {
      const result = await check(request);
      if (!result.isAllowed && options?.standardHeaders) {
        reply.header('ratelimit-policy', `${max};w=${Math.round(windowMs / 1000)}`);
        reply.header('ratelimit', `limit=${max}, remaining=${result.remaining}, reset=${result.ttlInSeconds}`);
      }
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw Object.assign(new Error('rate limited'), { statusCode: 429, rateLimitKind: 'subject' });
      }
      if (!result.isAllowed && result.remaining === 0) await options?.onLimitReached?.(request);
    };
  });
}
