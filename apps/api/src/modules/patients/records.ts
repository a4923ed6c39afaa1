// The patient record's reads that other modules make (decision 064): a program's support plan, a plan's live
// treatments, a person by identification, a plan's holder (its patient and account), the program's identity pool, the
// plan's row lock, and an account's patient and plans (the purge's) and a table's rows of a patient's plans (the
// export's).
// This module owns the patient record; the others read it through its public file, never through a repository of
// theirs or the platform (which holds no domain knowledge).
import { foldAccents } from '@portal/contracts/text-fold';
import { and, asc, eq, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import {
  caregiver,
  identityPool,
  patient,
  planPatient,
  product,
  supportPlan,
  treatment,
  userAccount,
} from '../../db/schema.ts';
import type { Executor } from '../../platform/db.ts';
import type { PatientScope } from '../../platform/patient-auth.ts';

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

/** The program's identity pool (one per program). */
export async function findPoolId(db: Executor, programId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: identityPool.id })
    .from(identityPool)
    .where(eq(identityPool.programId, programId))
    .limit(1);
  return row?.id;
}

/** Whether an account of the pool has this e-mail (the login's, unique in the pool). */
export async function isEmailTaken(db: Executor, poolId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userAccount.id })
    .from(userAccount)
    .where(and(eq(userAccount.poolId, poolId), eq(userAccount.email, email)))
    .limit(1);
  return Boolean(row);
}

/** Whether the holder can still be served: the patient's status and the account's. */
export const HOLDER_STATUS_COLUMNS = { patientStatus: patient.status, accountStatus: userAccount.status };

/** Joins the plan's patient and the patient's account to a read that has the plan (`query.$dynamic()`). */
export function joinPlanHolder<T extends PgSelect>(query: T) {
  return query
    .innerJoin(patient, eq(patient.id, planPatient.patientId))
    .innerJoin(userAccount, eq(userAccount.id, patient.userId));
}

/**
 * Locks a patient plan's row until the transaction ends, for changes that must see each other's effect whatever the
 * instance: one hold per service and one renewal's code (decision 067), and every change the 4+1 rule decides on (a
 * redemption, a reversal), so that two counters never spend the same units. The second waits here, then reads what
 * the first committed. `for no key update` still lets other tables' rows that point at the plan be written meanwhile
 * (a purchase recorded then only adds units, which the waiting redemption reads).
 */
export async function lockPlanRow(tx: Executor, planPatientId: number): Promise<void> {
  await tx
    .select({ id: planPatient.id })
    .from(planPatient)
    .where(eq(planPatient.id, planPatientId))
    .for('no key update');
}

/** The account's patient record, if it has one: whose data the purge erases (decision 019). */
export async function findPatientOfAccount(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: patient.id, programId: patient.programId, status: patient.status })
    .from(patient)
    .where(eq(patient.userId, userId));
  return row;
}

/** The ids of the patient's plans, whatever their status. */
export async function listPlanIdsOfPatient(db: Executor, patientId: number): Promise<number[]> {
  const plans = await db.select({ id: planPatient.id }).from(planPatient).where(eq(planPatient.patientId, patientId));
  return plans.map((plan) => plan.id);
}

/**
 * A read of a table held per plan and product (treatments, discount codes, purchases...) narrowed to one patient's
 * plans, with the product joined for the columns the export names (none for a code of a general benefit), in the
 * order rows were made.
 */
export function ofPatientPlans<Query extends PgSelect>(
  query: Query,
  table: { id: AnyPgColumn; planPatientId: AnyPgColumn; productId: AnyPgColumn },
  patientId: number,
) {
  return query
    .innerJoin(planPatient, eq(planPatient.id, table.planPatientId))
    .leftJoin(product, eq(product.id, table.productId))
    .where(eq(planPatient.patientId, patientId))
    .orderBy(asc(table.id));
}

/** Latin letters with accents, and the letters they are compared as (a name's search ignores case and accents). */
const ACCENTED = 'áàâäãåéèêëíìîïóòôöõúùûüñçýÿ';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuuncyy';

