// The staff directory's SQL (decision 068): members and roles, set-up links, recovery codes, login challenges and
// sessions. Every single-use row (a link, a challenge, a code) is used up by one conditional UPDATE ... RETURNING, so
// of simultaneous uses only one gets it.
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { StaffRole } from '@portal/contracts/staff';
import {
  program,
  staffLoginChallenge,
  staffMember,
  staffRecoveryCode,
  staffRole,
  staffSession,
  staffSetupLink,
} from '../../db/schema.ts';
import type { Executor } from '../../platform/db.ts';
import { isOpenLink } from '../../platform/single-use-links.ts';

export type StaffMemberRow = typeof staffMember.$inferSelect;

export async function findMemberByEmail(db: Executor, email: string): Promise<StaffMemberRow | undefined> {
  const [row] = await db
    .select()
    .from(staffMember)
    .where(sql`lower(${staffMember.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findMember(db: Executor, staffId: string): Promise<StaffMemberRow | undefined> {
  const [row] = await db.select().from(staffMember).where(eq(staffMember.id, staffId));
  return row;
}

export async function insertMember(
  db: Executor,
  member: { email: string; roles: { programId: number; role: StaffRole }[] },
  now: Date,
): Promise<string> {
  const [row] = await db
    .insert(staffMember)
    .values({ email: member.email.toLowerCase(), status: 'active', createdAt: now, updatedAt: now })
    .returning({ id: staffMember.id });
  const staffId = row!.id;
  await db.insert(staffRole).values(member.roles.map((role) => ({ staffId, ...role, createdAt: now })));
  return staffId;
}

/** The member's roles with their programs, in a stable order (program, then role). */
export async function rolesOf(
  db: Executor,
  staffId: string,
): Promise<{ programId: number; slug: string; name: string; role: StaffRole }[]> {
  return db
    .select({ programId: staffRole.programId, slug: program.slug, name: program.name, role: staffRole.role })
    .from(staffRole)
    .innerJoin(program, eq(program.id, staffRole.programId))
    .where(eq(staffRole.staffId, staffId))
    .orderBy(asc(program.slug), asc(staffRole.role));
}

// --- set-up links -------------------------------------------------------------------------------------------------

export async function insertSetupLink(
  db: Executor,
  staffId: string,
  stored: { nonceHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  // A newer link supersedes the older ones still open.
  await db
    .update(staffSetupLink)
    .set({ supersededAt: stored.createdAt })
    .where(
      and(eq(staffSetupLink.staffId, staffId), isNull(staffSetupLink.usedAt), isNull(staffSetupLink.supersededAt)),
    );
  await db.insert(staffSetupLink).values({ staffId, ...stored });
}

/** The link of this nonce if it is usable (unused, not superseded, not expired) and its member is active. */
export async function findUsableSetupLink(db: Executor, nonceHash: string, now: Date) {
  const [row] = await db
    .select({
      linkId: staffSetupLink.id,
      staffId: staffSetupLink.staffId,
      pendingTotpSecretEnc: staffSetupLink.pendingTotpSecretEnc,
      email: staffMember.email,
    })
    .from(staffSetupLink)
    .innerJoin(staffMember, eq(staffMember.id, staffSetupLink.staffId))
    .where(
      and(
        isOpenLink(staffSetupLink, nonceHash, now),
        isNull(staffSetupLink.supersededAt),
        eq(staffMember.status, 'active'),
      ),
    );
  return row;
}

export async function setPendingTotpSecret(db: Executor, linkId: string, sealed: string): Promise<void> {
  await db.update(staffSetupLink).set({ pendingTotpSecretEnc: sealed }).where(eq(staffSetupLink.id, linkId));
}

/**
 * Uses the link up, if it is still usable and still carries the secret the code was checked against (a second
 * opening meanwhile drew another one): one UPDATE ... RETURNING.
 */
export async function consumeSetupLink(
  db: Executor,
  nonceHash: string,
  pendingTotpSecretEnc: string,
  now: Date,
): Promise<{ staffId: string } | undefined> {
  const [row] = await db
    .update(staffSetupLink)
    .set({ usedAt: now })
    .where(
      and(
        isOpenLink(staffSetupLink, nonceHash, now),
        isNull(staffSetupLink.supersededAt),
        eq(staffSetupLink.pendingTotpSecretEnc, pendingTotpSecretEnc),
      ),
    )
    .returning({ staffId: staffSetupLink.staffId });
  return row;
}

export async function completeSetup(
  db: Executor,
  staffId: string,
  values: { firstName: string; lastName: string; passwordHash: string; totpSecretEnc: string; totpLastStep: number },
  now: Date,
): Promise<void> {
  await db
    .update(staffMember)
    .set({ ...values, setupCompletedAt: now, updatedAt: now })
    .where(eq(staffMember.id, staffId));
}

// --- recovery codes -----------------------------------------------------------------------------------------------

export async function replaceRecoveryCodes(db: Executor, staffId: string, hashes: string[], now: Date): Promise<void> {
  await db.delete(staffRecoveryCode).where(eq(staffRecoveryCode.staffId, staffId));
  await db.insert(staffRecoveryCode).values(hashes.map((codeHash) => ({ staffId, codeHash, createdAt: now })));
}

export async function unusedRecoveryCodes(db: Executor, staffId: string): Promise<{ id: number; codeHash: string }[]> {
  return db
    .select({ id: staffRecoveryCode.id, codeHash: staffRecoveryCode.codeHash })
    .from(staffRecoveryCode)
    .where(and(eq(staffRecoveryCode.staffId, staffId), isNull(staffRecoveryCode.usedAt)))
    .orderBy(asc(staffRecoveryCode.id));
}

/** Uses a recovery code up; false when another request used it first. */
export async function useRecoveryCode(db: Executor, codeId: number, now: Date): Promise<boolean> {
  const used = await db
    .update(staffRecoveryCode)
    .set({ usedAt: now })
    .where(and(eq(staffRecoveryCode.id, codeId), isNull(staffRecoveryCode.usedAt)))
    .returning({ id: staffRecoveryCode.id });
  return used.length === 1;
}

// --- the second factor's step -------------------------------------------------------------------------------------

export async function insertChallenge(
  db: Executor,
  staffId: string,
  nonceHash: string,
  now: Date,
  ttlMs: number,
): Promise<void> {
  await db
    .insert(staffLoginChallenge)
    .values({ staffId, nonceHash, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) });
}

/** The open challenge of this nonce and its member (active, set up), without using it up. */
export async function findOpenChallenge(db: Executor, nonceHash: string, now: Date) {
  const [row] = await db
    .select({ challengeId: staffLoginChallenge.id, member: staffMember })
    .from(staffLoginChallenge)
    .innerJoin(staffMember, eq(staffMember.id, staffLoginChallenge.staffId))
    .where(and(isOpenLink(staffLoginChallenge, nonceHash, now), eq(staffMember.status, 'active')));
  return row;
}

export async function consumeChallenge(db: Executor, challengeId: string, now: Date): Promise<boolean> {
  const used = await db
    .update(staffLoginChallenge)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffLoginChallenge.id, challengeId),
        isNull(staffLoginChallenge.usedAt),
        gt(staffLoginChallenge.expiresAt, now),
      ),
    )
    .returning({ id: staffLoginChallenge.id });
  return used.length === 1;
}

/**
 * Records the time step a code was accepted for, only if it is later than the last one: a code is accepted once, and
 * of two simultaneous uses of one code only one passes (false for the other).
 */
export async function advanceTotpStep(db: Executor, staffId: string, step: number, now: Date): Promise<boolean> {
  const advanced = await db
    .update(staffMember)
    .set({ totpLastStep: step, updatedAt: now })
    .where(
      and(
        eq(staffMember.id, staffId),
        sql`(${staffMember.totpLastStep} IS NULL OR ${staffMember.totpLastStep} < ${step})`,
      ),
    )
    .returning({ id: staffMember.id });
  return advanced.length === 1;
}

// --- sessions -----------------------------------------------------------------------------------------------------

export async function insertSession(
  db: Executor,
  staffId: string,
  tokenHash: string,
  now: Date,
  maxMs: number,
): Promise<{ id: string; absoluteExpiresAt: Date }> {
  const [row] = await db
    .insert(staffSession)
    .values({
      staffId,
      tokenHash,
      createdAt: now,
      lastSeenAt: now,
      absoluteExpiresAt: new Date(now.getTime() + maxMs),
    })
    .returning({ id: staffSession.id, absoluteExpiresAt: staffSession.absoluteExpiresAt });
  return row!;
}

/**
 * The live session of this token, touched: one UPDATE that finds it only when it has not ended, was used within the
 * idle time, is before its absolute end, and its member is active; it then moves its last use to now. Undefined for
 * anything else, so that an end anywhere (logout, a disabled member) holds from the next call on every instance.
 * The member's roles come back with it, from the same statement (decision 091): the staff door's one round trip.
 */
export async function touchLiveSession(
  db: Executor,
  tokenHash: string,
  now: Date,
  idleMs: number,
): Promise<
  | {
      sessionId: string;
      member: Pick<StaffMemberRow, 'id' | 'email' | 'firstName' | 'lastName'>;
      roles: { programId: number; role: StaffRole }[];
    }
  | undefined
> {
  const idleSince = new Date(now.getTime() - idleMs);
  const [row] = await db
    .update(staffSession)
    .set({ lastSeenAt: now })
    .from(staffMember)
    .where(
      and(
        eq(staffSession.tokenHash, tokenHash),
        isNull(staffSession.endedAt),
        gt(staffSession.lastSeenAt, idleSince),
        gt(staffSession.absoluteExpiresAt, now),
        eq(staffMember.id, staffSession.staffId),
        eq(staffMember.status, 'active'),
      ),
    )
    .returning({
      sessionId: staffSession.id,
      id: staffMember.id,
      email: staffMember.email,
      firstName: staffMember.firstName,
      lastName: staffMember.lastName,
      roles: sql<
        { programId: number; role: StaffRole }[]
      >`(select coalesce(json_agg(json_build_object('programId', ${staffRole.programId}, 'role', ${staffRole.role})), '[]'::json) from ${staffRole} where ${staffRole.staffId} = ${staffMember.id})`,
    });
  if (!row) return undefined;
  const { sessionId, roles, ...member } = row;
  return { sessionId, member, roles };
}

export async function endSession(db: Executor, sessionId: string, reason: string, now: Date): Promise<void> {
  await db
    .update(staffSession)
    .set({ endedAt: now, endedReason: reason })
    .where(and(eq(staffSession.id, sessionId), isNull(staffSession.endedAt)));
}

/** Ends every live session of the member; answers how many. */
export async function endSessionsOf(db: Executor, staffId: string, reason: string, now: Date): Promise<number> {
  const ended = await db
    .update(staffSession)
    .set({ endedAt: now, endedReason: reason })
    .where(and(eq(staffSession.staffId, staffId), isNull(staffSession.endedAt)))
    .returning({ id: staffSession.id });
  return ended.length;
}

export async function disableMember(db: Executor, staffId: string, now: Date): Promise<boolean> {
  const disabled = await db
    .update(staffMember)
    .set({ status: 'disabled', disabledAt: now, updatedAt: now })
    .where(and(eq(staffMember.id, staffId), eq(staffMember.status, 'active')))
    .returning({ id: staffMember.id });
  return disabled.length === 1;
}

/** A disabled member may log in again (decision 078, re-enabling); their ended sessions stay ended. */
export async function enableMember(db: Executor, staffId: string, now: Date): Promise<boolean> {
  const enabled = await db
    .update(staffMember)
    .set({ status: 'active', disabledAt: null, updatedAt: now })
    .where(and(eq(staffMember.id, staffId), eq(staffMember.status, 'disabled')))
    .returning({ id: staffMember.id });
  return enabled.length === 1;
}

// --- the admin's console (decision 077) ---------------------------------------------------------------------------

/** Members holding a role in one of these programs, with the time of their last session's start, by e-mail. */
export async function listMembersOfPrograms(db: Executor, programIds: number[], staffId?: string) {
  if (programIds.length === 0) return [];
  const inPrograms = sql`${staffMember.id} IN (SELECT ${staffRole.staffId} FROM ${staffRole} WHERE ${inArray(staffRole.programId, programIds)})`;
  return db
    .select({
      id: staffMember.id,
      email: staffMember.email,
      firstName: staffMember.firstName,
      lastName: staffMember.lastName,
      status: staffMember.status,
      totpSecretEnc: staffMember.totpSecretEnc,
      lastLoginAt: sql<
        Date | string | null
      >`(SELECT max(${staffSession.createdAt}) FROM ${staffSession} WHERE ${staffSession.staffId} = ${staffMember.id})`,
    })
    .from(staffMember)
    .where(staffId === undefined ? inPrograms : and(inPrograms, eq(staffMember.id, staffId)))
    .orderBy(asc(staffMember.email));
}

/** The roles of these members in these programs, with the programs' slugs and names. */
export async function rolesInPrograms(db: Executor, staffIds: string[], programIds: number[]) {
  if (staffIds.length === 0 || programIds.length === 0) return [];
  return db
    .select({
      staffId: staffRole.staffId,
      programId: staffRole.programId,
      slug: program.slug,
      name: program.name,
      role: staffRole.role,
    })
    .from(staffRole)
    .innerJoin(program, eq(program.id, staffRole.programId))
    .where(and(inArray(staffRole.staffId, staffIds), inArray(staffRole.programId, programIds)))
    .orderBy(asc(program.slug), asc(staffRole.role));
}

/** Replaces the member's roles in these programs with `roles` (roles in other programs stay). */
export async function replaceRolesInPrograms(
  db: Executor,
  staffId: string,
  programIds: number[],
  roles: { programId: number; role: StaffRole }[],
  now: Date,
): Promise<void> {
  await db.delete(staffRole).where(and(eq(staffRole.staffId, staffId), inArray(staffRole.programId, programIds)));
  if (roles.length > 0) await db.insert(staffRole).values(roles.map((role) => ({ staffId, ...role, createdAt: now })));
}

/**
 * Forgets the member's second factor (the authenticator's secret and the recovery codes): they cannot log in until
 * they set it up again from a fresh link. False when the member is not active.
 */
export async function resetSecondFactor(db: Executor, staffId: string, now: Date): Promise<boolean> {
  const reset = await db
    .update(staffMember)
    .set({ totpSecretEnc: null, totpLastStep: null, setupCompletedAt: null, updatedAt: now })
    .where(and(eq(staffMember.id, staffId), eq(staffMember.status, 'active')))
    .returning({ id: staffMember.id });
  if (reset.length !== 1) return false;
  await db.delete(staffRecoveryCode).where(eq(staffRecoveryCode.staffId, staffId));
  return true;
}
