// Erasure of closed accounts whose grace period is over (`npm run accounts:purge`, decision 019), and of enrolments
// disowned with the welcome mail's "this wasn't me" link once theirs is (decision 042). Idempotent: an
// erased account is marked and never touched again; running it twice erases nothing more. Each module's part of the
// patient's data declares what the purge does with its tables and brings the step that does it (its `patient-data.ts`);
// this runs every part's step in one transaction per account, and patient-data.int.test.ts checks that no personal
// value is left.
import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { identityPool, userAccount } from '../../db/schema.ts';
import { systemActor } from '../../platform/actor.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { Erasure, PatientDataPart } from '../../platform/patient-data.ts';
import { PATIENT_DATA } from '../../patient-data.ts';
import { findPatientOfAccount, listPlanIdsOfPatient } from '../patients/public.ts';

/** An e-mail that can never be delivered nor collide: the erased account's own id under a reserved domain (RFC 2606). */
export const tombstoneEmail = (userId: string) => `erased-${userId}@erased.invalid`;

/**
 * Erases every account that is due. `parts` are the parts of the patient's data that the modules declare (the
 * command's are all of them); each part's purge step deletes or overwrites its own tables' rows of the account.
 */
export async function purgeClosedAccounts(
  db: Db,
  now: Date,
  parts: readonly PatientDataPart[] = PATIENT_DATA,
): Promise<{ erased: number }> {
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
      const row = await findPatientOfAccount(t, account.id);
      const erasure: Erasure = {
        userId: account.id,
        programId: account.programId,
        patient: row ? { id: row.id, status: row.status } : undefined,
        planPatientIds: row ? await listPlanIdsOfPatient(t, row.id) : [],
        tombstoneEmail: tombstoneEmail(account.id),
        now,
      };
      // Every address the account had, read before any step erases the rows that hold one: the outbox's step deletes
      // the mails to any of them.
      const addresses = new Set([account.email]);
      for (const part of parts)
        for (const address of (await part.addresses?.(t, erasure)) ?? []) addresses.add(address);
      // The steps touch disjoint rows, and no row they delete is pointed at by a row that stays.
      for (const part of parts) await part.purge?.(t, { ...erasure, addresses });
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
