// Transactional outbox: a mail is a row written in the caller's transaction, delivered later by the worker.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Db, Executor } from '../db.ts';
import { outbox } from '../../db/schema.ts';
import type { MailKind, MailLanguage } from './kinds.ts';

export type { MailKind, MailLanguage } from './kinds.ts';

/** What a service that mails the links it signs needs (sign-up, the account): the portal's address and keys, and the outbox worker's wake-up. */
export interface LinkMailingDeps {
  db: Db;
  clock: () => Date;
  config: Pick<AppConfig, 'PUBLIC_URL' | 'signingKeys'>;
  /** Called after a transaction that queued a mail has committed (wakes the outbox worker). */
  onMailQueued?: () => void;
}

export interface MailToEnqueue {
  programId: number;
  /** The kind, as its module declares it: its payload is checked against the kind's schema. */
  kind: MailKind;
  /** The address the mail goes to; stored in the outbox, never logged. */
  recipient: string;
  language: MailLanguage;
  /** Values of the message's placeholders ({link}, {patientName}...); the program's name and support e-mail are added when rendering. */
  payload: Record<string, string>;
}

export interface EnqueueOptions {
  /** PUBLIC_URL: its host names the Message-ID's domain (`<uuid@host>`); `portal.local` otherwise. */
  publicUrl?: string;
}

/** A kind's name: lower-case words joined by hyphens. */
const MailKindNameSchema = z
  .string()
  .regex(/^[a-z]+(-[a-z]+)*$/)
  .max(60);

const MailToEnqueueSchema = z.object({
  programId: z.number().int().positive(),
  recipient: z.email().max(254),
  language: z.enum(['es', 'en']),
  payload: z.record(z.string(), z.string().max(4000)),
});

export function messageIdDomain(publicUrl: string | undefined): string {
  if (!publicUrl) return 'portal.local';
  try {
    // Brackets of an IPv6 literal are not allowed in a Message-ID's right-hand side.
    return new URL(publicUrl).hostname.replace(/^\[|\]$/g, '') || 'portal.local';
  } catch {
    return 'portal.local';
  }
}

/**
 * Writes a mail into the outbox. Pass the transaction of the change that causes the mail, so that
 * both commit or neither does: `await db.transaction(async (tx) => { ...; await enqueueMail(tx, mail); })`.
 * Throws (and so rolls the caller's transaction back) on an invalid recipient, kind or payload.
 */
export async function enqueueMail(
  db: Executor,
  mail: MailToEnqueue,
  options: EnqueueOptions = {},
): Promise<{ id: string; messageId: string }> {
  const parsed = MailToEnqueueSchema.parse(mail);
  const kind = MailKindNameSchema.parse(mail.kind.name);
  const payload = mail.kind.payload.parse(parsed.payload);
  const id = randomUUID();
  // Its own uuid (not the row id) so that the Message-ID reveals nothing about the row.
  const messageId = `<${randomUUID()}@${messageIdDomain(options.publicUrl)}>`;
  await db.insert(outbox).values({
    id,
    programId: parsed.programId,
    kind,
    recipient: parsed.recipient,
    language: parsed.language,
    payload,
    messageId,
    // Due at once, in whole milliseconds: the worker's cut-off is a JS Date, and now()'s microseconds
    // would otherwise leave a mail written in the same millisecond as a drain for the next one.
    nextAttemptAt: sql`date_trunc('milliseconds', now())`,
  });
  return { id, messageId };
}
