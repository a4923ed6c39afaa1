// The areas of a patient's care (decision 092): each route of the patient door declares the area it belongs to, and a
// caregiver signed in with their own login reaches a route only in an area the patient granted. Elsewhere the answer is
// 404, as for another patient's data: a caregiver learns nothing of what the patient keeps to themself. A route that
// declares no area is the patient's own (the e-mail, the password, the consents, closing the account, the caregiver's
// access itself): never a caregiver's. `own-session` is the caller's own session (logging out, "my sessions").
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CareArea } from '@portal/contracts/caregiver-access';
import { AppError } from './errors.ts';
import type { PatientCaller } from './patient-auth.ts';

export type RouteCareArea = CareArea | 'own-session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The area of the patient's care a route of the patient door belongs to; none: the patient's own. */
    careArea?: RouteCareArea;
  }
}

/** Every route of this plugin's scope belongs to `area`, unless a route declares its own. */
export function routesInCareArea(scope: FastifyInstance, area: RouteCareArea): void {
  scope.addHook('onRoute', (route) => {
    route.config = { careArea: area, ...route.config };
  });
}

/** The area a route declares, for its `config`. */
export const inCareArea = (area: RouteCareArea) => ({ careArea: area });

/** NOT_FOUND unless the caller may reach the route: the patient always, a caregiver in the areas granted. */
export function refuseOutsideAreas(request: FastifyRequest, caller: PatientCaller): void {
  const { actor } = caller;
  if (actor.kind === 'patient') return;
  const area = request.routeOptions.config.careArea;
  if (area === 'own-session') return;
  if (!area || !actor.areas.includes(area)) throw new AppError('NOT_FOUND');
}
