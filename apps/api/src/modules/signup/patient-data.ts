// Enrolment's part of the patient's data (decision 033): the invitation the patient enrolled from, the welcome mail's
// "this wasn't me" links, and the sign-up's stored answer for a retry with the same key (the idempotency table is the
// platform's mechanism, and the sign-up's answers are its only rows that hold personal values: the pharmacy's hold
// ids). The export shows the invitation; the purge overwrites it and deletes the rest.
import { and, eq, sql } from 'drizzle-orm';
import { enrolmentNotMeLink, idempotencyKey, preregistration } from '../../db/schema.ts';
import type { Executor } from '../../platform/db.ts';
import { pickColumns } from '../../platform/pick-columns.ts';
import { datesAsText, definePatientData, type Erasure } from '../../platform/patient-data.ts';
import { DISOWNED_PATIENT_STATUS } from './disown.ts';

/** What the export gives of the invitation, column by column and in its order. */
const INVITATION_COLUMNS = pickColumns(preregistration, ['email', 'data', 'language', 'createdAt', 'usedAt']);

/** The sign-up's stored answer (for a retry with the same key): it names the patient and the address enrolled with. */
const signupAnswerOf = ({ programId, userId }: Erasure) =>
  and(eq(idempotencyKey.programId, programId), sql`${idempotencyKey.responseBody} -> 'data' ->> 'userId' = ${userId}`);

/** The addresses the enrolment was made with: the sign-up's answer and the invitation's. */
async function enrolmentAddresses(tx: Executor, erasure: Erasure): Promise<string[]> {
  // A disowned enrolment's mails were moved to its placeholder address when it was disowned (decision 042); the
  // address it was made with may hold a real enrolment now, whose mails are not this account's to erase.
  if (erasure.patient?.status === DISOWNED_PATIENT_STATUS) return [];
  const addresses: string[] = [];
  for (const stored of await tx
    .select({ body: idempotencyKey.responseBody })
    .from(idempotencyKey)
    .where(signupAnswerOf(erasure))) {
    const email = (stored.body as { data?: { email?: unknown } } | null)?.data?.email;
    if (typeof email === 'string') addresses.push(email);
  }
  if (erasure.patient)
    for (const invitation of await tx
      .select({ email: preregistration.email })
      .from(preregistration)
      .where(eq(preregistration.patientId, erasure.patient.id)))
      addresses.push(invitation.email);
  return addresses;
}

export const SIGNUP_PATIENT_DATA = definePatientData({
  tables: {
    preregistration: { holds: 'patient data', export: 'invitation', purge: 'overwritten' },
    enrolmentNotMeLink: {
      holds: 'patient data',
      export: {
        omitted:
          'the welcome mail’s "this wasn’t me" link: a nonce hash, a keyed fingerprint and times, no personal value',
      },
      purge: 'deleted',
    },
    idempotencyKey: {
      holds: 'patient data',
      export: { omitted: "the sign-up's stored answer (name, e-mail, ids), all of it in `account` and `patient`" },
      purge: 'deleted',
    },
  },
  async export(db, { patientId }) {
    const [invitation] = await db
      .select(INVITATION_COLUMNS)
      .from(preregistration)
      .where(eq(preregistration.patientId, patientId));
    return { invitation: invitation ? datesAsText(invitation) : null };
  },
  addresses: enrolmentAddresses,
  async purge(tx, erasure) {
    await tx.delete(idempotencyKey).where(signupAnswerOf(erasure));
    if (erasure.patient)
      // The invitation the patient enrolled from holds what the program had entered: it stays used, without it.
      await tx
        .update(preregistration)
        .set({ email: erasure.tombstoneEmail, data: {} })
        .where(eq(preregistration.patientId, erasure.patient.id));
    await tx.delete(enrolmentNotMeLink).where(eq(enrolmentNotMeLink.userId, erasure.userId));
  },
});
