// SQL of the program resources: feature toggles and support plans.
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import { featureToggle, supportPlan } from '../../db/schema.ts';

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

export async function findSupportPlan(db: Executor, programId: number, supportPlanId: number) {
  const rows = await db
    .select()
    .from(supportPlan)
    .where(and(eq(supportPlan.programId, programId), eq(supportPlan.id, supportPlanId)))
    .limit(1);
  return rows[0];
}
