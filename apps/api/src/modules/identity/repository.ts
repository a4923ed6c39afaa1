// The only place identity speaks SQL: accounts, sessions (refresh-token families), recovery links, profiles.
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Device } from './device.ts';
import type { Executor } from '../../platform/db.ts';
import { pickColumns } from '../../platform/pick-columns.ts';
import { consumeLink, isUsableLink, supersedeOpenLinks } from '../../platform/single-use-links.ts';
export { findPoolId, isEmailTaken } from '../patients/public.ts';
import { caregiver, passwordReset, patient, planPatient, session, userAccount } from '../../db/schema.ts';

export async function findAccountByEmail(db: Executor, poolId: number, email: string) {
  const [row] = await db
    .select()
    .from(userAccount)
    .where(and(eq(userAccount.poolId, poolId), eq(userAccount.email, email)))
    .limit(1);
  return row;
}

/** Address of each pool's recovery decoy account (decision 013); .invalid is reserved and never delivered. */
export const RECOVERY_DECOY_EMAIL = 'no-account@recovery.invalid';

/** The pool's recovery decoy account, created DISABLED on first use. */
export async function ensureRecoveryDecoy(
  db: Executor,
  poolId: number,
  passwordHash: string,
): Promise<{ id: string; email: string }> {
  await db
    .insert(userAccount)
    .values({ poolId, email: RECOVERY_DECOY_EMAIL, passwordHash, status: 'DISABLED', language: 'es' })
    .onConflictDoNothing();
  const found = await findAccountByEmail(db, poolId, RECOVERY_DECOY_EMAIL);
  if (!found) throw new Error('the recovery decoy account could not be created');
  return { id: found.id, email: found.email };
}

export async function findAccountById(db: Executor, poolId: number, userId: string) {
  const [row] = await db
    .select()
    .from(userAccount)
    .where(and(eq(userAccount.poolId, poolId), eq(userAccount.id, userId)))
    .limit(1);
  return row;
}

export async function insertSession(
  db: Executor,
  values: { id: string; userId: string; tokenHash: string; now: Date; absoluteExpiresAt: Date; device: Device },
) {
  await db.insert(session).values({
    id: values.id,
    userId: values.userId,
    currentTokenHash: values.tokenHash,
    createdAt: values.now,
    lastUsedAt: values.now,
    absoluteExpiresAt: values.absoluteExpiresAt,
    deviceBrowser: values.device.browser,
    deviceSystem: values.device.system,
  });
}

/**
 * What every authenticated request needs, in one round trip and one prepared statement (built once, parsed once
 * per connection): the session, its account's pool and status, and the account's patient with the latest plan
 * (an index lookup for this patient, never an aggregate over every plan) and caregiver. What it reads is kept by
 * the session cache until the database notifies a change to the account (session-cache.ts, decision 031).
 *
 * Only the columns the caller and the profile (GET /user) use: every authenticated request runs this query, and
 * each column of its answer is described, converted and mapped again on every execution (decision 030: 39
 * columns, where the whole rows were 123).
 */
export function prepareSessionProfile(db: Executor) {
  const latestPlanId = sql`(select max(${planPatient.id}) from ${planPatient} where ${planPatient.patientId} = ${patient.id})`;
  return db
    .select({
      session: pickColumns(session, ['userId', 'revokedAt', 'lastUsedAt', 'absoluteExpiresAt']),
      account: pickColumns(userAccount, ['poolId', 'status', 'email', 'language']),
      patient: pickColumns(patient, [
        'id',
        'userId',
        'programId',
        'status',
        'firstName',
        'lastName',
        'secondLastName',
        'gender',
        'birthDate',
        'country',
        'typeIdentification',
        'legalIdentification',
        'emailAlternative',
        'phoneCountry',
        'phoneNumber',
        'phoneAlternative',
        'address',
        'latestTermsAccepted',
      ]),
      plan: pickColumns(planPatient, ['id', 'supportPlanId', 'startPeriod', 'endPeriod', 'status']),
      caregiver: pickColumns(caregiver, [
        'id',
        'firstName',
        'lastName',
        'email',
        'typeIdentification',
        'legalIdentification',
        'phoneCountry',
        'phoneNumber',
      ]),
    })
    .from(session)
    .innerJoin(userAccount, eq(userAccount.id, session.userId))
    .leftJoin(patient, eq(patient.userId, session.userId))
    .leftJoin(planPatient, eq(planPatient.id, latestPlanId))
    .leftJoin(caregiver, eq(caregiver.patientId, patient.id))
    .where(eq(session.id, sql.placeholder('sessionId')))
    .limit(1)
    .prepare('identity_session_profile');
}

