// The program's benefit catalogue and the products of a plan's live treatments: read by benefits and by the pharmacy
// loop (what a pharmacy applies for a product, decision 059), like codes.ts is by the coupon link. Every query is
// scoped by the program or the plan.
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { benefit, benefitProduct, product, treatment } from '../../db/schema.ts';
import type { Db, Executor } from '../../platform/db.ts';
import { liveTreatmentsOf } from '../patients/public.ts';

export type BenefitRow = typeof benefit.$inferSelect;
export type CatalogueBenefit = BenefitRow & { productIds: number[] };
export type LiveProduct = Pick<
  typeof product.$inferSelect,
  'id' | 'medicine' | 'presentation' | 'packageKind' | 'searchQuery'
>;

const liveProductColumns = {
  id: product.id,
  medicine: product.medicine,
  presentation: product.presentation,
  packageKind: product.packageKind,
  searchQuery: product.searchQuery,
};

/** The products of the plan's live treatments, in the treatments list's order (newest first). */
export function prepareLiveProducts(db: Executor): (planPatientId: number) => Promise<LiveProduct[]> {
  const query = db
    .select(liveProductColumns)
    .from(treatment)
    .innerJoin(product, eq(product.id, treatment.productId))
    .where(liveTreatmentsOf(sql.placeholder('planPatientId')))
    .orderBy(desc(treatment.createdAt), asc(treatment.id))
    .prepare('benefits_live_products');
  return (planPatientId) => query.execute({ planPatientId });
}

/** The product if a live treatment of the plan is of it (and so of the caller's program). */
export async function findLiveProduct(
  db: Executor,
  planPatientId: number,
  productId: number,
): Promise<LiveProduct | undefined> {
  const [row] = await db
    .select(liveProductColumns)
    .from(treatment)
    .innerJoin(product, eq(product.id, treatment.productId))
    .where(liveTreatmentsOf(planPatientId, eq(treatment.productId, productId)))
    .limit(1);
  return row;
}

/**
 * The program's benefits not retired, in the file's order, each with the products it applies to. Kept per database and
 * program once read (decision 086): the catalogue comes from the program's files, seeded before the app starts and
 * changed only by a deploy, which starts every instance again. Read outside any transaction (it is the same in one).
 */
export function listCatalogue(db: Db, programId: number): Promise<readonly CatalogueBenefit[]> {
  const kept = catalogues.get(db) ?? new Map<number, Promise<readonly CatalogueBenefit[]>>();
  catalogues.set(db, kept);
  let catalogue = kept.get(programId);
  if (!catalogue) {
    catalogue = readCatalogue(db, programId);
    kept.set(programId, catalogue);
    // A failed read (the database away) is not kept: the next call reads again.
    catalogue.catch(() => kept.delete(programId));
  }
  return catalogue;
}

const catalogues = new WeakMap<Db, Map<number, Promise<readonly CatalogueBenefit[]>>>();

async function readCatalogue(db: Db, programId: number): Promise<CatalogueBenefit[]> {
  const rows = await db
    .select({ benefit, productId: benefitProduct.productId })
    .from(benefit)
    .leftJoin(benefitProduct, eq(benefitProduct.benefitId, benefit.id))
    .where(and(eq(benefit.programId, programId), isNull(benefit.retiredAt)))
    .orderBy(asc(benefit.position), asc(benefit.id), asc(benefitProduct.productId));
  const byId = new Map<number, CatalogueBenefit>();
  for (const row of rows) {
    const entry = byId.get(row.benefit.id) ?? { ...row.benefit, productIds: [] };
    if (row.productId !== null) entry.productIds.push(row.productId);
    byId.set(row.benefit.id, entry);
  }
  return [...byId.values()];
}
