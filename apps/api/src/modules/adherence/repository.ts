// The only place adherence speaks SQL (decision 080): what the summaries are computed from (supplies and dose history,
// a batch of plans at a time), the summaries themselves, the outreach list's candidates and entries, and the outcomes.
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, or, sql, type AnyColumn } from 'drizzle-orm';
import {
  adherenceRefresh,
  adherenceSummary,
  benefit,
  booking,
  outreachEntry,
  outreachOutcome,
  patient,
  planPatient,
  product,
  purchase,
  redemption,
  staffMember,
  treatmentVersion,
} from '../../db/schema.ts';
import type { Executor } from '../../platform/db.ts';

/** A batch of the program's plans, in id order after `afterId`, with their patient's country. */
export async function listPlansOfProgram(db: Executor, programId: number, afterId: number, limit: number) {
  return db
    .select({ planPatientId: planPatient.id, patientId: patient.id, country: patient.country })
    .from(planPatient)
    .innerJoin(patient, eq(patient.id, planPatient.patientId))
    .where(and(eq(patient.programId, programId), gt(planPatient.id, afterId), eq(patient.status, 'ACTIVE')))
    .orderBy(asc(planPatient.id))
    .limit(limit);
}

/** The plans of the program with a supply, a reversal or a dose change since `since`: what an incremental round redoes. */
export async function listPlansTouchedSince(db: Executor, programId: number, since: Date): Promise<number[]> {
  const touchedSince = (column: { createdAt: AnyColumn; reversedAt: AnyColumn }) =>
    or(gte(column.createdAt, since), gte(column.reversedAt, since));
  const ids = new Set<number>();
  for (const rows of [
    await db
      .selectDistinct({ id: purchase.planPatientId })
      .from(purchase)
      .where(and(eq(purchase.programId, programId), touchedSince(purchase))),
    await db
      .selectDistinct({ id: redemption.planPatientId })
      .from(redemption)
      .where(and(eq(redemption.programId, programId), touchedSince(redemption))),
    await db
      .selectDistinct({ id: treatmentVersion.planPatientId })
      .from(treatmentVersion)
      .innerJoin(product, eq(product.id, treatmentVersion.productId))
      .where(and(eq(product.programId, programId), gte(treatmentVersion.at, since))),
  ])
    for (const row of rows) ids.add(row.id);
  return [...ids].sort((a, b) => a - b);
}

/** The plans of these ids whose patient is active, with their patient's country. */
export async function listPlansByIds(db: Executor, planPatientIds: readonly number[]) {
  if (planPatientIds.length === 0) return [];
  return db
    .select({ planPatientId: planPatient.id, patientId: patient.id, country: patient.country })
    .from(planPatient)
    .innerJoin(patient, eq(patient.id, planPatient.patientId))
    .where(and(inArray(planPatient.id, [...planPatientIds]), eq(patient.status, 'ACTIVE')))
    .orderBy(asc(planPatient.id));
}

/** The products of the program with their unit count and names. */
export async function listProductsOfProgram(db: Executor, programId: number) {
  return db
    .select({
      id: product.id,
      medicine: product.medicine,
      presentation: product.presentation,
      unitsPerPackage: product.unitsPerPackage,
    })
    .from(product)
    .where(eq(product.programId, programId));
}

/** Every supply (reversed ones marked) and dose version of the plans: what their summaries are computed from. */
export async function loadAdherenceInputs(db: Executor, planPatientIds: readonly number[]) {
  if (planPatientIds.length === 0) return { purchases: [], freeUnits: [], versions: [] };
  const ids = [...planPatientIds];
  const purchases = await db
    .select({
      id: purchase.id,
      planPatientId: purchase.planPatientId,
      productId: purchase.productId,
      at: purchase.purchasedAt,
      packages: purchase.quantity,
      reversedAt: purchase.reversedAt,
    })
    .from(purchase)
    .where(inArray(purchase.planPatientId, ids));
  const freeUnits = await db
    .select({
      id: redemption.id,
      planPatientId: redemption.planPatientId,
      productId: redemption.productId,
      on: redemption.redeemedOn,
      reversedAt: redemption.reversedAt,
    })
    .from(redemption)
    .where(inArray(redemption.planPatientId, ids));
  const versions = await db
    .select({
      id: treatmentVersion.id,
      planPatientId: treatmentVersion.planPatientId,
      productId: treatmentVersion.productId,
      treatmentId: treatmentVersion.treatmentId,
      change: treatmentVersion.change,
      at: treatmentVersion.at,
      unitAmount: treatmentVersion.unitAmount,
      frequencyAmount: treatmentVersion.frequencyAmount,
      frequencyInterval: treatmentVersion.frequencyInterval,
      durationAmount: treatmentVersion.durationAmount,
      durationInterval: treatmentVersion.durationInterval,
      restAmount: treatmentVersion.restAmount,
      restInterval: treatmentVersion.restInterval,
    })
    .from(treatmentVersion)
    .where(inArray(treatmentVersion.planPatientId, ids))
    .orderBy(asc(treatmentVersion.at), asc(treatmentVersion.id));
  return { purchases, freeUnits, versions };
}
export type AdherenceInputs = Awaited<ReturnType<typeof loadAdherenceInputs>>;

