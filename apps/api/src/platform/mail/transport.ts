// Where mails go: a pooled SMTP transport (SMTP_URL), or the in-memory dev mailbox (the embedded default).
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

/** Who a mail is for, as the outbox knows it: never sent over SMTP, used by the dev mailbox. */
export interface MailContext {
  outboxId: string;
  programSlug: string;
  /** The name of its kind (platform/mail/kinds.ts). */
  kind: string;
  /** The payload's link, when the mail has one. */
  link?: string | undefined;
}

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** `<uuid@host>`: the same on every attempt, so that receivers can drop a duplicate. */
  messageId: string;
  headers?: Record<string, string>;
  context?: MailContext;
  /**
   * An iCalendar part (text/calendar with its METHOD, also attached as a file), which mail clients offer to add to the
   * calendar: a booking's invitation or cancellation, or a refill reminder to add (PUBLISH, decision 061).
   */
  calendar?: { method: 'REQUEST' | 'CANCEL' | 'PUBLISH'; content: string; filename?: string } | undefined;
}

export interface MailTransport {
  /** Resolves once the server accepted the mail; rejects otherwise (with `responseCode` for SMTP replies). */
  send(message: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

/** The calendar part's file name when the mail names none (a booking's invitation or cancellation). */
export const CALENDAR_FILENAME = 'invite.ics';

/** A file a mail carries, as a reader of the dev mailbox sees it: its name, its type and its bytes. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** The files a mail carries: its calendar part, attached as the SMTP transport attaches it. */
export function attachmentsOf(message: Pick<OutgoingMail, 'calendar'>): MailAttachment[] {
  const { calendar } = message;
  if (!calendar) return [];
  return [
    {
      filename: calendar.filename ?? CALENDAR_FILENAME,
      contentType: `text/calendar; charset=utf-8; method=${calendar.method}`,
      content: Buffer.from(calendar.content, 'utf8'),
    },
  ];
}

export const SMTP_CONNECTION_TIMEOUT_MS = 10_000;
export const SMTP_GREETING_TIMEOUT_MS = 10_000;
export const SMTP_SOCKET_TIMEOUT_MS = 30_000;

/**
 * Pooled SMTP through nodemailer. Options may also be given in the URL's query
 * (`smtp://host:2525/?ignoreTLS=true`, `smtps://user:pass@host`), as nodemailer reads them.
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 3,
    maxMessages: 100,
    // A message whose connection dropped mid-send is not re-sent by the pool: the outbox retries it, with backoff.
    maxRequeues: 0,
    connectionTimeout: SMTP_CONNECTION_TIMEOUT_MS,
    greetingTimeout: SMTP_GREETING_TIMEOUT_MS,
    socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
    // Mail content never makes nodemailer read a file or fetch a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    async send(message) {
      const { calendar, ...content } = contentOf(message);
      const info = await transporter.sendMail({
        ...content,
        ...(calendar
          ? {
              icalEvent: {
                method: calendar.method,
                content: calendar.content,
                filename: calendar.filename ?? CALENDAR_FILENAME,
              },
            }
          : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      });
      if (info.rejected.length > 0) throw Object.assign(new Error('recipient rejected'), { code: 'EENVELOPE' });
    },
    async close() {
      transporter.close();
    },
  };
}

/** What a mail says and to whom: what both transports hand on (never the outbox's context). */
type MailContent = Pick<OutgoingMail, 'from' | 'to' | 'subject' | 'text' | 'html' | 'messageId' | 'calendar'>;

function contentOf({ from, to, subject, text, html, messageId, calendar }: OutgoingMail): MailContent {
  return { from, to, subject, text, html, messageId, ...(calendar ? { calendar } : {}) };
}

export interface DeliveredMail extends MailContent {
  id: string;
  programSlug: string | undefined;
  kind: string | undefined;
  /** The payload's link (recovery, log-in), so that browser tests need not parse the body. */
  link: string | undefined;
  /** The files the mail carries (a booking's or a refill reminder's .ics), as SMTP would attach them. */
  attachments: MailAttachment[];
  deliveredAt: Date;
}

export interface DevMailbox extends MailTransport {
  /** Delivered mails, newest first; only a program's when a slug is given. */
  list(programSlug?: string): DeliveredMail[];
  get(id: string): DeliveredMail | undefined;
}

export const DEV_MAILBOX_CAPACITY = 200;

/**
 * The embedded default outside production: keeps the last mails in memory (for GET /dev/mailbox) and
 * logs one line per mail with its program, kind and link, so that a developer can follow the link.
 * Never the body or the address: the line says which program and kind, that is enough to find it.
 */
export function createDevMailbox(logger: FastifyBaseLogger, capacity = DEV_MAILBOX_CAPACITY): DevMailbox {
  const mails: DeliveredMail[] = [];
  return {
    async send(message) {
      const id = message.context?.outboxId ?? message.messageId;
      const existing = mails.findIndex((mail) => mail.id === id);
      if (existing !== -1) mails.splice(existing, 1);
      mails.push({
        id,
        programSlug: message.context?.programSlug,
        kind: message.context?.kind,
        link: message.context?.link,
        ...contentOf(message),
        attachments: attachmentsOf(message),
        deliveredAt: new Date(),
      });
      if (mails.length > capacity) mails.splice(0, mails.length - capacity);
      logger.info(
        {
          program: message.context?.programSlug,
          kind: message.context?.kind,
          outboxId: message.context?.outboxId,
          link: message.context?.link,
        },
        'dev mailbox: mail delivered (GET /dev/mailbox on the program host)',
      );
    },
    async close() {},
    list(programSlug) {
      const newestFirst = [...mails].reverse();
      return programSlug === undefined ? newestFirst : newestFirst.filter((mail) => mail.programSlug === programSlug);
    },
    get(id) {
      return mails.find((mail) => mail.id === id);
    },
  };
}
