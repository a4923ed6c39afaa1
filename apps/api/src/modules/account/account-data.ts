// The account's part of the patient's data (decision 033): the account, its changes of login e-mail and its consents.
// (The coverage of every table, gathered from all the parts, is patient-data.ts beside this file.)
import { and, asc, eq, isNull } from 'drizzle-orm';
import { emailChange, userAccount } from '../../db/schema.ts';
import { pickColumns } from '../../platform/pick-columns.ts';
import { datesAsText, definePatientData } from '../../platform/patient-data.ts';
import { listConsents } from './repository.ts';

/** What the export gives of each table, column by column and in its order: a new column stays out until named here. */
const EXPORT_COLUMNS = {
  account: pickColumns(userAccount, ['email', 'language', 'status', 'createdAt', 'closureRequestedAt']),
  emailChanges: pickColumns(emailChange, ['newEmail', 'createdAt', 'expiresAt', 'usedAt']),
};

export const ACCOUNT_PATIENT_DATA = definePatientData({
  tables: {
    userAccount: { holds: 'patient data', export: 'account', purge: 'overwritten' },
    emailChange: { holds: 'patient data', export: 'emailChanges', purge: 'deleted' },
    consentRecord: {
      holds: 'patient data',
      export: 'consents',
      purge: { kept: 'a terms version and when: the program’s proof of consent, no personal value' },
    },
  },
  async export(db, { userId, patientId }) {
    const [account] = await db.select(EXPORT_COLUMNS.account).from(userAccount).where(eq(userAccount.id, userId));
    const emailChanges = await db
      .select(EXPORT_COLUMNS.emailChanges)
      .from(emailChange)
      .where(eq(emailChange.userId, userId))
      .orderBy(asc(emailChange.createdAt));
    const consents = await listConsents(db, patientId);
    return {
      account: account ? datesAsText(account) : undefined,
      emailChanges: emailChanges.map(datesAsText),
      consents: consents.map((row) => ({ termsVersion: row.termsVersion, acceptedAt: row.acceptedAt.toISOString() })),
    };
  },
  // Every address the account had: mails to an earlier one (an e-mail change's notice) carry it too.
  async addresses(tx, { userId }) {
    const changes = await tx
      .select({ newEmail: emailChange.newEmail })
      .from(emailChange)
      .where(eq(emailChange.userId, userId));
    return changes.map((change) => change.newEmail);
  },
  async purge(tx, { userId, tombstoneEmail, now }) {
    await tx.delete(emailChange).where(eq(emailChange.userId, userId));
    await tx
      .update(userAccount)
      // '!' is no argon2 hash: no password can ever match it.
      .set({ email: tombstoneEmail, passwordHash: '!', erasedAt: now, updatedAt: now })
      .where(and(eq(userAccount.id, userId), isNull(userAccount.erasedAt)));
  },
});
