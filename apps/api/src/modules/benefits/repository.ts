// The only place benefits speak SQL besides codes.ts (the discount codes, shared with the coupon link) and
// catalogue.ts (the catalogue and the plan's live products, shared with the pharmacy loop). Every query is scoped by
// the caller's program and plan: a product of another patient's treatments or of another program matches no row.
import { eq } from 'drizzle-orm';
import { patient } from '../../db/schema.ts';
import type { Executor } from '../../platform/db.ts';
export { findSupportPlan } from '../patients/public.ts';

export {
  findLiveProduct,
  listCatalogue,
  prepareLiveProducts,
  type BenefitRow,
  type CatalogueBenefit,
  type LiveProduct,
} from './catalogue.ts';

export async function findFirstName(db: Executor, patientId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ firstName: patient.firstName })
    .from(patient)
    .where(eq(patient.id, patientId))
    .limit(1);
  return row?.firstName;
}
