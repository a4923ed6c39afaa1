// The pharmacy API's reads of the patient side (decision 059): who holds a discount code, and the live codes of a
// patient named by identification. Always scoped by the key's program; only product codes (a general benefit's code
// is the coupon link's, not the counter's).
import { and, eq, isNotNull, isNull, sql, type Placeholder } from 'drizzle-orm';
import { discountCode, patient, pharmacy, pharmacyApiKey, planPatient, product, userAccount } from '../../db/schema.ts';
import type { Db, Executor } from '../../platform/db.ts';
import { HOLDER_STATUS_COLUMNS, joinPlanHolder } from '../patients/public.ts';
export { listCatalogue } from '../benefits/public.ts';

export interface CodeHolder {
  code: string;
  productId: number;
  validUntil: string;
  planPatientId: number;
  planEnd: string;
  planStatus: string;
  firstName: string;
  country: string;
  typeIdentification: string;
  legalIdentification: string;
  patientStatus: string;
  accountStatus: string;
  medicine: string;
  presentation: typeof product.$inferSelect.presentation;
}

function holders(db: Executor) {
  const query = db
    .select({
      code: discountCode.code,
      productId: product.id,
      validUntil: discountCode.validUntil,
      planPatientId: planPatient.id,
      planEnd: planPatient.endPeriod,
      planStatus: planPatient.status,
      firstName: patient.firstName,
      country: patient.country,
      typeIdentification: patient.typeIdentification,
      legalIdentification: patient.legalIdentification,
      ...HOLDER_STATUS_COLUMNS,
      medicine: product.medicine,
      presentation: product.presentation,
    })
    .from(discountCode)
    .innerJoin(planPatient, eq(planPatient.id, discountCode.planPatientId))
    .$dynamic();
  return joinPlanHolder(query).innerJoin(product, eq(product.id, discountCode.productId));
}

/** The codes the counter knows: the program's product codes (not a general benefit's), and not revoked. */
const counterCodesOf = (programId: number | Placeholder) =>
  and(eq(discountCode.programId, programId), isNull(discountCode.revokedAt), isNotNull(discountCode.productId));

/**
 * The holder of a product code of the program (not revoked; validity is the service's to judge). A prepared statement
 * (decision 086): PostgreSQL plans its five-table join once per connection, not at every counter's call (planning it
 * took 6.5 ms of the database's time at 100,000 patients).
 *
 * The code's row is found first, by its unique key, and its plan, patient and account then by their primary keys, in a
 * lateral read (decision 091). As a plain join, PostgreSQL chose a merge join whenever its statistics of the codes were
 * older than the code (a code made since the last `analyze`, of a plan beyond the histogram's highest): believing the
 * walk would stop at once, it walked the plans' primary key up to the code's plan, 1,200 blocks for one code at
 * 100,000 patients, which tripled the database's time of a verify and a purchase.
 */
export function prepareFindCodeHolder(db: Db): (programId: number, code: string) => Promise<CodeHolder | undefined> {
  const holder = db
    .select({
      planPatientId: sql<number>`${planPatient.id}`.mapWith(planPatient.id).as('holder_plan_id'),
      planEnd: sql<string>`${planPatient.endPeriod}`.mapWith(planPatient.endPeriod).as('holder_plan_end'),
      planStatus: sql<string>`${planPatient.status}`.mapWith(planPatient.status).as('holder_plan_status'),
      firstName: patient.firstName,
      country: patient.country,
      typeIdentification: patient.typeIdentification,
      legalIdentification: patient.legalIdentification,
      patientStatus: sql<string>`${patient.status}`.mapWith(patient.status).as('holder_patient_status'),
      accountStatus: sql<string>`${userAccount.status}`.mapWith(userAccount.status).as('holder_account_status'),
    })
    .from(planPatient)
    .innerJoin(patient, eq(patient.id, planPatient.patientId))
    .innerJoin(userAccount, eq(userAccount.id, patient.userId))
    .where(eq(planPatient.id, discountCode.planPatientId))
    // The limit keeps the read lateral: without it PostgreSQL pulls it up into the plain join again.
    .limit(1)
    .as('holder');
  const query = db
    .select({
      code: discountCode.code,
      productId: product.id,
      validUntil: discountCode.validUntil,
      planPatientId: holder.planPatientId,
      planEnd: holder.planEnd,
      planStatus: holder.planStatus,
      firstName: holder.firstName,
      country: holder.country,
      typeIdentification: holder.typeIdentification,
      legalIdentification: holder.legalIdentification,
      patientStatus: holder.patientStatus,
      accountStatus: holder.accountStatus,
      medicine: product.medicine,
      presentation: product.presentation,
    })
    .from(discountCode)
    .crossJoinLateral(holder)
    .innerJoin(product, eq(product.id, discountCode.productId))
    .where(and(counterCodesOf(sql.placeholder('programId')), eq(discountCode.code, sql.placeholder('code'))))
    .limit(1)
    .prepare('pharmacy_code_holder');
  return async (programId, code) => (await query.execute({ programId, code }))[0];
}

/**
 * Whether the code is the live code of a general benefit's coupon of the program (not revoked): a code the counter
 * does not record, told apart from an unknown one (decision 075). Its validity is not looked at: a coupon past its
 * day is no pharmacy's either.
 */
export async function isGeneralBenefitCode(db: Executor, programId: number, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: discountCode.id })
    .from(discountCode)
    .where(
      and(
        eq(discountCode.programId, programId),
        eq(discountCode.code, code),
        isNull(discountCode.revokedAt),
        isNotNull(discountCode.benefitId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The product codes (not revoked) of the program's patient with this identification in this country. */
export async function findCodesOfIdentification(
  db: Executor,
  options: { programId: number; country: string; type: string; number: string },
): Promise<CodeHolder[]> {
  return holders(db).where(
    and(
      counterCodesOf(options.programId),
      eq(patient.programId, options.programId),
      eq(patient.country, options.country),
      eq(patient.typeIdentification, options.type),
      eq(patient.legalIdentification, options.number),
    ),
  );
}

/** A key's prefix (its name in the audit trail and for revoking; never the key). */
export async function findKeyPrefix(db: Executor, apiKeyId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ prefix: pharmacyApiKey.prefix })
    .from(pharmacyApiKey)
    .where(eq(pharmacyApiKey.id, apiKeyId))
    .limit(1);
  return row?.prefix;
}

/** A pharmacy's own description (what its counter shows), inside its program. */
export async function findPharmacy(
  db: Executor,
  programId: number,
  pharmacyId: number,
): Promise<{ name: string; chain: string | null; branch: string | null; country: string } | undefined> {
  const [row] = await db
    .select({ name: pharmacy.name, chain: pharmacy.chain, branch: pharmacy.branch, country: pharmacy.country })
    .from(pharmacy)
    .where(and(eq(pharmacy.programId, programId), eq(pharmacy.id, pharmacyId)))
    .limit(1);
  return row;
}
