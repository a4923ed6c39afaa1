// SQL of the program resources: feature toggles and support plans.
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import { featureToggle, supportPlan } from '../../db/schema.ts';
// The plan lookup is shared with the modules of my care and sign-up (one definition, in the platform).
export { findSupportPlan } from '../../platform/program-lookups.ts';

export async function findFeatureToggles(db: Executor, programId: number) {
  return db
    .select({ key: featureToggle.key, enabled: featureToggle.enabled })
    .from(featureToggle)
    .where(eq(featureToggle.programId, programId))
    .orderBy(asc(featureToggle.key));
}

export async function findSupportPlans(db: Executor, programId: number) {
  return db
    .select({ id: supportPlan.id, country: supportPlan.country, name: supportPlan.name })
    .from(supportPlan)
    .where(eq(supportPlan.programId, programId))
    .orderBy(asc(supportPlan.id));
}