/** A text compared whatever its case and accents: lower case, accents dropped (the SQL side does the same). */
export const foldForSearch = foldAccents;
const folded = (column: AnyPgColumn) => sql`translate(lower(${column}), ${ACCENTED}, ${PLAIN})`;
/** `LIKE` with the typed start taken literally (no `%` or `_` of the patient's name read as a wildcard). */
const startsWith = (column: AnyPgColumn, start: string) =>
  sql`${folded(column)} like ${`${foldForSearch(start).replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;

/** What a staff search may look for (decision 074); the identification already normalised as at sign-up. */
export type PatientSearchTerm =
  | { by: 'identification'; identification: { type: string; number: string } }
  | { by: 'email'; email: string }
  | { by: 'phone'; phone: string }
  | { by: 'name'; firstName?: string | undefined; surname?: string | undefined };

function matchOf(term: PatientSearchTerm): SQL | undefined {
  switch (term.by) {
    case 'identification':
      return identifiedBy(patient, term.identification.type, term.identification.number);
    case 'email':
      return or(eq(userAccount.email, term.email), eq(sql`lower(${patient.emailAlternative})`, term.email));
    case 'phone': {
      // The digits as typed, with or without the country's calling code: the stored number's digits end them.
      const digits = term.phone.replace(/\D/g, '');
      const stored = (column: AnyPgColumn) => sql`regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g')`;
      const matches = (column: AnyPgColumn) =>
        sql`(length(${stored(column)}) >= 6 and right(${digits}, length(${stored(column)})) = ${stored(column)})`;
      return or(matches(patient.phoneNumber), matches(patient.phoneAlternative));
    }
    case 'name':
      return and(
        term.firstName === undefined ? undefined : startsWith(patient.firstName, term.firstName),
        term.surname === undefined
          ? undefined
          : or(startsWith(patient.lastName, term.surname), startsWith(patient.secondLastName, term.surname)),
      );
  }
}

/** What a staff search and a record's opening read of a patient first: names, identification, country and status. */
const PATIENT_SUMMARY_COLUMNS = {
  id: patient.id,
  firstName: patient.firstName,
  lastName: patient.lastName,
  secondLastName: patient.secondLastName,
  typeIdentification: patient.typeIdentification,
  legalIdentification: patient.legalIdentification,
  country: patient.country,
  status: patient.status,
};

/**
 * The program's patients matching one term, at most `limit` (ordered by name, then id): a staff search (decision 074).
 * Only the program's own patients: each program is its own identity pool, so another's patient is never found.
 */
export async function searchPatientsOfProgram(db: Executor, programId: number, term: PatientSearchTerm, limit: number) {
  return db
    .select(PATIENT_SUMMARY_COLUMNS)
    .from(patient)
    .innerJoin(userAccount, eq(userAccount.id, patient.userId))
    .where(and(eq(patient.programId, programId), matchOf(term)))
    .orderBy(asc(patient.firstName), asc(patient.lastName), asc(patient.id))
    .limit(limit);
}

/** The program's patient with this id and their account; none when the id is another program's. */
export async function findPatientOfProgram(db: Executor, programId: number, patientId: number) {
  const [row] = await db
    .select({ ...PATIENT_SUMMARY_COLUMNS, userId: patient.userId })
    .from(patient)
    .where(and(eq(patient.programId, programId), eq(patient.id, patientId)));
  return row;
}

/**
 * What a caller's answers are compared with in an assisted recovery (decision 076): the identification, the birth
 * date, the main phone, the caregiver's names, and the account's e-mail, language and status.
 */
export async function findIdentityFactsOfPatient(db: Executor, patientId: number) {
  const [row] = await db
    .select({
      legalIdentification: patient.legalIdentification,
      birthDate: patient.birthDate,
      phoneNumber: patient.phoneNumber,
      country: patient.country,
      userId: patient.userId,
      email: userAccount.email,
      language: userAccount.language,
      accountStatus: userAccount.status,
      caregiverFirstName: caregiver.firstName,
      caregiverLastName: caregiver.lastName,
    })
    .from(patient)
    .innerJoin(userAccount, eq(userAccount.id, patient.userId))
    .leftJoin(caregiver, eq(caregiver.patientId, patient.id))
    .where(eq(patient.id, patientId));
  return row;
}

/**
 * Whose care a staff member acts on (decision 076): the program's patient as the patient door would resolve them (their
 * latest plan, their account's e-mail and language for the notices), or undefined for another program's patient or one
 * without a plan.
 */
export async function findScopeOfPatient(
  db: Executor,
  programId: number,
  patientId: number,
): Promise<PatientScope | undefined> {
  const latestPlanId = sql`(select max(${planPatient.id}) from ${planPatient} where ${planPatient.patientId} = ${patient.id})`;
  const [row] = await db
    .select({
      userId: patient.userId,
      country: patient.country,
      typeIdentification: patient.typeIdentification,
      legalIdentification: patient.legalIdentification,
      birthDate: patient.birthDate,
      poolId: userAccount.poolId,
      email: userAccount.email,
      language: userAccount.language,
      planPatientId: planPatient.id,
      supportPlanId: planPatient.supportPlanId,
    })
    .from(patient)
    .innerJoin(userAccount, eq(userAccount.id, patient.userId))
    .innerJoin(planPatient, eq(planPatient.id, latestPlanId))
    .where(and(eq(patient.programId, programId), eq(patient.id, patientId)));
  if (!row) return undefined;
  return {
    programId,
    userId: row.userId,
    poolId: row.poolId,
    patientId,
    planPatientId: row.planPatientId,
    supportPlanId: row.supportPlanId,
    country: row.country,
    identificationType: row.typeIdentification,
    identificationNumber: row.legalIdentification,
    birthDate: String(row.birthDate).slice(0, 10),
    contactEmail: row.email,
    language: (row.language ?? 'es') as PatientScope['language'],
  };
}
