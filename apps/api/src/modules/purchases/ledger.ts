// The purchase and redemption ledger (decision 059): the one place that reads and writes `purchase` and `redemption`
// (the module's repository, shared like benefits' codes.ts). The pharmacy API writes it, the patient's calls read it;
// rows are reversed, never deleted.
import { and, desc, eq, exists, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { CountedPurchase, OfferRedemption, RecordedRedemption } from '@portal/contracts/four-plus-one';
import { pharmacy, planPatient, product, purchase, redemption, treatment } from '../../db/schema.ts';
import { liveTreatmentsOf } from '../patients/public.ts';
import type { Executor } from '../../platform/db.ts';

export type PurchaseRow = typeof purchase.$inferSelect;
export type RedemptionRow = typeof redemption.$inferSelect;
export type NewPurchase = typeof purchase.$inferInsert;
export type NewRedemption = typeof redemption.$inferInsert;

/**
 * What the 4+1 rule reads of one plan and product: the purchases and redemptions not reversed, and the days of the free
 * units of the offer's other products, which its caps count too (decision 066; none read: none counted).
 */
export interface Ledger {
  purchases: CountedPurchase[];
  redemptions: RecordedRedemption[];
  otherRedemptions?: OfferRedemption[];
}

const ofPlanProduct = (table: typeof purchase | typeof redemption, planPatientId: number, productId: number) =>
  and(eq(table.planPatientId, planPatientId), eq(table.productId, productId), isNull(table.reversedAt));

/**
 * The plan's purchases and free units of the product (not reversed) and, when `otherProductIds` are given, the days of
 * the plan's free units of those products: one statement (decision 086), each row saying which of the three it is.
 */
export async function readLedger(
  db: Executor,
  planPatientId: number,
  productId: number,
  otherProductIds: readonly number[] = [],
): Promise<Ledger> {
  const none = {
    id: sql<number | null>`null::int`,
    units: sql<number | null>`null::int`,
    purchasedAt: sql<Date | null>`null::timestamptz`,
  };
  const redemptions = (kind: 'own' | 'other') =>
    db
      .select({
        // Literals, not parameters: PostgreSQL cannot tell a parameter's type in a union's select list.
        kind: kind === 'own' ? sql<string>`'own'` : sql<string>`'other'`,
        ...none,
        redeemedOn: sql<string | null>`${redemption.redeemedOn}`,
        uses: sql<RecordedRedemption['uses'] | null>`${redemption.uses}`,
      })
      .from(redemption)
      .where(
        kind === 'own'
          ? ofPlanProduct(redemption, planPatientId, productId)
          : and(
              eq(redemption.planPatientId, planPatientId),
              inArray(redemption.productId, [...otherProductIds]),
              isNull(redemption.reversedAt),
            ),
      );
  const purchases = db
    .select({
      kind: sql<string>`'purchase'`,
      // A bigint's driver value is a string on PostgreSQL: decoded as the columns are.
      id: sql`${purchase.id}`.mapWith(Number) as SQL<number | null>,
      units: sql`${purchase.quantity}`.mapWith(Number) as SQL<number | null>,
      // Decoded as the column is (a Date); the other kinds' rows have none.
      purchasedAt: sql`${purchase.purchasedAt}`.mapWith(purchase.purchasedAt) as SQL<Date | null>,
      redeemedOn: sql<string | null>`null::date`,
      uses: sql<RecordedRedemption['uses'] | null>`null::jsonb`,
    })
    .from(purchase)
    .where(ofPlanProduct(purchase, planPatientId, productId));
  const rows = await (otherProductIds.length > 0
    ? purchases.unionAll(redemptions('own')).unionAll(redemptions('other'))
    : purchases.unionAll(redemptions('own')));
  const ledger: Ledger = { purchases: [], redemptions: [] };
  if (otherProductIds.length > 0) ledger.otherRedemptions = [];
  for (const row of rows) {
    if (row.kind === 'purchase')
      ledger.purchases.push({ id: row.id!, units: row.units!, purchasedAt: row.purchasedAt! });
    else if (row.kind === 'own') ledger.redemptions.push({ redeemedOn: row.redeemedOn!, uses: row.uses! });
    else ledger.otherRedemptions!.push({ redeemedOn: row.redeemedOn! });
  }
  return ledger;
}

/** Records a purchase and answers its row, as written, in the same statement. */
export async function insertPurchase(db: Executor, values: NewPurchase): Promise<PurchaseRow> {
  const [row] = await db.insert(purchase).values(values).returning();
  return row!;
}

/** Records a free unit and answers its row, as written, in the same statement. */
export async function insertRedemption(db: Executor, values: NewRedemption): Promise<RedemptionRow> {
  const [row] = await db.insert(redemption).values(values).returning();
  return row!;
}

/** A ledger row by id (scoped to a pharmacy when given), or by the pharmacy's receipt and product. */
export type LedgerRowKey =
  { id: number; pharmacyId?: number } | { pharmacyId: number; receiptId: string; productId: number };

function whereKey(table: typeof purchase | typeof redemption, by: LedgerRowKey) {
  return 'id' in by
    ? and(eq(table.id, by.id), by.pharmacyId === undefined ? undefined : eq(table.pharmacyId, by.pharmacyId))
    : and(eq(table.pharmacyId, by.pharmacyId), eq(table.receiptId, by.receiptId), eq(table.productId, by.productId));
}

export async function findPurchase(db: Executor, by: LedgerRowKey): Promise<PurchaseRow | undefined> {
  const [row] = await db.select().from(purchase).where(whereKey(purchase, by)).limit(1);
  return row;
}

export async function findRedemption(db: Executor, by: LedgerRowKey): Promise<RedemptionRow | undefined> {
  const [row] = await db.select().from(redemption).where(whereKey(redemption, by)).limit(1);
  return row;
}

/** Marks a row reversed, with its reason; false when it was reversed already (by a simultaneous call). */
export async function markReversed(
  db: Executor,
  table: typeof purchase | typeof redemption,
  id: number,
  reason: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(table)
    .set({ reversedAt: now, reversalReason: reason })
    .where(and(eq(table.id, id), isNull(table.reversedAt)))
    .returning({ id: table.id });
  return rows.length === 1;
}

const pharmacyColumns = { name: pharmacy.name, chain: pharmacy.chain, branch: pharmacy.branch };

/** The patient's purchases of a product since `since` (not reversed), with their pharmacy, newest first. */
export async function listPurchaseHistory(db: Executor, patientId: number, productId: number, since: Date) {
  return db
    .select({ row: purchase, pharmacy: pharmacyColumns })
    .from(purchase)
    .innerJoin(planPatient, eq(planPatient.id, purchase.planPatientId))
    .innerJoin(pharmacy, eq(pharmacy.id, purchase.pharmacyId))
    .where(
      and(
        eq(planPatient.patientId, patientId),
        eq(purchase.productId, productId),
        gte(purchase.purchasedAt, since),
        isNull(purchase.reversedAt),
      ),
    )
    .orderBy(desc(purchase.purchasedAt), desc(purchase.id));
}

/** The patient's redemptions since `since` (not reversed), with their pharmacy, newest first. */
export async function listRedemptionHistory(db: Executor, patientId: number, since: Date) {
  return db
    .select({ row: redemption, pharmacy: pharmacyColumns })
    .from(redemption)
    .innerJoin(planPatient, eq(planPatient.id, redemption.planPatientId))
    .innerJoin(pharmacy, eq(pharmacy.id, redemption.pharmacyId))
    .where(and(eq(planPatient.patientId, patientId), gte(redemption.redeemedAt, since), isNull(redemption.reversedAt)))
    .orderBy(desc(redemption.redeemedAt), desc(redemption.id));
}

/** The unit prices and currencies of purchases, by id (what a free unit was worth: the price of the units it used). */
export async function findUnitPrices(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: purchase.id,
      unitPrice: purchase.unitPrice,
      currency: purchase.currency,
      purchasedAt: purchase.purchasedAt,
    })
    .from(purchase)
    .where(inArray(purchase.id, ids));
}

