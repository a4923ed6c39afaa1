// The mail a test's calls queued, read back from the outbox, and the single-use link it carries (`?n=…&s=…`).
import { desc, eq } from 'drizzle-orm';
import { outbox } from '../db/schema.ts';
import type { TestApp } from './app.ts';

/** The latest mail queued to `recipient`, if any. */
export async function lastMail(t: TestApp, recipient: string) {
  const [row] = await t.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, recipient))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return row;
}

/** A mailed link's nonce `n` and signature `s`, with the URL they came in. */
export function linkParams(link: string) {
  const url = new URL(link);
  return { url, n: url.searchParams.get('n')!, s: url.searchParams.get('s')! };
}
