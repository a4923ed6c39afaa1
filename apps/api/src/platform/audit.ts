// The audit trail (decision 035): security-relevant events and every change to a patient's data, each written in the
// transaction of what it records. Ids, reason codes and changed field names only: never free text that could name a person.
import { auditEvent } from '../db/schema.ts';
import { actorAccountOf, actorIdOf, type Actor } from './actor.ts';
import type { Executor } from './db.ts';

/** Every action the audit trail knows; the data export shows them to the patient, so a name is never reused for another meaning. */
export const AUDIT_ACTIONS = [
  // Identity
  'login',
  'logout',
  'password-reset-requested',
  'password-reset-unknown-email',
  'password-reset-call-center',
  'password-reset',
  'session-ended',
  'other-sessions-ended',
  // Enrolment
  'signup',
  'preregistration',
  'enrolment-disowned',
  // Account
  'current-password-refused',
  'password-changed',
  'email-change-requested',
  'email-changed',
  // The old address's "this wasn't me" after an agent changed the e-mail (decision 076)
  'email-change-disowned',
  'terms-accepted',
  'data-exported',
  'account-closure-requested',
  'account-closure-cancelled',
  'account-erased',
  // My care
  'profile-updated',
  'notice-preferences-changed',
  'caregiver-added',
  'caregiver-modified',
  'caregiver-removed',
  // A caregiver's own login (decision 092): the areas granted, never the caregiver's e-mail
  'caregiver-access-invited',
  'caregiver-access-accepted',
  'caregiver-access-changed',
  'caregiver-access-ended',
  'treatment-created',
  'treatment-modified',
  'treatment-deleted',
  // Benefits (decision 045): ids only, never the code
  'discount-code-created',
  'discount-code-renewed',
  // The pharmacy loop (decision 059): ids and results only, never a key or a code
  'pharmacy-added',
  'pharmacy-key-created',
  'pharmacy-key-revoked',
  'pharmacy-verification',
  'purchase-recorded',
  'purchase-reversed',
  'free-unit-redeemed',
  'redemption-reversed',
  // A key's lookups by identification reported to the program's admins (decision 066): the reason, never a number
  'pharmacy-lookups-reported',
  // Booking (decision 058): ids and the service, never a place or a time
  'booking-confirmed',
  'booking-rescheduled',
  'booking-cancelled',
  // Whether the patient came to an appointment whose time has come, as the staff marked it (decision 085)
  'booking-attendance-recorded',
  // The staff directory (decision 068): ids, roles and reasons, never a code, a password or a token
  'staff-added',
  'staff-setup-completed',
  'staff-login',
  'staff-second-factor-refused',
  'staff-recovery-code-used',
  'staff-logout',
  'staff-disabled',
  'staff-enabled',
  // Assisted recovery (decision 076): which of the caller's answers matched, and where the link went; never the answers
  'staff-assisted-recovery',
  'staff-roles-changed',
  'staff-second-factor-reset',
  'staff-bulk-opening-alerted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  /** None only when the program is not known any more (an erased account without a patient). */
  programId: number | null;
  /** Who acted (decision 064): its kind and id are written on every event, and a patient account's id apart. */
  actor: Actor;
  action: AuditAction;
  /** What was acted on, as `kind:id` (`treatment:12`, `patient:3`). */
  subject?: string;
  detail?: Record<string, unknown>;
  createdAt: Date;
}

/** Writes one audit event, in the caller's transaction when given one (so that it commits or rolls back with the change). */
export async function recordAudit(db: Executor, { actor, ...entry }: AuditEntry): Promise<void> {
  await db
    .insert(auditEvent)
    .values({ ...entry, actorKind: actor.kind, actorId: actorIdOf(actor), actorUserId: actorAccountOf(actor) });
}

/** Writes one audit event of something done to a patient's care: the scope's program is the event's, the actor its author. */
export async function recordScopeAudit(
  db: Executor,
  scope: { programId: number },
  actor: Actor,
  entry: Omit<AuditEntry, 'programId' | 'actor'>,
): Promise<void> {
  await recordAudit(db, { programId: scope.programId, actor, ...entry });
}

/**
 * Creates one row of a patient's and records its creation, in the caller's transaction and at one instant:
 * `insert` writes the row with the given timestamps and answers its id; `audit` names the event of that id.
 */
export async function insertWithAudit<Id extends number | string>(
  db: Executor,
  scope: { programId: number },
  actor: Actor,
  now: Date,
  insert: (stamps: { createdAt: Date; updatedAt: Date }) => Promise<Id>,
  audit: (id: Id) => Omit<AuditEntry, 'programId' | 'actor' | 'createdAt'>,
): Promise<Id> {
  const id = await insert({ createdAt: now, updatedAt: now });
  await recordScopeAudit(db, scope, actor, { ...audit(id), createdAt: now });
  return id;
}
