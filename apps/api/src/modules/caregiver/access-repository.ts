// The only place a caregiver's access and invitations speak SQL (decision 092). Every query by a patient is scoped by
// the caller's patient id; an invitation is found only by its nonce's hash.
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import { isOpenLink } from '../../platform/single-use-links.ts';
import { caregiver, caregiverAccess, caregiverInvitation, patient, planPatient, userAccount } from '../../db/schema.ts';

export type CaregiverAccessRow = typeof caregiverAccess.$inferSelect;

const live = isNull(caregiverAccess.endedAt);

/** The patient's live access (invited or active), with its latest open invitation's expiry. */
export async function findLiveOfPatient(db: Executor, patientId: number) {
  const [row] = await db
    .select({ access: caregiverAccess, invitationExpiresAt: caregiverInvitation.expiresAt })
    .from(caregiverAccess)
    .leftJoin(
      caregiverInvitation,
      and(
        eq(caregiverInvitation.accessId, caregiverAccess.id),
        isNull(caregiverInvitation.usedAt),
        isNull(caregiverInvitation.supersededAt),
      ),
    )
    .where(and(eq(caregiverAccess.patientId, patientId), live))
    .orderBy(desc(caregiverInvitation.expiresAt))
    .limit(1);
  return row;
}

/** The patient's caregiver as registered (its e-mail and first name are the invitation's). */
export async function findCaregiverOf(db: Executor, patientId: number) {
  const [row] = await db
    .select({
      id: caregiver.id,
      email: caregiver.email,
      firstName: caregiver.firstName,
      patientFirstName: patient.firstName,
    })
    .from(caregiver)
    .innerJoin(patient, eq(patient.id, caregiver.patientId))
    .where(eq(caregiver.patientId, patientId))
    .limit(1);
  return row;
}

/** The account of this e-mail in the pool, and the patients whose care it held or holds. */
export async function findAccountOfEmail(db: Executor, poolId: number, email: string) {
  const [found] = await db
    .select({ id: userAccount.id, patientId: patient.id })
    .from(userAccount)
    .leftJoin(patient, eq(patient.userId, userAccount.id))
    .where(and(eq(userAccount.poolId, poolId), eq(userAccount.email, email)))
    .limit(1);
  if (!found) return undefined;
  const account = { id: found.id, isPatient: found.patientId !== null };
  const cared = await db
    .selectDistinct({ patientId: caregiverAccess.patientId })
    .from(caregiverAccess)
    .where(eq(caregiverAccess.userId, account.id));
  return { ...account, patientIds: cared.map((row) => row.patientId) };
}