const productColumns = {
  id: product.id,
  medicine: product.medicine,
  presentation: product.presentation,
  packageKind: product.packageKind,
  searchQuery: product.searchQuery,
};

/** A product of the program. */
export async function findProgramProduct(db: Executor, programId: number, productId: number) {
  const [row] = await db
    .select(productColumns)
    .from(product)
    .where(and(eq(product.id, productId), eq(product.programId, programId)))
    .limit(1);
  return row;
}

/**
 * A product of the program that the patient takes (a live treatment of the plan) or has bought in any of its plans
 * (reversed or not): one statement (decision 086).
 */
export async function findPatientProduct(
  db: Executor,
  by: { programId: number; planPatientId: number; patientId: number },
  productId: number,
) {
  const takes = db
    .select({ one: sql`1` })
    .from(treatment)
    .where(liveTreatmentsOf(by.planPatientId, eq(treatment.productId, product.id)));
  const bought = db
    .select({ one: sql`1` })
    .from(purchase)
    .innerJoin(planPatient, eq(planPatient.id, purchase.planPatientId))
    .where(and(eq(planPatient.patientId, by.patientId), eq(purchase.productId, product.id)));
  const [row] = await db
    .select(productColumns)
    .from(product)
    .where(and(eq(product.id, productId), eq(product.programId, by.programId), or(exists(takes), exists(bought))))
    .limit(1);
  return row;
}

