// The only place the account module speaks SQL: the caller's own account, sessions, e-mail changes, consents and data.
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/db.ts';
import { pickColumns } from '../../platform/pick-columns.ts';
import { consumeLink, supersedeOpenLinks } from '../../platform/single-use-links.ts';
import {
  auditEvent,
  caregiver,
  consentRecord,
  booking,
  discountCode,
  emailChange,
  lessonProgress,
  patient,
  pharmacy,
  planPatient,
  preregistration,
  product,
  purchase,
  redemption,
  refillReminder,
  session,
  treatment,
  userAccount,
} from '../../db/schema.ts';
// The pool's lookups (one definition, in the platform); re-exported so that this module's queries stay in one place.
export { findPoolId, isEmailTaken } from '../patients/public.ts';

export async function findAccount(db: Executor, userId: string) {
  const [row] = await db.select().from(userAccount).where(eq(userAccount.id, userId)).limit(1);
  return row;
}

export async function updatePasswordHash(db: Executor, userId: string, passwordHash: string, now: Date) {
  await db.update(userAccount).set({ passwordHash, updatedAt: now }).where(eq(userAccount.id, userId));
}

/** Revokes every live session of the account but `keepSessionId` (none kept when it is undefined); answers how many. */
export async function revokeSessions(
  db: Executor,
  userId: string,
  reason: string,
  now: Date,
  keepSessionId?: string,
): Promise<number> {
  const rows = await db
    .update(session)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(session.userId, userId),
        isNull(session.revokedAt),
        keepSessionId ? ne(session.id, keepSessionId) : undefined,
      ),
    )
    .returning({ id: session.id });
  return rows.length;
}

export async function supersedeEmailChanges(db: Executor, userId: string, now: Date) {
  await supersedeOpenLinks(db, emailChange, userId, now);
}

export async function insertEmailChange(db: Executor, values: typeof emailChange.$inferInsert) {
  await db.insert(emailChange).values(values);
}

/** Single use: of many simultaneous openings of one link, one gets the row. */
export async function consumeEmailChange(db: Executor, nonceHash: string, now: Date) {
  return consumeLink(db, emailChange, nonceHash, now);
}

export async function updateEmail(db: Executor, userId: string, email: string, now: Date) {
  await db.update(userAccount).set({ email, updatedAt: now }).where(eq(userAccount.id, userId));
}

export async function listConsents(db: Executor, patientId: number) {
  return db
    .select({ termsVersion: consentRecord.termsVersion, acceptedAt: consentRecord.acceptedAt })
    .from(consentRecord)
    .where(eq(consentRecord.patientId, patientId))
    .orderBy(asc(consentRecord.acceptedAt), asc(consentRecord.id));
}

export async function findLatestTermsAccepted(db: Executor, patientId: number): Promise<string | null> {
  const [row] = await db
    .select({ version: patient.latestTermsAccepted })
    .from(patient)
    .where(eq(patient.id, patientId))
    .limit(1);
  return row?.version ?? null;
}

export async function recordConsent(db: Executor, patientId: number, termsVersion: string, now: Date) {
  await db.insert(consentRecord).values({ patientId, termsVersion, acceptedAt: now });
  await db.update(patient).set({ latestTermsAccepted: termsVersion, updatedAt: now }).where(eq(patient.id, patientId));
}

export async function requestClosure(db: Executor, userId: string, now: Date, eraseAfter: Date) {
  await db
    .update(userAccount)
    .set({ status: 'DISABLED', closureRequestedAt: now, eraseAfter, updatedAt: now })
    .where(eq(userAccount.id, userId));
}

/** What the data export gives of each table, column by column and in its order: a new column stays out until named here. */
const EXPORT_COLUMNS = {
  account: pickColumns(userAccount, ['email', 'language', 'status', 'createdAt', 'closureRequestedAt']),
  patient: {
    ...pickColumns(patient, ['firstName', 'lastName']),
    secondSurname: patient.secondLastName,
    ...pickColumns(patient, [
      'emailAlternative',
      'birthDate',
      'gender',
      'country',
      'typeIdentification',
      'legalIdentification',
      'phoneCountry',
      'phoneNumber',
      'phoneAlternative',
      'address',
      'weight',
      'weightUnit',
      'language',
      'status',
      'latestTermsAccepted',
      'noticeChannel',
      'bookingReminders',
      'refillReminders',
      'createdAt',
      'updatedAt',
    ]),
  },
  plans: pickColumns(planPatient, ['id', 'supportPlanId', 'startPeriod', 'endPeriod', 'status']),
  caregiver: pickColumns(caregiver, [
    'firstName',
    'lastName',
    'email',
    'relation',
    'typeIdentification',
    'legalIdentification',
    'phoneCountry',
    'phoneNumber',
    'createdAt',
  ]),
  treatments: {
    ...pickColumns(product, ['medicine', 'presentation', 'unit']),
    ...pickColumns(treatment, [
      'unitAmount',
      'frequencyAmount',
      'frequencyInterval',
      'durationAmount',
      'durationInterval',
      'restAmount',
      'restInterval',
      'startDate',
      'doctorFirstName',
      'doctorLastName',
      'healthCenterName',
      'healthCenterType',
      'weight',
      'weightUnit',
      'customTherapyCode',
      'createdAt',
      'deletedAt',
      'deletedReason',
      'deletedNote',
    ]),
  },
  emailChanges: pickColumns(emailChange, ['newEmail', 'createdAt', 'expiresAt', 'usedAt']),
  invitation: pickColumns(preregistration, ['email', 'data', 'language', 'createdAt', 'usedAt']),
  bookings: pickColumns(booking, [
    'benefitId',
    'placeId',
    'startsAt',
    'endsAt',
    'timeZone',
    'status',
    'createdAt',
    'confirmedAt',
    'endedAt',
  ]),
  discountCodes: {
    ...pickColumns(discountCode, ['code']),
    ...pickColumns(product, ['medicine']),
    ...pickColumns(discountCode, ['benefitId', 'validUntil', 'createdAt', 'revokedAt']),
  },
  purchases: {
    ...pickColumns(product, ['medicine']),
    pharmacy: pharmacy.name,
    ...pickColumns(purchase, [
      'receiptId',
      'purchasedAt',
      'quantity',
      'unitPrice',
      'discountPercent',
      'discountAmount',
      'total',
      'currency',
      'reversedAt',
      'reversalReason',
    ]),
  },
  redemptions: {
    ...pickColumns(product, ['medicine']),
    pharmacy: pharmacy.name,
    ...pickColumns(redemption, ['receiptId', 'redeemedAt', 'uses', 'reversedAt', 'reversalReason']),
  },
  refillReminders: {
    ...pickColumns(product, ['medicine']),
    ...pickColumns(refillReminder, ['purchaseId', 'redemptionId', 'lastsUntil', 'remindOn', 'outcome', 'createdAt']),
  },
};

