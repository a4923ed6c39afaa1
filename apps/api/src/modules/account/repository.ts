// The only place the account module speaks SQL: the caller's own account, sessions, e-mail changes, consents and data.
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import { consumeLink, supersedeOpenLinks } from '../../platform/single-use-links.ts';
import {
  auditEvent,
  caregiver,
  consentRecord,
  discountCode,
  emailChange,
  patient,
  planPatient,
  preregistration,
  product,
  session,
  treatment,
  userAccount,
} from '../../db/schema.ts';
// The pool's lookups (one definition, in the platform); re-exported so that this module's queries stay in one place.
export { findPoolId, isEmailTaken } from '../../platform/pool-lookups.ts';

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

export async function insertEmailChange(
  db: Executor,
  values: { userId: string; newEmail: string; nonceHash: string; expiresAt: Date; now: Date },
) {
  await db.insert(emailChange).values({
    userId: values.userId,
    newEmail: values.newEmail,
    nonceHash: values.nonceHash,
    expiresAt: values.expiresAt,
    createdAt: values.now,
  });
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

/** Everything held about one patient, each query keyed by the caller's own ids. */
export async function collectPatientData(db: Executor, userId: string, patientId: number) {
  const [account] = await db
    .select({
      email: userAccount.email,
      language: userAccount.language,
      status: userAccount.status,
      createdAt: userAccount.createdAt,
      closureRequestedAt: userAccount.closureRequestedAt,
    })
    .from(userAccount)
    .where(eq(userAccount.id, userId));
  const [patientRow] = await db
    .select({
      firstName: patient.firstName,
      lastName: patient.lastName,
      secondSurname: patient.secondLastName,
      emailAlternative: patient.emailAlternative,
      birthDate: patient.birthDate,
      gender: patient.gender,
      country: patient.country,
      typeIdentification: patient.typeIdentification,
      legalIdentification: patient.legalIdentification,
      phoneCountry: patient.phoneCountry,
      phoneNumber: patient.phoneNumber,
      phoneAlternative: patient.phoneAlternative,
      address: patient.address,
      weight: patient.weight,
      weightUnit: patient.weightUnit,
      language: patient.language,
      status: patient.status,
      latestTermsAccepted: patient.latestTermsAccepted,
      createdAt: patient.createdAt,
      updatedAt: patient.updatedAt,
    })
    .from(patient)
    .where(eq(patient.id, patientId));
  const plans = await db
    .select({
      id: planPatient.id,
      supportPlanId: planPatient.supportPlanId,
      startPeriod: planPatient.startPeriod,
      endPeriod: planPatient.endPeriod,
      status: planPatient.status,
    })
    .from(planPatient)
    .where(eq(planPatient.patientId, patientId));
  const [caregiverRow] = await db
    .select({
      firstName: caregiver.firstName,
      lastName: caregiver.lastName,
      email: caregiver.email,
      relation: caregiver.relation,
      typeIdentification: caregiver.typeIdentification,
      legalIdentification: caregiver.legalIdentification,
      phoneCountry: caregiver.phoneCountry,
      phoneNumber: caregiver.phoneNumber,
      createdAt: caregiver.createdAt,
    })
    .from(caregiver)
    .where(eq(caregiver.patientId, patientId));
  const treatments = await db
    .select({
      medicine: product.medicine,
      presentation: product.presentation,
      unit: product.unit,
      unitAmount: treatment.unitAmount,
      frequencyAmount: treatment.frequencyAmount,
      frequencyInterval: treatment.frequencyInterval,
      durationAmount: treatment.durationAmount,
      durationInterval: treatment.durationInterval,
      restAmount: treatment.restAmount,
      restInterval: treatment.restInterval,
      startDate: treatment.startDate,
      doctorFirstName: treatment.doctorFirstName,
      doctorLastName: treatment.doctorLastName,
      healthCenterName: treatment.healthCenterName,
      healthCenterType: treatment.healthCenterType,
      weight: treatment.weight,
      weightUnit: treatment.weightUnit,
      customTherapyCode: treatment.customTherapyCode,
      createdAt: treatment.createdAt,
      deletedAt: treatment.deletedAt,
      deletedReason: treatment.deletedReason,
      deletedNote: treatment.deletedNote,
    })
    .from(treatment)
    .innerJoin(planPatient, eq(planPatient.id, treatment.planPatientId))
    .innerJoin(product, eq(product.id, treatment.productId))
    .where(eq(planPatient.patientId, patientId))
    .orderBy(asc(treatment.id));
  const emailChanges = await db
    .select({
      newEmail: emailChange.newEmail,
      createdAt: emailChange.createdAt,
      expiresAt: emailChange.expiresAt,
      usedAt: emailChange.usedAt,
    })
    .from(emailChange)
    .where(eq(emailChange.userId, userId))
    .orderBy(asc(emailChange.createdAt));
  const [invitation] = await db
    .select({
      email: preregistration.email,
      data: preregistration.data,
      language: preregistration.language,
      createdAt: preregistration.createdAt,
      usedAt: preregistration.usedAt,
    })
    .from(preregistration)
    .where(eq(preregistration.patientId, patientId));
  const discountCodes = await db
    .select({
      code: discountCode.code,
      medicine: product.medicine,
      benefitId: discountCode.benefitId,
      validUntil: discountCode.validUntil,
      createdAt: discountCode.createdAt,
      revokedAt: discountCode.revokedAt,
    })
    .from(discountCode)
    .innerJoin(planPatient, eq(planPatient.id, discountCode.planPatientId))
    .leftJoin(product, eq(product.id, discountCode.productId))
    .where(eq(planPatient.patientId, patientId))
    .orderBy(asc(discountCode.id));
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
    consents,
    activity,
  };
}