/** A row a counter's key entered, with its product's names (what the counter's day lists). */
export interface KeyEntryRow {
  id: number;
  productId: number;
  medicine: string;
  presentation: typeof product.$inferSelect.presentation;
  receiptId: string;
  quantity: number;
  total: string | null;
  currency: string | null;
  createdAt: Date;
  reversedAt: Date | null;
  reversalReason: string | null;
}

/**
 * The purchases and free units one key entered since `since`, newest first, at most `limit` of each kind: the counter's
 * day (decision 073). Rows of a pharmacy's report have no key and never show here.
 */
export async function readKeyEntries(
  db: Executor,
  by: { programId: number; apiKeyId: number; since: Date; limit: number },
): Promise<{ purchases: KeyEntryRow[]; redemptions: KeyEntryRow[] }> {
  const ofKey = (table: typeof purchase | typeof redemption) =>
    and(eq(table.programId, by.programId), eq(table.apiKeyId, by.apiKeyId), gte(table.createdAt, by.since));
  const common = (table: typeof purchase | typeof redemption) => ({
    id: table.id,
    productId: table.productId,
    medicine: product.medicine,
    presentation: product.presentation,
    receiptId: table.receiptId,
    createdAt: table.createdAt,
    reversedAt: table.reversedAt,
    reversalReason: table.reversalReason,
  });
  const purchases = await db
    .select({ ...common(purchase), quantity: purchase.quantity, total: purchase.total, currency: purchase.currency })
    .from(purchase)
    .innerJoin(product, eq(product.id, purchase.productId))
    .where(ofKey(purchase))
    .orderBy(desc(purchase.createdAt), desc(purchase.id))
    .limit(by.limit);
  const redemptions = await db
    .select(common(redemption))
    .from(redemption)
    .innerJoin(product, eq(product.id, redemption.productId))
    .where(ofKey(redemption))
    .orderBy(desc(redemption.createdAt), desc(redemption.id))
    .limit(by.limit);
  return {
    purchases,
    redemptions: redemptions.map((row) => ({ ...row, quantity: 1, total: null, currency: null })),
  };
}