/** Whether another patient's live access went to this e-mail (an invitation not yet accepted included). */
export async function invitedByAnother(db: Executor, programId: number, patientId: number, email: string) {
  const [row] = await db
    .select({ id: caregiverAccess.id })
    .from(caregiverAccess)
    .where(
      and(
        eq(caregiverAccess.programId, programId),
        eq(caregiverAccess.email, email),
        live,
        sql`${caregiverAccess.patientId} <> ${patientId}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertAccess(db: Executor, values: typeof caregiverAccess.$inferInsert): Promise<number> {
  const [row] = await db.insert(caregiverAccess).values(values).returning({ id: caregiverAccess.id });
  return row!.id;
}

/** Changes the patient's live access (only if it is the one of `id`, when given); undefined when it has none. */
export async function updateLive(
  db: Executor,
  patientId: number,
  values: Partial<typeof caregiverAccess.$inferInsert>,
  id?: number,
): Promise<CaregiverAccessRow | undefined> {
  const [row] = await db
    .update(caregiverAccess)
    .set(values)
    .where(
      and(eq(caregiverAccess.patientId, patientId), live, id === undefined ? undefined : eq(caregiverAccess.id, id)),
    )
    .returning();
  return row;
}

/** Ends the live accesses of these ids (the coming-of-age job's), answering the ones it ended. */
export async function endAccesses(db: Executor, ids: number[], reason: string, now: Date) {
  if (ids.length === 0) return [];
  return db
    .update(caregiverAccess)
    .set({ endedAt: now, endedReason: reason, updatedAt: now })
    .where(and(inArray(caregiverAccess.id, ids), live))
    .returning();
}

export async function supersedeInvitations(db: Executor, accessId: number, now: Date) {
  await db
    .update(caregiverInvitation)
    .set({ supersededAt: now })
    .where(
      and(
        eq(caregiverInvitation.accessId, accessId),
        isNull(caregiverInvitation.usedAt),
        isNull(caregiverInvitation.supersededAt),
      ),
    );
}

export async function insertInvitation(
  db: Executor,
  values: { accessId: number; nonceHash: string; expiresAt: Date; now: Date },
) {
  await db.insert(caregiverInvitation).values({
    accessId: values.accessId,
    nonceHash: values.nonceHash,
    expiresAt: values.expiresAt,
    createdAt: values.now,
  });
}

const usableInvitation = (nonceHash: string, now: Date) =>
  and(isOpenLink(caregiverInvitation, nonceHash, now), isNull(caregiverInvitation.supersededAt))!;

/** The live, not yet accepted access of a usable invitation, with the patient's first name. */
export async function findByInvitation(db: Executor, nonceHash: string, now: Date) {
  const [row] = await db
    .select({ access: caregiverAccess, patientFirstName: patient.firstName })
    .from(caregiverInvitation)
    .innerJoin(caregiverAccess, eq(caregiverAccess.id, caregiverInvitation.accessId))
    .innerJoin(patient, eq(patient.id, caregiverAccess.patientId))
    .where(and(usableInvitation(nonceHash, now), live, isNull(caregiverAccess.acceptedAt)))
    .limit(1);
  return row;
}

/** Uses an invitation up: of many simultaneous acceptances, one gets its access id. */
export async function consumeInvitation(db: Executor, nonceHash: string, now: Date): Promise<number | undefined> {
  const [row] = await db
    .update(caregiverInvitation)
    .set({ usedAt: now })
    .where(usableInvitation(nonceHash, now))
    .returning({ accessId: caregiverInvitation.accessId });
  return row?.accessId;
}

/**
 * What the patient door needs of a caregiver's account (decision 092), in one statement: the live, accepted access it
 * holds, the patient whose care it is, the patient's latest plan and the patient's own account (where notices go).
 */
export function prepareCaregiverScope(db: Executor) {
  const latestPlanId = sql`(select max(${planPatient.id}) from ${planPatient} where ${planPatient.patientId} = ${patient.id})`;
  return db
    .select({
      accessId: caregiverAccess.id,
      areas: caregiverAccess.areas,
      grantedForMinor: caregiverAccess.grantedForMinor,
      patientId: patient.id,
      patientUserId: patient.userId,
      programId: patient.programId,
      country: patient.country,
      typeIdentification: patient.typeIdentification,
      legalIdentification: patient.legalIdentification,
      birthDate: patient.birthDate,
      planId: planPatient.id,
      supportPlanId: planPatient.supportPlanId,
      email: userAccount.email,
      language: userAccount.language,
      poolId: userAccount.poolId,
      patientStatus: userAccount.status,
    })
    .from(caregiverAccess)
    .innerJoin(patient, eq(patient.id, caregiverAccess.patientId))
    .innerJoin(userAccount, eq(userAccount.id, patient.userId))
    .innerJoin(planPatient, eq(planPatient.id, latestPlanId))
    .where(and(eq(caregiverAccess.userId, sql.placeholder('userId')), live, isNotNull(caregiverAccess.acceptedAt)))
    .limit(1)
    .prepare('caregiver_scope');
}

/** Live accesses granted for a minor (the coming-of-age job reads them with the patient's birth date and country). */
export async function liveForMinors(db: Executor) {
  return db
    .select({
      access: caregiverAccess,
      birthDate: patient.birthDate,
      country: patient.country,
      patientUserId: patient.userId,
    })
    .from(caregiverAccess)
    .innerJoin(patient, eq(patient.id, caregiverAccess.patientId))
    .where(and(live, eq(caregiverAccess.grantedForMinor, true)))
    .orderBy(desc(caregiverAccess.id));
}

export async function findAccessById(db: Executor, id: number): Promise<CaregiverAccessRow | undefined> {
  const [row] = await db.select().from(caregiverAccess).where(eq(caregiverAccess.id, id)).limit(1);
  return row;
}

/** The access becomes active: the caregiver's account is set up (one live access per account: its index decides). */
export async function acceptAccess(db: Executor, id: number, userId: string, now: Date) {
  await db.update(caregiverAccess).set({ userId, acceptedAt: now, updatedAt: now }).where(eq(caregiverAccess.id, id));
}

/** A caregiver's own account in the program's pool, confirmed by the invitation that reached their address. */
export async function insertCaregiverAccount(
  db: Executor,
  values: { poolId: number; email: string; passwordHash: string },
): Promise<string> {
  const [made] = await db
    .insert(userAccount)
    .values({ ...values, status: 'CONFIRMED', language: 'es' })
    .returning({ id: userAccount.id });
  return made!.id;
}

/** A former caregiver of the same patient, invited again: their account takes the new password. */
export async function setAccountPassword(db: Executor, userId: string, passwordHash: string, now: Date) {
  await db
    .update(userAccount)
    .set({ passwordHash, status: 'CONFIRMED', updatedAt: now })
    .where(eq(userAccount.id, userId));
}

/** The patient's own account: where a notice about their care goes, in their language. */
export async function findPatientAccount(db: Executor, patientId: number) {
  const [row] = await db
    .select({ email: userAccount.email, language: userAccount.language })
    .from(patient)
    .innerJoin(userAccount, eq(userAccount.id, patient.userId))
    .where(eq(patient.id, patientId))
    .limit(1);
  return row;
}