export type SummaryRow = typeof adherenceSummary.$inferInsert;

/** Writes the plans' summaries: the given rows replace every row of those plans (a product no longer counted leaves). */
export async function replaceSummaries(db: Executor, planPatientIds: readonly number[], rows: readonly SummaryRow[]) {
  if (planPatientIds.length === 0) return;
  await db.delete(adherenceSummary).where(inArray(adherenceSummary.planPatientId, [...planPatientIds]));
  for (let start = 0; start < rows.length; start += 1000)
    await db.insert(adherenceSummary).values(rows.slice(start, start + 1000));
}

/** When the program's summaries were last refreshed, and the day of the last full round; undefined before the first. */
export async function findRefreshOf(db: Executor, programId: number) {
  const [row] = await db.select().from(adherenceRefresh).where(eq(adherenceRefresh.programId, programId)).limit(1);
  return row;
}

export async function recordRefresh(db: Executor, programId: number, refreshedAt: Date, fullOn: string) {
  await db
    .insert(adherenceRefresh)
    .values({ programId, refreshedAt, fullOn })
    .onConflictDoUpdate({ target: adherenceRefresh.programId, set: { refreshedAt, fullOn } });
}

/** The summaries of medicines with a live treatment whose supply ran out on or before `coveredBy`. */
export async function listRunOutSummaries(db: Executor, programId: number, coveredBy: string) {
  return db
    .select({
      patientId: adherenceSummary.patientId,
      country: adherenceSummary.country,
      productId: adherenceSummary.productId,
      coveredUntil: adherenceSummary.coveredUntil,
      pdc: adherenceSummary.pdc,
    })
    .from(adherenceSummary)
    .where(
      and(
        eq(adherenceSummary.programId, programId),
        eq(adherenceSummary.liveTreatment, true),
        isNotNull(adherenceSummary.coveredUntil),
        lte(adherenceSummary.coveredUntil, coveredBy),
      ),
    );
}

/** The program's active patients enrolled before `enrolledBefore` with no purchase (but reversed ones) at all. */
export async function listWithoutFirstPurchase(db: Executor, programId: number, enrolledBefore: Date) {
  return db
    .select({ patientId: patient.id, country: patient.country, enrolledAt: patient.createdAt })
    .from(patient)
    .where(
      and(
        eq(patient.programId, programId),
        eq(patient.status, 'ACTIVE'),
        lte(patient.createdAt, enrolledBefore),
        sql`not exists (select 1 from ${planPatient} pp join ${purchase} pu on pu.plan_patient_id = pp.id
          where pp.patient_id = ${patient.id} and pu.reversed_at is null)`,
      ),
    );
}

/**
 * Appointments cancelled, or marked missed by the staff (decision 085), since `since` (their `ended_at`: the
 * cancellation, or the appointment's end) whose patient booked no other of the service after it.
 */
export async function listEndedWithoutAnother(
  db: Executor,
  programId: number,
  status: 'cancelled' | 'missed',
  since: Date,
) {
  return db
    .select({
      bookingId: booking.id,
      patientId: patient.id,
      country: patient.country,
      endedAt: booking.endedAt,
      serviceTitleKey: sql<string>`${benefit.texts} ->> 'title'`,
    })
    .from(booking)
    .innerJoin(planPatient, eq(planPatient.id, booking.planPatientId))
    .innerJoin(patient, eq(patient.id, planPatient.patientId))
    .innerJoin(benefit, eq(benefit.id, booking.benefitId))
    .where(
      and(
        eq(booking.programId, programId),
        eq(booking.status, status),
        gte(booking.endedAt, since),
        eq(patient.status, 'ACTIVE'),
        sql`not exists (select 1 from ${booking} other where other.plan_patient_id = ${booking.planPatientId}
          and other.benefit_id = ${booking.benefitId} and other.status in ('confirmed', 'completed', 'missed')
          and other.id <> ${booking.id} and other.confirmed_at >= ${booking.endedAt})`,
      ),
    );
}

/** The latest outcome of each episode of the program's patients: what ends an episode, or puts it off. */
export async function listLatestOutcomes(db: Executor, programId: number) {
  const rows = await db
    .selectDistinctOn([outreachOutcome.patientId, outreachOutcome.episode], {
      patientId: outreachOutcome.patientId,
      episode: outreachOutcome.episode,
      outcome: outreachOutcome.outcome,
      retryOn: outreachOutcome.retryOn,
    })
    .from(outreachOutcome)
    .where(eq(outreachOutcome.programId, programId))
    .orderBy(outreachOutcome.patientId, outreachOutcome.episode, desc(outreachOutcome.id));
  return rows.map((row) => ({ ...row, retryOn: row.retryOn === null ? null : String(row.retryOn).slice(0, 10) }));
}

