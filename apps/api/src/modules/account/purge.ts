// Erasure of closed accounts whose grace period is over (`npm run accounts:purge`, decision 019), and of enrolments
// disowned with the welcome mail's "this wasn't me" link once theirs is (decision 042). Idempotent: an
// erased account is marked and never touched again; running it twice erases nothing more. What it does with each
// table is declared in patient-data.ts, and patient-data.int.test.ts checks that no personal value is left.
import { and, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import {
  caregiver,
  booking,
  refillReminder,
  discountCode,
  emailChange,
  enrolmentNotMeLink,
  identityPool,
  idempotencyKey,
  lessonProgress,
  outbox,
  passwordReset,
  patient,
  planPatient,
  preregistration,
  treatment,
  userAccount,
} from '../../db/schema.ts';
import { systemActor } from '../../platform/actor.ts';
import { recordAudit } from '../../platform/audit.ts';
import { DISOWNED_PATIENT_STATUS } from '../signup/public.ts';

/** An e-mail that can never be delivered nor collide: the erased account's own id under a reserved domain (RFC 2606). */
export const tombstoneEmail = (userId: string) => `erased-${userId}@erased.invalid`;

export async function purgeClosedAccounts(db: Db, now: Date): Promise<{ erased: number }> {
  // Disabled with an erasure date that has come: closed (closureRequestedAt) or disowned (decision 042).
  const due = await db
    .select({ id: userAccount.id, email: userAccount.email, programId: identityPool.programId })
    .from(userAccount)
    .innerJoin(identityPool, eq(identityPool.id, userAccount.poolId))
    .where(
      and(
        eq(userAccount.status, 'DISABLED'),
        isNotNull(userAccount.eraseAfter),
        lte(userAccount.eraseAfter, now),
        isNull(userAccount.erasedAt),
      ),
    );
  for (const account of due) {
    await db.transaction(async (t) => {
      const [row] = await t
        .select({ id: patient.id, programId: patient.programId, status: patient.status })
        .from(patient)
        .where(eq(patient.userId, account.id));
      // A disowned enrolment's mails were moved to its placeholder address when it was disowned; the address it was
      // made with may hold a real enrolment now, whose mails are not this account's to erase.
      const disowned = row?.status === DISOWNED_PATIENT_STATUS;
      // Every address the account had: mails to an earlier one (an e-mail change's notice) carry it too.
      const addresses = new Set([account.email]);
      const addEnrolmentAddress = (email: string) => {
        if (!disowned) addresses.add(email);
      };
      for (const change of await t
        .select({ newEmail: emailChange.newEmail })
        .from(emailChange)
        .where(eq(emailChange.userId, account.id)))
        addresses.add(change.newEmail);
      // The sign-up's stored answer (for a retry with the same key) names the patient and the address enrolled with.
      const signupAnswer = and(
        eq(idempotencyKey.programId, account.programId),
        sql`${idempotencyKey.responseBody} -> 'data' ->> 'userId' = ${account.id}`,
      );
      for (const stored of await t
        .select({ body: idempotencyKey.responseBody })
        .from(idempotencyKey)
        .where(signupAnswer)) {
        const email = (stored.body as { data?: { email?: unknown } } | null)?.data?.email;
        if (typeof email === 'string') addEnrolmentAddress(email);
      }
      await t.delete(idempotencyKey).where(signupAnswer);
      if (row) {
        // The invitation the patient enrolled from holds what the program had entered: it stays used, without it.
        for (const invitation of await t
          .select({ email: preregistration.email })
          .from(preregistration)
          .where(eq(preregistration.patientId, row.id)))
          addEnrolmentAddress(invitation.email);
        await t
          .update(preregistration)
          .set({ email: tombstoneEmail(account.id), data: {} })
          .where(eq(preregistration.patientId, row.id));
        // What the patient read goes: nothing of it is the program's to keep (decision 049).
        await t.delete(lessonProgress).where(eq(lessonProgress.patientId, row.id));
        const plans = await t.select({ id: planPatient.id }).from(planPatient).where(eq(planPatient.patientId, row.id));
        if (plans.length > 0) {
          // The appointments go, and their seats with them: where and when a patient was seen is theirs (decision 058).
          await t.delete(booking).where(
            inArray(
              booking.planPatientId,
              plans.map((plan) => plan.id),
            ),
          );
          // The refill reminders go: when a patient's medicine ran out is theirs, and no pharmacy's account needs it
          // (decision 061; the purchases they were made for stay, decision 059).
          await t.delete(refillReminder).where(
            inArray(
              refillReminder.planPatientId,
              plans.map((plan) => plan.id),
            ),
          );
          // The codes stop working and go: nothing of them is the program's to keep (decision 045).
          await t.delete(discountCode).where(
            inArray(
              discountCode.planPatientId,
              plans.map((plan) => plan.id),
            ),
          );
          // The treatments stay (the program's counts), without the free text that could name a person.
          await t
            .update(treatment)
            .set({
              doctorFirstName: null,
              doctorLastName: null,
              healthCenterName: null,
              customTherapyCode: null,
              deletedNote: null,
              weight: null,
              weightUnit: null,
              updatedAt: now,
            })
            .where(
              inArray(
                treatment.planPatientId,
                plans.map((plan) => plan.id),
              ),
            );
        }
        await t.delete(caregiver).where(eq(caregiver.patientId, row.id));
        await t
          .update(patient)
          .set({
            firstName: 'ERASED',
            lastName: 'ERASED',
            secondLastName: null,
            emailAlternative: null,
            // NOT NULL columns keep a placeholder; the identification one stays unique per program.
            birthDate: '1900-01-01',
            gender: 'OTHER',
            typeIdentification: 'TYPE_OTHER',
            legalIdentification: `erased-${row.id}`,
            phoneCountry: null,
            phoneNumber: null,
            phoneAlternative: null,
            address: null,
            weight: null,
            weightUnit: null,
            status: 'ERASED',
            updatedAt: now,
          })
          .where(eq(patient.id, row.id));
      }
      await t.delete(emailChange).where(eq(emailChange.userId, account.id));
      await t.delete(passwordReset).where(eq(passwordReset.userId, account.id));
      await t.delete(enrolmentNotMeLink).where(eq(enrolmentNotMeLink.userId, account.id));
      // Mails already written carry the address (and some the name): they go too. Only the program's own: the same
      // address may hold an account of another program.
      await t
        .delete(outbox)
        .where(and(eq(outbox.programId, account.programId), inArray(outbox.recipient, [...addresses])));
      await t
        .update(userAccount)
        // '!' is no argon2 hash: no password can ever match it.
        .set({ email: tombstoneEmail(account.id), passwordHash: '!', erasedAt: now, updatedAt: now })
        .where(and(eq(userAccount.id, account.id), isNull(userAccount.erasedAt)));
      await recordAudit(t, {
        programId: row?.programId ?? null,
        actor: systemActor('accounts:purge'),
        action: 'account-erased',
        subject: `user:${account.id}`,
        createdAt: now,
      });
    });
  }
  return { erased: due.length };
}
