// The patient's door (decisions 034, 064): a scope opened with `PATIENT_DOOR` resolves the bearer token of its
// program's pool, before anything else runs, to who acts (the patient's account and session) and whose care it is (the
// patient scope: program, patient, plan, country). Routes read them with `callerOf(request)` and never touch the token
// or the session store. Ids in paths are looked up inside the scope's own data, so another patient's or another
// program's id is simply "not found".
import type { FastifyRequest } from 'fastify';
import type { Executor } from './db.ts';
import type { CareArea } from '@portal/contracts/caregiver-access';
import type { Actor, CaregiverActor, PatientActor } from './actor.ts';
import { defineDoor } from './door.ts';

/**
 * Whose care a call is about: always taken from a door's credential, never from the path or the body. Services read
 * and write this patient's data; who did it is the actor, which another door (a staff member's) may resolve apart.
 */
export interface PatientScope {
  programId: number;
  /** The patient's own account and its pool: their sessions, password and e-mail. */
  userId: string;
  poolId: number;
  patientId: number;
  /** The patient's current plan (the latest plan_patient) and its support plan. */
  planPatientId: number;
  supportPlanId: number;
  country: string;
  identificationType: string;
  identificationNumber: string;
  /** YYYY-MM-DD. */
  birthDate: string;
  /** Where notices about the patient's care go: the patient's own e-mail, whoever made the call. */
  contactEmail: string;
  /** The language of those notices. */
  language: 'es' | 'en';
}

/** The patient signed in: the patient door's actor always has its session. */
export type SignedInPatient = PatientActor & { sessionId: string };

/**
 * A caregiver signed in with their own login (decision 092), with the areas of the patient's care they were granted
 * (platform/care-areas.ts checks each route's against them before the route runs).
 */
export type SignedInCaregiver = CaregiverActor & { sessionId: string; areas: readonly CareArea[] };

/**
 * What the patient's door resolves: the patient acting on their own care, or their caregiver acting on it with a login
 * of their own (the scope is the patient's; the sessions are the actor's own).
 */
export interface PatientCaller {
  actor: SignedInPatient | SignedInCaregiver;
  scope: PatientScope;
}

/** Patients come in with a bearer access token of their program's identity pool. */
export const PATIENT_DOOR = defineDoor<PatientCaller>({
  name: 'patient',
  schemeName: 'bearer',
  scheme: { type: 'http', scheme: 'bearer' },
});

/** Who acts and whose care, on a route of the patient door (a route of any other door, or of none, answers 401). */
export function callerOf(request: FastifyRequest): PatientCaller {
  return PATIENT_DOOR.callerOf(request);
}

/** Whose care a route of the patient door is about. */
export function scopeOf(request: FastifyRequest): PatientScope {
  return PATIENT_DOOR.callerOf(request).scope;
}

/**
 * A write to a patient's care: whose care (the scope: whose rows, whose plan, where notices go) and who acts (the
 * audit's author). The patient's door gives both as one; another door (a staff member's) resolves them apart.
 */
export interface CareCall {
  actor: Actor;
  scope: PatientScope;
  /**
   * What the acting door writes in the change's own transaction, beside its audit: a staff member's access-log row
   * (decision 076), so that the patient's log never misses a change made on their behalf, nor names one rolled back.
   */
  alsoWrite?: (tx: Executor) => Promise<void>;
}
