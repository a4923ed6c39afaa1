// Doors (decision 034): how a kind of caller gets in. A door names its OpenAPI security scheme and, when a scope
// is opened with it, resolves the credential of every request of that scope to a typed caller before anything
// else runs (on `onRequest`, before the body is parsed or validated, so an anonymous call is a 401 whatever it
// sends). Each door keeps its callers apart: `door.callerOf(request)` answers only on a route of that same door,
// so a pharmacy's caller can never be read as a patient's, nor the other way round.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** An OpenAPI security scheme object, of the kinds the doors use. */
export type SecuritySchemeObject = { type: 'http'; scheme: 'bearer' } | { type: 'apiKey'; in: 'header'; name: string };

/** Resolves a request's credential to its caller, or throws UNAUTHENTICATED. */
export type DoorResolver<TCaller> = (request: FastifyRequest) => Promise<TCaller>;

export interface Door<TCaller> {
  /** Who comes in through it: 'patient', 'pharmacy'. */
  readonly name: string;
  /** The security scheme's key in the OpenAPI document's components, and its definition. */
  readonly schemeName: string;
  readonly scheme: SecuritySchemeObject;
  /**
   * Puts every route of `scope` (a plugin's own encapsulated instance) behind this door: each is marked in the
   * OpenAPI document with the door's scheme, and its caller is resolved with `resolve` before anything else.
   * A route already behind another door (a door opened inside another's scope) is a programming error.
   */
  open(scope: FastifyInstance, resolve: DoorResolver<TCaller>): void;
  /** The caller of a route of this door; on any other route a programming error, answered 401 (never another door's caller). */
  callerOf(request: FastifyRequest): TCaller;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The door that let this request in and the caller it resolved; read through `door.callerOf(request)`. */
    doorName: string | null;
    doorCaller: unknown;
  }
  interface FastifyContextConfig {
    /** The door a route is behind (set by `Door.open`). */
    door?: string;
  }
}

/** Reserves the request's door slots once, at the root, so every request has the same shape. */
export function decorateDoors(app: FastifyInstance): void {
  app.decorateRequest('doorName', null);
  app.decorateRequest('doorCaller', null);
}

export function defineDoor<TCaller>(definition: {
  name: string;
  schemeName: string;
  scheme: SecuritySchemeObject;
}): Door<TCaller> {
  const { name, schemeName } = definition;
  return {
    ...definition,
    open(scope, resolve) {
      scope.addHook('onRoute', (route) => {
        const current = route.config as { door?: string } | undefined;
        if (current?.door && current.door !== name)
          throw new Error(
            `${String(route.method)} ${route.url}: behind the ${current.door} door, cannot also be behind the ${name} door`,
          );
        route.config = { ...route.config, door: name };
        route.schema = { ...route.schema, security: [{ [schemeName]: [] }] };
      });
      scope.addHook('onRequest', async (request) => {
        request.doorCaller = await resolve(request);
        request.doorName = name;
      });
    },
    callerOf(request) {
      if (request.doorName !== name || request.doorCaller === null) throw new AppError('UNAUTHENTICATED');
      return request.doorCaller as TCaller;
    },
  };
}

/** The `securitySchemes` of the OpenAPI document's components: one per door, whether its routes exist yet or not. */
export function securitySchemesOf(
  doors: readonly Pick<Door<unknown>, 'schemeName' | 'scheme'>[],
): Record<string, SecuritySchemeObject> {
  return Object.fromEntries(doors.map((door) => [door.schemeName, door.scheme]));
}
