// The account module's SQL for its calls: the caller's own account, sessions, e-mail changes and consents. Its part of
// the data export and of the purge is in account-data.ts, with the other modules' parts in their own folders.
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import { consumeLink, supersedeOpenLinks } from '../../platform/single-use-links.ts';
import { consentRecord, emailChange, patient, session, userAccount } from '../../db/schema.ts';
// The pool's lookups (one definition, in the platform); re-exported so that this module's queries stay in one place.
export { findPoolId, isEmailTaken } from '../patients/public.ts';

export async function findAccount(db: Executor, userId: string) {
  const [row] = await db.select().from(userAccount).where(eq(userAccount.id, userId)).limit(1);
  return row;
}

export async function updatePasswordHash(db: Executor, userId: string, passwordHash: string, now: Date) {
  await db.update(userAccount).set({ passwordHash, updatedAt: now }).where(eq(userAccount.id, userId));
}

/** Revokes every live session of the account but `keepSessionId` (none kept when it is undefined); answers how many. */
export async function revokeSessions(
  db: Executor,
  userId: string,
  reason: string,
  now: Date,
  keepSessionId?: string,
): Promise<number> {
  const rows = await db
    .update(session)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(session.userId, userId),
        isNull(session.revokedAt),
        keepSessionId ? ne(session.id, keepSessionId) : undefined,
      ),
    )
    .returning({ id: session.id });
  return rows.length;
}

export async function supersedeEmailChanges(db: Executor, userId: string, now: Date) {
  await supersedeOpenLinks(db, emailChange, userId, now);
}

export async function insertEmailChange(db: Executor, values: typeof emailChange.$inferInsert) {
  await db.insert(emailChange).values(values);
}

/** Single use: of many simultaneous openings of one link, one gets the row. */
export async function consumeEmailChange(db: Executor, nonceHash: string, now: Date) {
  return consumeLink(db, emailChange, nonceHash, now);
}

export async function updateEmail(db: Executor, userId: string, email: string, now: Date) {
  await db.update(userAccount).set({ email, updatedAt: now }).where(eq(userAccount.id, userId));
}

export async function listConsents(db: Executor, patientId: number) {
  return db
    .select({ termsVersion: consentRecord.termsVersion, acceptedAt: consentRecord.acceptedAt })
    .from(consentRecord)
    .where(eq(consentRecord.patientId, patientId))
    .orderBy(asc(consentRecord.acceptedAt), asc(consentRecord.id));
}

export async function findLatestTermsAccepted(db: Executor, patientId: number): Promise<string | null> {
  const [row] = await db
    .select({ version: patient.latestTermsAccepted })
    .from(patient)
    .where(eq(patient.id, patientId))
    .limit(1);
  return row?.version ?? null;
}

export async function recordConsent(db: Executor, patientId: number, termsVersion: string, now: Date) {
  await db.insert(consentRecord).values({ patientId, termsVersion, acceptedAt: now });
  await db.update(patient).set({ latestTermsAccepted: termsVersion, updatedAt: now }).where(eq(patient.id, patientId));
}

export async function requestClosure(db: Executor, userId: string, now: Date, eraseAfter: Date) {
  await db
    .update(userAccount)
    .set({ status: 'DISABLED', closureRequestedAt: now, eraseAfter, updatedAt: now })
    .where(eq(userAccount.id, userId));
}
