// One door for the patient: a scope of routes registered with `authenticatedScope` gets the caller on
// `request.caller` (user, session, patient, plan, program) before anything else runs; routes read it with
// `callerOf(request)` and never touch the token or the session store. Ids in paths are looked up inside the
// caller's own data, so another patient's or another program's id is simply "not found".
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** Who is calling an authenticated route: always taken from the token, never from the path or the body. */
export interface Caller {
  userId: string;
  sessionId: string;
  poolId: number;
  programId: number;
  patientId: number;
  /** The patient's current plan (the latest plan_patient) and its support plan. */
  planPatientId: number;
  supportPlanId: number;
  country: string;
  identificationType: string;
  identificationNumber: string;
  /** YYYY-MM-DD. */
  birthDate: string;
  email: string;
  language: 'es' | 'en';
}

/** Resolves the bearer token of a request to its caller, or throws UNAUTHENTICATED. */
export type CallerResolver = (request: FastifyRequest) => Promise<Caller>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on routes of an authenticated scope; read it with `callerOf(request)`. */
    caller: Caller | null;
  }
}

export function decorateCaller(app: FastifyInstance): void {
  app.decorateRequest('caller', null);
}

/** The caller of an authenticated route (a route outside such a scope has none: a programming error answers 401). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError('UNAUTHENTICATED');
  return request.caller;
}

/**
 * Makes every route of `scope` (a plugin's own encapsulated instance) require a patient's token: the caller is
 * resolved on `onRequest`, before the body is parsed or validated, so an anonymous call is a 401 whatever it
 * sends; the OpenAPI document marks each route with the bearer scheme.
 */
export function authenticatedScope(scope: FastifyInstance, resolve: CallerResolver): void {
  scope.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ bearer: [] }] };
  });
  scope.addHook('onRequest', async (request) => {
    request.caller = await resolve(request);
  });
}
