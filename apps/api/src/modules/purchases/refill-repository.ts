// What the refill estimate and its reminder read and write (decision 061): the live treatments' doses with their
// presentation's unit count, the supplies of the ledger (purchases and free units, reversed ones marked), and the
// `refill_reminder` rows whose unique keys make each supply's reminder happen once.
import { and, asc, eq, gte, isNull, notExists, sql, type AnyColumn } from 'drizzle-orm';
import {
  featureToggle,
  planPatient,
  patient,
  product,
  program,
  purchase,
  redemption,
  refillReminder,
  treatment,
  userAccount,
} from '../../db/schema.ts';
import type { Executor } from '../../platform/db.ts';
import { HOLDER_STATUS_COLUMNS, joinPlanHolder } from '../patients/public.ts';
import { liveTreatmentsOf } from '../patients/public.ts';

/** A live treatment of the plan with what the estimate needs of it and of its product. */
export async function listRefillTreatments(db: Executor, planPatientId: number, productId?: number) {
  return db
    .select({
      productId: product.id,
      medicine: product.medicine,
      presentation: product.presentation,
      packageKind: product.packageKind,
      searchQuery: product.searchQuery,
      unitsPerPackage: product.unitsPerPackage,
      unitAmount: treatment.unitAmount,
      frequencyAmount: treatment.frequencyAmount,
      frequencyInterval: treatment.frequencyInterval,
      restAmount: treatment.restAmount,
      restInterval: treatment.restInterval,
      startDate: treatment.startDate,
      durationAmount: treatment.durationAmount,
      durationInterval: treatment.durationInterval,
    })
    .from(treatment)
    .innerJoin(product, eq(product.id, treatment.productId))
    .where(liveTreatmentsOf(planPatientId, productId === undefined ? undefined : eq(treatment.productId, productId)))
    .orderBy(asc(treatment.id));
}

export type RefillTreatment = Awaited<ReturnType<typeof listRefillTreatments>>[number];

/** Every purchase and free unit of the plan since `since`, reversed ones too (marked), with their product. */
export async function listSupplies(db: Executor, planPatientId: number, since: Date) {
  const purchases = await db
    .select({
      id: purchase.id,
      productId: purchase.productId,
      at: purchase.purchasedAt,
      packages: purchase.quantity,
      reversedAt: purchase.reversedAt,
    })
    .from(purchase)
    .where(and(eq(purchase.planPatientId, planPatientId), gte(purchase.purchasedAt, since)));
  const freeUnits = await db
    .select({
      id: redemption.id,
      productId: redemption.productId,
      at: redemption.redeemedAt,
      reversedAt: redemption.reversedAt,
    })
    .from(redemption)
    .where(and(eq(redemption.planPatientId, planPatientId), gte(redemption.redeemedAt, since)));
  return [
    ...purchases.map((row) => ({ kind: 'purchase' as const, ...row })),
    // A free unit of the 4+1 is one box.
    ...freeUnits.map((row) => ({ kind: 'freeUnit' as const, packages: 1, ...row })),
  ];
}

/**
 * The (plan, product) pairs the reminder job looks at: those with a supply since `since`, not reversed, that no
 * reminder row was made for and that was recorded after the pair's last reminder row (so that the older supplies a
 * reminded one superseded are not looked at again).
 */
export async function listReminderCandidates(db: Executor, since: Date) {
  /** No row for the pair made at or after `recordedAt` (the pair's last reminder came after this supply). */
  const noLaterReminder = (planPatientId: AnyColumn, productId: AnyColumn, recordedAt: AnyColumn) =>
    notExists(
      db
        .select({ one: sql`1` })
        .from(refillReminder)
        .where(
          and(
            eq(refillReminder.planPatientId, planPatientId),
            eq(refillReminder.productId, productId),
            gte(refillReminder.createdAt, recordedAt),
          ),
        ),
    );
  const purchasePairs = await db
    .selectDistinct({ planPatientId: purchase.planPatientId, productId: purchase.productId })
    .from(purchase)
    .where(
      and(
        gte(purchase.purchasedAt, since),
        isNull(purchase.reversedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(refillReminder)
            .where(eq(refillReminder.purchaseId, purchase.id)),
        ),
        noLaterReminder(purchase.planPatientId, purchase.productId, purchase.createdAt),
      ),
    );
  const freeUnitPairs = await db
    .selectDistinct({ planPatientId: redemption.planPatientId, productId: redemption.productId })
    .from(redemption)
    .where(
      and(
        gte(redemption.redeemedAt, since),
        isNull(redemption.reversedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(refillReminder)
            .where(eq(refillReminder.redemptionId, redemption.id)),
        ),
        noLaterReminder(redemption.planPatientId, redemption.productId, redemption.createdAt),
      ),
    );
  const pairs = new Map<string, { planPatientId: number; productId: number }>();
  for (const row of [...purchasePairs, ...freeUnitPairs]) pairs.set(`${row.planPatientId}:${row.productId}`, row);
  return [...pairs.values()];
}

/** Who a plan's reminder goes to, and whether it may: the account, the patient's choice, the program's toggle. */
export async function findReminderRecipient(db: Executor, planPatientId: number) {
  const query = db
    .select({
      programId: patient.programId,
      programSlug: program.slug,
      country: patient.country,
      ...HOLDER_STATUS_COLUMNS,
      refillReminders: patient.refillReminders,
      email: userAccount.email,
      language: userAccount.language,
      purchasesOn: featureToggle.enabled,
    })
    .from(planPatient)
    .$dynamic();
  const [row] = await joinPlanHolder(query)
    .innerJoin(program, eq(program.id, patient.programId))
    .leftJoin(featureToggle, and(eq(featureToggle.programId, patient.programId), eq(featureToggle.key, 'purchases')))
    .where(eq(planPatient.id, planPatientId))
    .limit(1);
  return row;
}

export type NewRefillReminder = typeof refillReminder.$inferInsert;

/**
 * Records the reminder of a supply unless one exists: true when this call made it. A second instance's insert of the
 * same supply waits for the first's transaction on the unique key, then does nothing.
 */
export async function claimRefillReminder(db: Executor, values: NewRefillReminder): Promise<boolean> {
  const rows = await db
    .insert(refillReminder)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: refillReminder.id });
  return rows.length === 1;
}
