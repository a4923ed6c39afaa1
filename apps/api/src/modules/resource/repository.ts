// SQL of the program resources: support plans (and the feature toggles' rows, read by the platform's gate).
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import { supportPlan } from '../../db/schema.ts';
// The toggles' rows are the platform's (its gate reads them); the features call answers them as they are.
export { findFeatureToggles } from '../../platform/feature-toggles.ts';
// The plan lookup is shared with the modules of my care and sign-up (one definition, in the platform).
export { findSupportPlan } from '../patients/public.ts';

export async function findSupportPlans(db: Executor, programId: number) {
  return db
    .select({ id: supportPlan.id, country: supportPlan.country, name: supportPlan.name })
    .from(supportPlan)
    .where(eq(supportPlan.programId, programId))
    .orderBy(asc(supportPlan.id));
}
