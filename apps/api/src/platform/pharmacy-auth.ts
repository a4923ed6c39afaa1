// The pharmacy's door (decision 034): a pharmacy's system calls with an API key in `X-Api-Key`. The pharmacy
// tables and the key's format come with the pharmacy loop; until then the door is declared (its scheme is in the
// OpenAPI document) and its resolver is a parameter of `buildApp`, so that no route is behind it unless given.
import type { FastifyRequest } from 'fastify';
import { defineDoor } from './door.ts';

export const PHARMACY_API_KEY_HEADER = 'x-api-key';

/** Who is calling a pharmacy route: always taken from the key, never from the path or the body. */
export interface PharmacyCaller {
  pharmacyId: number;
  programId: number;
}

export const PHARMACY_DOOR = defineDoor<PharmacyCaller>({
  name: 'pharmacy',
  schemeName: 'pharmacyApiKey',
  scheme: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
});

/** The key a request presents, if any (one header value; a repeated header is no key). */
export function apiKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[PHARMACY_API_KEY_HEADER];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** The pharmacy calling a route of the pharmacy door (a route of any other door, or of none, answers 401). */
export function pharmacyOf(request: FastifyRequest): PharmacyCaller {
  return PHARMACY_DOOR.callerOf(request);
}
