// Transactional outbox: a mail is a row written in the caller's transaction, delivered later by the worker.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Db, Executor } from '../db.ts';
import { outbox } from '../../db/schema.ts';

/** What a service that mails the links it signs needs (sign-up, the account): the portal's address and keys, and the outbox worker's wake-up. */
export interface LinkMailingDeps {
  db: Db;
  clock: () => Date;
  config: Pick<AppConfig, 'PUBLIC_URL' | 'signingKeys'>;
  /** Called after a transaction that queued a mail has committed (wakes the outbox worker). */
  onMailQueued?: () => void;
}

export const MAIL_KINDS = [
  'password-reset',
  'password-changed',
  'enrolment',
  'preregistration',
  'email-change-confirm',
  'email-change-notice',
  // Booking (decision 058): each with its calendar file (REQUEST, or CANCEL), made when the mail is rendered.
  'booking-confirmed',
  'booking-rescheduled',
  'booking-cancelled',
  'booking-reminder',
  // The refill reminder (decision 061), with its calendar file (PUBLISH), made when the mail is rendered.
  'refill-reminder',
  // To the program's admins: a pharmacy key looked patients up by identification too often (decision 066).
  'pharmacy-lookup-alert',
  // To a new staff member: their one-time set-up link (decision 068).
  'staff-setup',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export type MailLanguage = 'es' | 'en';

export interface MailToEnqueue {
  programId: number;
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

const HttpUrlSchema = z.url({ protocol: /^https?$/ });

/**
 * An appointment's mail (decision 058): the service's text key, the place (a text key, or a partner's name), its
 * instants and zone, the patient's country (the time's locale), the calendar UID and sequence, the cut-off in hours.
 */
const BookingMailPayloadSchema = z
  .object({
    serviceKey: z.string().min(1),
    place: z.string().min(1),
    address: z.string(),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    timeZone: z.string().min(1),
    country: z.string().length(2),
    calendarUid: z.string().min(1),
    sequence: z.string().regex(/^\d+$/),
    cutoffHours: z.string().regex(/^\d+$/),
  })
  .catchall(z.string());

/**
 * A refill reminder (decision 061): the medicine's name, the last day its supply should last (YYYY-MM-DD), the calendar
 * UID and sequence, and the link to the portal's home where the estimate is shown.
 */
const RefillMailPayloadSchema = z
  .object({
    medicine: z.string().min(1).max(200),
    lastsUntil: z.iso.date(),
    calendarUid: z.string().min(1).max(200),
    sequence: z.string().regex(/^\d+$/),
    link: HttpUrlSchema,
  })
  .catchall(z.string());

/**
 * What each kind needs in its payload. Checked when the mail is enqueued, so that a bad payload
 * fails the caller's transaction instead of producing a mail that can never be rendered.
 */
const PAYLOAD_SCHEMAS: Record<MailKind, z.ZodType<Record<string, string>>> = {
  'password-reset': z.object({ link: HttpUrlSchema }).catchall(z.string()),
  'password-changed': z.record(z.string(), z.string()),
  enrolment: z.object({ link: HttpUrlSchema, patientName: z.string().min(1).max(300) }).catchall(z.string()),
  preregistration: z.object({ link: HttpUrlSchema, patientName: z.string().min(1).max(300) }).catchall(z.string()),
  'email-change-confirm': z.object({ link: HttpUrlSchema }).catchall(z.string()),
  'email-change-notice': z.record(z.string(), z.string()),
  'booking-confirmed': BookingMailPayloadSchema,
  'booking-rescheduled': BookingMailPayloadSchema,
  'booking-cancelled': BookingMailPayloadSchema,
  'booking-reminder': BookingMailPayloadSchema,
  'refill-reminder': RefillMailPayloadSchema,
  // The pharmacy, its key's prefix and what it reached: never an identification it tried.
  'pharmacy-lookup-alert': z
    .object({
      pharmacy: z.string().min(1).max(300),
      keyPrefix: z.string().min(1).max(40),
      reason: z.enum(['misses', 'dailyCap']),
    })
    .catchall(z.string()),
  'staff-setup': z.object({ link: HttpUrlSchema }).catchall(z.string()),
};

const MailToEnqueueSchema = z.object({
  programId: z.number().int().positive(),
  kind: z.enum(MAIL_KINDS),
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
  const payload = PAYLOAD_SCHEMAS[parsed.kind].parse(parsed.payload);
  const id = randomUUID();
  // Its own uuid (not the row id) so that the Message-ID reveals nothing about the row.
  const messageId = `<${randomUUID()}@${messageIdDomain(options.publicUrl)}>`;
  await db.insert(outbox).values({
    id,
    programId: parsed.programId,
    kind: parsed.kind,
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
