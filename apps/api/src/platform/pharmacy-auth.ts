// The pharmacy's door (decisions 034, 059): a pharmacy's system calls with an API key in `X-Api-Key`; the key's format,
// its lookup and the pharmacy API live in modules/pharmacy.
import type { FastifyRequest } from 'fastify';
import type { PharmacyActor } from './actor.ts';
import { defineDoor } from './door.ts';

export const PHARMACY_API_KEY_HEADER = 'x-api-key';

/** Who is calling a pharmacy route: always taken from the key, never from the path or the body. */
export interface PharmacyCaller {
  pharmacyId: number;
  programId: number;
  /** The key (the counter) that called: recorded with what it does; null for the operator's import of a report. */
  apiKeyId: number | null;
  /** The pharmacy's country: its currency, and the benefits that apply at its counter. */
  country: string;
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

/** Who acts when a pharmacy calls (decision 064): the pharmacy and its counter's key. */
export function pharmacyActorOf(caller: Pick<PharmacyCaller, 'pharmacyId' | 'apiKeyId'>): PharmacyActor {
  return { kind: 'pharmacy', pharmacyId: caller.pharmacyId, apiKeyId: caller.apiKeyId };
}