/**
 * A read of a table held per plan and product (treatments, discount codes) narrowed to one patient's plans, with the
 * product joined for the columns the export names (none for a code of a general benefit), in the order rows were made.
 */
function ofPatientPlans<Query extends PgSelect>(
  query: Query,
  table: typeof treatment | typeof discountCode | typeof purchase | typeof redemption | typeof refillReminder,
  patientId: number,
) {
  return query
    .innerJoin(planPatient, eq(planPatient.id, table.planPatientId))
    .leftJoin(product, eq(product.id, table.productId))
    .where(eq(planPatient.patientId, patientId))
    .orderBy(asc(table.id));
}

/** Everything held about one patient, each query keyed by the caller's own ids. */
export async function collectPatientData(db: Executor, userId: string, patientId: number) {
  const [account] = await db.select(EXPORT_COLUMNS.account).from(userAccount).where(eq(userAccount.id, userId));
  const [patientRow] = await db.select(EXPORT_COLUMNS.patient).from(patient).where(eq(patient.id, patientId));
  const plans = await db.select(EXPORT_COLUMNS.plans).from(planPatient).where(eq(planPatient.patientId, patientId));
  const [caregiverRow] = await db
    .select(EXPORT_COLUMNS.caregiver)
    .from(caregiver)
    .where(eq(caregiver.patientId, patientId));
  const treatments = await ofPatientPlans(
    db.select(EXPORT_COLUMNS.treatments).from(treatment).$dynamic(),
    treatment,
    patientId,
  );
  const emailChanges = await db
    .select(EXPORT_COLUMNS.emailChanges)
    .from(emailChange)
    .where(eq(emailChange.userId, userId))
    .orderBy(asc(emailChange.createdAt));
  const [invitation] = await db
    .select(EXPORT_COLUMNS.invitation)
    .from(preregistration)
    .where(eq(preregistration.patientId, patientId));
  const discountCodes = await ofPatientPlans(
    db.select(EXPORT_COLUMNS.discountCodes).from(discountCode).$dynamic(),
    discountCode,
    patientId,
  );
  const purchases = await ofPatientPlans(
    db
      .select(EXPORT_COLUMNS.purchases)
      .from(purchase)
      .innerJoin(pharmacy, eq(pharmacy.id, purchase.pharmacyId))
      .$dynamic(),
    purchase,
    patientId,
  );
  const redemptions = await ofPatientPlans(
    db
      .select(EXPORT_COLUMNS.redemptions)
      .from(redemption)
      .innerJoin(pharmacy, eq(pharmacy.id, redemption.pharmacyId))
      .$dynamic(),
    redemption,
    patientId,
  );
  const refillReminders = await ofPatientPlans(
    db.select(EXPORT_COLUMNS.refillReminders).from(refillReminder).$dynamic(),
    refillReminder,
    patientId,
  );
  const learningProgress = await db
    .select({
      condition: lessonProgress.condition,
      lesson: lessonProgress.lesson,
      completedAt: lessonProgress.completedAt,
    })
    .from(lessonProgress)
    .where(eq(lessonProgress.patientId, patientId))
    .orderBy(asc(lessonProgress.id));
  const bookings = await db
    .select(EXPORT_COLUMNS.bookings)
    .from(booking)
    .innerJoin(planPatient, eq(planPatient.id, booking.planPatientId))
    .where(and(eq(planPatient.patientId, patientId), inArray(booking.status, ['confirmed', 'moved', 'cancelled'])))
    .orderBy(asc(booking.id));
  const consents = await listConsents(db, patientId);
  const activity = await db
    .select({ action: auditEvent.action, at: auditEvent.createdAt })
    .from(auditEvent)
    .where(eq(auditEvent.actorUserId, userId))
    .orderBy(asc(auditEvent.id))
    .limit(1000);
  return {
    account,
    emailChanges,
    patient: patientRow,
    plans,
    caregiver: caregiverRow,
    invitation,
    treatments,
    discountCodes,
    purchases,
    redemptions,
    refillReminders,
    learningProgress,
    bookings,
    consents,
    activity,
  };
}
