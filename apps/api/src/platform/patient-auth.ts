// The patient's door (decision 034): a scope opened with `PATIENT_DOOR` resolves the bearer token of its
// program's pool to the caller (user, session, patient, plan, program) before anything else runs; routes read
// it with `callerOf(request)` and never touch the token or the session store. Ids in paths are looked up inside
// the caller's own data, so another patient's or another program's id is simply "not found".
import type { FastifyRequest } from 'fastify';
import { defineDoor } from './door.ts';

/** Who is calling a patient route: always taken from the token, never from the path or the body. */
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

/** Patients come in with a bearer access token of their program's identity pool. */
export const PATIENT_DOOR = defineDoor<Caller>({
  name: 'patient',
  schemeName: 'bearer',
  scheme: { type: 'http', scheme: 'bearer' },
});

/** The patient calling a route of the patient door (a route of any other door, or of none, answers 401). */
export function callerOf(request: FastifyRequest): Caller {
  return PATIENT_DOOR.callerOf(request);
}
