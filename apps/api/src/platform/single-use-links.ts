// Single-use links (password recovery, e-mail change): one rule of what is usable, one way to supersede the older
// links of an account, and one atomic way to use a link up.
import { and, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from './db.ts';
import type { emailChange, passwordReset } from '../db/schema.ts';

/** The tables of single-use links: a hashed nonce, an expiry, and when it was used or superseded. */
export type SingleUseLinkTable = typeof passwordReset | typeof emailChange;

/** The link of this nonce, unused and not expired: any table of single-use links (an invitation has no newer one). */
export function isOpenLink(
  table: { nonceHash: AnyPgColumn; usedAt: AnyPgColumn; expiresAt: AnyPgColumn },
  nonceHash: string,
  now: Date,
): SQL {
  return and(eq(table.nonceHash, nonceHash), isNull(table.usedAt), gt(table.expiresAt, now))!;
}

/** Unused, not superseded by a newer link, not expired. */
export function isUsableLink(table: SingleUseLinkTable, nonceHash: string, now: Date): SQL {
  return and(isOpenLink(table, nonceHash, now), isNull(table.supersededAt))!;
}

/** A newer link supersedes every link of the account still open. */
export async function supersedeOpenLinks(
  db: Executor,
  table: SingleUseLinkTable,
  userId: string,
  now: Date,
): Promise<void> {
  await db
    .update(table)
    .set({ supersededAt: now })
    .where(and(eq(table.userId, userId), isNull(table.usedAt), isNull(table.supersededAt)));
}

/**
 * Uses a link up: marks it used and answers its row in one UPDATE ... RETURNING, so of many simultaneous
 * openings only one gets the row (the others, and an unusable link, get undefined).
 */
export async function consumeLink<T extends SingleUseLinkTable>(
  db: Executor,
  table: T,
  nonceHash: string,
  now: Date,
): Promise<T['$inferSelect'] | undefined> {
  // The union of the two tables, not the generic T: drizzle's set() types only resolve on a concrete table.
  const linkTable: SingleUseLinkTable = table;
  const [row] = await db
    .update(linkTable)
    .set({ usedAt: now })
    .where(isUsableLink(linkTable, nonceHash, now))
    .returning();
  return row as T['$inferSelect'] | undefined;
}
