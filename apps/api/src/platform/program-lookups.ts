// The reads of a program's rows that several modules need (caregiver, treatments, sign-up): one definition here, so
// that no module reaches into another module's repository (decision 037).
import { and, eq, isNull, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { caregiver, supportPlan, treatment } from '../db/schema.ts';
import type { Executor } from './db.ts';

/** The program's support plan with this id; none when the plan belongs to another program. */
export async function findSupportPlan(db: Executor, programId: number, supportPlanId: number) {
  const [row] = await db
    .select()
    .from(supportPlan)
    .where(and(eq(supportPlan.programId, programId), eq(supportPlan.id, supportPlanId)))
    .limit(1);
  return row;
}

/** The plan's live (not deleted) treatments, and whatever more `also` asks: booking, benefits, refills read them. */
export function liveTreatmentsOf(planPatientId: number | Placeholder, ...also: (SQL | undefined)[]) {
  return and(eq(treatment.planPatientId, planPatientId), isNull(treatment.deletedAt), ...also);
}

/** The rows of the person with this identification, in a table of people (patients, caregivers). */
export function identifiedBy(
  people: { typeIdentification: AnyPgColumn; legalIdentification: AnyPgColumn },
  type: string,
  number: string,
) {
  return and(eq(people.typeIdentification, type), eq(people.legalIdentification, number));
}

/** The patient cared for by the program's caregiver with this identification (unique in the program), if any. */
export async function findCaregiverByIdentification(
  db: Executor,
  programId: number,
  type: string,
  number: string,
): Promise<{ patientId: number } | undefined> {
  const [row] = await db
    .select({ patientId: caregiver.patientId })
    .from(caregiver)
    .where(and(eq(caregiver.programId, programId), identifiedBy(caregiver, type, number)))
    .limit(1);
  return row;
}