export type EntryRow = typeof outreachEntry.$inferInsert;

/**
 * Puts the program's list as the refresh computed it (under the program's list lock): entries no longer listed leave,
 * and an entry still listed keeps its claim (an agent on the phone keeps the patient).
 */
export async function replaceEntries(db: Executor, programId: number, rows: readonly EntryRow[], now: Date) {
  const claims = new Map(
    (
      await db
        .select({
          patientId: outreachEntry.patientId,
          claimedBy: outreachEntry.claimedBy,
          claimedUntil: outreachEntry.claimedUntil,
        })
        .from(outreachEntry)
        .where(and(eq(outreachEntry.programId, programId), gt(outreachEntry.claimedUntil, now)))
    ).map((row) => [row.patientId, row]),
  );
  await db.delete(outreachEntry).where(eq(outreachEntry.programId, programId));
  for (let start = 0; start < rows.length; start += 1000)
    await db.insert(outreachEntry).values(
      rows.slice(start, start + 1000).map((row) => ({
        ...row,
        claimedBy: claims.get(row.patientId)?.claimedBy ?? null,
        claimedUntil: claims.get(row.patientId)?.claimedUntil ?? null,
        refreshedAt: now,
      })),
    );
}

/** The program's listed patients at most risk first (hidden ones left out), with their names and the claim's holder. */
export async function listEntries(db: Executor, programId: number, today: string, limit: number) {
  return db
    .select({
      patientId: outreachEntry.patientId,
      firstName: patient.firstName,
      lastName: patient.lastName,
      country: outreachEntry.country,
      since: outreachEntry.since,
      pdc: outreachEntry.pdc,
      reasons: outreachEntry.reasons,
      claimedBy: outreachEntry.claimedBy,
      claimedUntil: outreachEntry.claimedUntil,
      claimerFirstName: staffMember.firstName,
    })
    .from(outreachEntry)
    .innerJoin(patient, eq(patient.id, outreachEntry.patientId))
    .leftJoin(staffMember, eq(staffMember.id, outreachEntry.claimedBy))
    .where(
      and(
        eq(outreachEntry.programId, programId),
        or(isNull(outreachEntry.hiddenUntil), lte(outreachEntry.hiddenUntil, today)),
      ),
    )
    .orderBy(asc(outreachEntry.since), sql`${outreachEntry.pdc} asc nulls first`, asc(outreachEntry.patientId))
    .limit(limit);
}

export async function findEntry(db: Executor, programId: number, patientId: number) {
  const [row] = await db
    .select()
    .from(outreachEntry)
    .where(and(eq(outreachEntry.programId, programId), eq(outreachEntry.patientId, patientId)))
    .limit(1);
  return row;
}

/**
 * Claims the entry for `staffId` until `until`: one conditional write, so of two agents racing for a free entry one
 * gets it. Answers whether the caller holds it now.
 */
export async function claimEntry(
  db: Executor,
  programId: number,
  patientId: number,
  staffId: string,
  now: Date,
  until: Date,
  today: string,
): Promise<boolean> {
  const rows = await db
    .update(outreachEntry)
    .set({ claimedBy: staffId, claimedUntil: until })
    .where(
      and(
        eq(outreachEntry.programId, programId),
        eq(outreachEntry.patientId, patientId),
        or(isNull(outreachEntry.hiddenUntil), lte(outreachEntry.hiddenUntil, today)),
        or(
          isNull(outreachEntry.claimedUntil),
          lte(outreachEntry.claimedUntil, now),
          eq(outreachEntry.claimedBy, staffId),
        ),
      ),
    )
    .returning({ patientId: outreachEntry.patientId });
  return rows.length > 0;
}

export async function insertOutcomes(db: Executor, rows: (typeof outreachOutcome.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(outreachOutcome).values(rows);
}

/** Serialises the program's list: the refresh's rebuild and an outcome's write never interleave. */
export async function lockProgramList(tx: Executor, programId: number) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`outreach-list:${programId}`}))`);
}

/** After an outcome: the entry leaves, or is put off until a day, its claim released. */
export async function settleEntry(db: Executor, programId: number, patientId: number, hiddenUntil: string | null) {
  const where = and(eq(outreachEntry.programId, programId), eq(outreachEntry.patientId, patientId));
  if (hiddenUntil === null) await db.delete(outreachEntry).where(where);
  else await db.update(outreachEntry).set({ hiddenUntil, claimedBy: null, claimedUntil: null }).where(where);
}

/** One patient's summaries (the record's PDC, gap and persistence). */
export async function listSummariesOfPatient(db: Executor, patientId: number) {
  return db
    .select()
    .from(adherenceSummary)
    .where(eq(adherenceSummary.patientId, patientId))
    .orderBy(asc(adherenceSummary.productId));
}