export type SessionProfileQuery = ReturnType<typeof prepareSessionProfile>;
export type SessionProfile = Awaited<ReturnType<SessionProfileQuery['execute']>>[number];

/** Marks a session used, at most once per `granularityMs` (no write on most reads). */
export async function touchSession(db: Executor, sessionId: string, now: Date, granularityMs: number) {
  await db
    .update(session)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(session.id, sessionId),
        isNull(session.revokedAt),
        lt(session.lastUsedAt, new Date(now.getTime() - granularityMs)),
      ),
    );
}

export async function findSession(db: Executor, sessionId: string) {
  const [row] = await db.select().from(session).where(eq(session.id, sessionId)).limit(1);
  return row;
}

/** Rotates a refresh token only if it is still the current one (one of two racing refreshes wins); keeps the old hash for the grace period. */
export async function rotateSessionToken(
  db: Executor,
  sessionId: string,
  expectedHash: string,
  nextHash: string,
  now: Date,
  device: Device,
): Promise<boolean> {
  const rows = await db
    .update(session)
    .set({
      currentTokenHash: nextHash,
      previousTokenHash: expectedHash,
      rotatedAt: now,
      generation: sql`${session.generation} + 1`,
      lastUsedAt: now,
      deviceBrowser: device.browser,
      deviceSystem: device.system,
    })
    .where(and(eq(session.id, sessionId), eq(session.currentTokenHash, expectedHash), isNull(session.revokedAt)))
    .returning({ id: session.id });
  return rows.length === 1;
}

export async function revokeSession(db: Executor, sessionId: string, reason: string, now: Date) {
  await db
    .update(session)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(session.id, sessionId), isNull(session.revokedAt)));
}

export async function revokeAllSessions(db: Executor, userId: string, reason: string, now: Date) {
  await db
    .update(session)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(session.userId, userId), isNull(session.revokedAt)));
}

/**
 * The account's live sessions ("my sessions", decision 044): not revoked, not past the absolute limit, used within the
 * idle limit (an idle one is revoked at its next use). Most recently used first.
 */
export async function listLiveSessions(db: Executor, userId: string, now: Date, idleMs: number) {
  return db
    .select({
      id: session.id,
      deviceBrowser: session.deviceBrowser,
      deviceSystem: session.deviceSystem,
      createdAt: session.createdAt,
      lastUsedAt: session.lastUsedAt,
    })
    .from(session)
    .where(
      and(
        eq(session.userId, userId),
        isNull(session.revokedAt),
        gt(session.absoluteExpiresAt, now),
        gt(session.lastUsedAt, new Date(now.getTime() - idleMs)),
      ),
    )
    .orderBy(desc(session.lastUsedAt), desc(session.createdAt));
}

/** Revokes one live session of this account only; false when it names no such session (another's, or ended). */
export async function revokeSessionOf(
  db: Executor,
  userId: string,
  sessionId: string,
  reason: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(session)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(session.id, sessionId), eq(session.userId, userId), isNull(session.revokedAt)))
    .returning({ id: session.id });
  return rows.length === 1;
}

/** Revokes every live session of the account but one (the caller's); how many it ended. */
export async function revokeOtherSessions(
  db: Executor,
  userId: string,
  keptSessionId: string,
  reason: string,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(session)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(session.userId, userId), ne(session.id, keptSessionId), isNull(session.revokedAt)))
    .returning({ id: session.id });
  return rows.length;
}

