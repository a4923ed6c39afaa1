// Test accounts written straight to the database (enrolment is a later feature).
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { identityPool, patient, program, userAccount } from '../db/schema.ts';
import { hashPassword } from '../platform/passwords.ts';

export async function createAccount(
  db: Db,
  slug: string,
  options: {
    email?: string;
    password?: string;
    status?: 'CONFIRMED' | 'UNCONFIRMED';
    country?: string;
    language?: 'es' | 'en';
  } = {},
) {
  const [pool] = await db
    .select({ poolId: identityPool.id, programId: program.id })
    .from(identityPool)
    .innerJoin(program, eq(program.id, identityPool.programId))
    .where(eq(program.slug, slug));
  const email = options.email ?? `p-${randomBytes(5).toString('hex')}@test.example`;
  const password = options.password ?? 'Correct-horse-9';
  const [account] = await db
    .insert(userAccount)
    .values({
      poolId: pool!.poolId,
      email,
      passwordHash: await hashPassword(password),
      status: options.status ?? 'CONFIRMED',
      language: options.language ?? 'es',
    })
    .returning({ id: userAccount.id });
  if (options.country) {
    await db.insert(patient).values({
      userId: account!.id,
      programId: pool!.programId,
      firstName: 'Test',
      lastName: 'Patient',
      birthDate: '1970-01-01',
      gender: 'OTHER',
      country: options.country,
      typeIdentification: 'PASSPORT',
      legalIdentification: randomBytes(6).toString('hex'),
    });
  }
  return { id: account!.id, email, password };
}

export async function findAccount(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(userAccount)
    .where(and(eq(userAccount.id, id)));
  return row;
}
