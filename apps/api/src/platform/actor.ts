// Who acts (decision 064): every door resolves the person or system acting apart from whose care it is (the patient
// scope, platform/patient-auth.ts). Services take the scope for whose data they read or write and the actor for who did
// it; the audit trail records the actor's kind and id on every event, and notices about a patient's care go to the
// patient's contact, never to the actor because it called.

/** The patient, signed in with their own account (or, where no session is open yet, the account that acted). */
export interface PatientActor {
  kind: 'patient';
  userId: string;
  /** The session the call came with; null for what an account does before or without one (a login, a mailed link). */
  sessionId: string | null;
}

/** A partner pharmacy's system: its counter's key, or none for the operator's import of its report. */
export interface PharmacyActor {
  kind: 'pharmacy';
  pharmacyId: number;
  apiKeyId: number | null;
}

/** One of the program's own people (a call-center agent, a nurse, a manager, an admin), signed in to the staff door. */
export interface StaffActor {
  kind: 'staff';
  staffId: string;
  /** The session the call came with; null for what a member does before one is open (the set-up, a refused code). */
  sessionId: string | null;
}

/**
 * A patient's caregiver, signed in with their own account (decision 092): acts on the care of the one patient whose
 * access they hold, in the areas the patient granted. Their sessions are their own; the patient's are never theirs.
 */
export interface CaregiverActor {
  kind: 'caregiver';
  /** The caregiver's own account in the program's pool. */
  userId: string;
  /** The session the call came with; null for what the account does before one is open (accepting the invitation). */
  sessionId: string | null;
  /** The access the patient granted (caregiver_access), whose areas the call was checked against. */
  accessId: number;
}

/** Someone not signed in: a recovery request for an e-mail, a coupon link opened. */
export interface VisitorActor {
  kind: 'visitor';
}

/** The portal itself or its operator: a command run on the server (`accounts:purge`, `pharmacies:key`) or a job. */
export interface SystemActor {
  kind: 'system';
  /** The command or job that acted: `accounts:purge`, `booking-reminders`. */
  name: string;
}

export type Actor = PatientActor | CaregiverActor | PharmacyActor | StaffActor | VisitorActor | SystemActor;
export type ActorKind = Actor['kind'];

export const VISITOR: VisitorActor = { kind: 'visitor' };

/** The system actor of a command or job. */
export const systemActor = (name: string): SystemActor => ({ kind: 'system', name });

/** The actor's id as the audit trail keeps it (`actor_id`): the account, pharmacy, staff member or command. */
export function actorIdOf(actor: Actor): string | null {
  switch (actor.kind) {
    case 'patient':
    case 'caregiver':
      return actor.userId;
    case 'pharmacy':
      return String(actor.pharmacyId);
    case 'staff':
      return actor.staffId;
    case 'system':
      return actor.name;
    case 'visitor':
      return null;
  }
}

/**
 * The patient account that acted, when the actor is one (the data export's "activity" is read by it). Never a caregiver's:
 * the patient's activity names what the patient did; what a caregiver did is listed apart (decision 092).
 */
export function actorAccountOf(actor: Actor): string | null {
  return actor.kind === 'patient' ? actor.userId : null;
}

/** A patient account acting without a session of its own: a login, a mailed link it followed, its sign-up. */
export const accountActor = (userId: string): PatientActor => ({ kind: 'patient', userId, sessionId: null });