export async function supersedeResets(db: Executor, userId: string, now: Date) {
  await supersedeOpenLinks(db, passwordReset, userId, now);
}

export async function insertReset(
  db: Executor,
  values: { userId: string; nonceHash: string; expiresAt: Date; now: Date },
) {
  await db
    .insert(passwordReset)
    .values({ userId: values.userId, nonceHash: values.nonceHash, expiresAt: values.expiresAt, createdAt: values.now });
}

/** The account of a link that is unused, not superseded and not expired. */
export async function findUsableReset(db: Executor, nonceHash: string, now: Date) {
  const [row] = await db
    .select({
      userId: passwordReset.userId,
      email: userAccount.email,
      poolId: userAccount.poolId,
      language: userAccount.language,
    })
    .from(passwordReset)
    .innerJoin(userAccount, eq(userAccount.id, passwordReset.userId))
    .where(isUsableLink(passwordReset, nonceHash, now))
    .limit(1);
  return row;
}

/** Why the link of this nonce cannot be used, within its pool (decision 054); EXPIRED for a link we do not know. */
export async function findResetRefusal(
  db: Executor,
  nonceHash: string,
  poolId: number,
): Promise<'USED' | 'SUPERSEDED' | 'EXPIRED'> {
  const [row] = await db
    .select({ usedAt: passwordReset.usedAt, supersededAt: passwordReset.supersededAt })
    .from(passwordReset)
    .innerJoin(userAccount, eq(userAccount.id, passwordReset.userId))
    .where(and(eq(passwordReset.nonceHash, nonceHash), eq(userAccount.poolId, poolId)))
    .limit(1);
  if (row?.usedAt) return 'USED';
  if (row?.supersededAt) return 'SUPERSEDED';
  return 'EXPIRED';
}

/** Marks a link used; only one of many simultaneous submissions gets the row back. */
export async function consumeReset(db: Executor, nonceHash: string, now: Date) {
  return consumeLink(db, passwordReset, nonceHash, now);
}

/** Sets a new password; an account enrolled without one (UNCONFIRMED) is confirmed by it: the link proved the e-mail. */
export async function updatePassword(db: Executor, userId: string, passwordHash: string, now: Date) {
  await db
    .update(userAccount)
    .set({
      passwordHash,
      updatedAt: now,
      status: sql`case when ${userAccount.status} = 'UNCONFIRMED' then 'CONFIRMED' else ${userAccount.status} end`,
    })
    .where(eq(userAccount.id, userId));
}

export async function findPatientCountry(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ country: patient.country }).from(patient).where(eq(patient.userId, userId)).limit(1);
  return row?.country;
}

/** The patient, account, latest plan and caregiver of a user, in one query (the latest plan by an index lookup, not a scan). */
export async function findProfile(db: Executor, userId: string) {
  const latestPlanId = sql`(select max(${planPatient.id}) from ${planPatient} where ${planPatient.patientId} = ${patient.id})`;
  const [row] = await db
    .select({
      patient,
      account: { email: userAccount.email, language: userAccount.language },
      plan: planPatient,
      caregiver,
    })
    .from(patient)
    .innerJoin(userAccount, eq(userAccount.id, patient.userId))
    .leftJoin(planPatient, eq(planPatient.id, latestPlanId))
    .leftJoin(caregiver, eq(caregiver.patientId, patient.id))
    .where(eq(patient.userId, userId))
    .limit(1);
  if (!row) return undefined;
  return {
    patient: row.patient,
    account: row.account,
    plan: row.plan ?? undefined,
    caregiver: row.caregiver ?? undefined,
  };
}

/** "Close my account" cancelled by a login within the grace period: enabled again, nothing left to erase. */
export async function cancelClosure(db: Executor, userId: string, now: Date) {
  await db
    .update(userAccount)
    .set({ status: 'CONFIRMED', closureRequestedAt: null, eraseAfter: null, updatedAt: now })
    .where(eq(userAccount.id, userId));
}
