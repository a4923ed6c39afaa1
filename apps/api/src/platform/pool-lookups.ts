// The two reads of a program's identity pool that every module writing accounts needs (identity, sign-up, account):
// one definition here, so that no module reaches into another module's repository (decision 037).
import { and, eq } from 'drizzle-orm';
import { identityPool, userAccount } from '../db/schema.ts';
import type { Executor } from './db.ts';

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
