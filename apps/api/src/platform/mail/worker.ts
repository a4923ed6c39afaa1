// Delivers the outbox: claims due mails (safely across instances), sends each, retries with backoff.
//
// Delivery guarantee. A claim moves the row's next_attempt_at one lease ahead (and counts the attempt) in
// the same statement that picks it with FOR UPDATE SKIP LOCKED, so two workers, on one instance or many,
// never hold the same mail. A row becomes SENT only after the SMTP server accepted the message. A crash
// (or a lost database) between the acceptance and that update leaves the row PENDING: after its lease it
// is sent again, with the same Message-ID, which lets receiving systems drop the duplicate. The window is
// one UPDATE long; nothing else runs between the two steps.
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db.ts';
import { withSpan } from '../tracing.ts';
import { unavailableCode } from '../unavailable.ts';
import { outbox, program } from '../../db/schema.ts';
import type { MailRenderer } from './render.ts';
import type { MailTransport } from './transport.ts';
import type { TextTransport } from './text-transport.ts';

export type OutboxRow = typeof outbox.$inferSelect;

export const MAX_BACKOFF_MS = 15 * 60_000;
/** While the database is down, polls back off from pollIntervalMs to this, so that it returns to a calm worker. */
export const MAX_OUTAGE_POLL_MS = 60_000;
/** How long a claimed mail is reserved for its worker; well above the SMTP timeouts of one send. */
export const CLAIM_LEASE_MS = 5 * 60_000;
const BATCH_SIZE = 10;
const LAST_ERROR_MAX_LENGTH = 500;

export interface OutboxWorkerOptions {
  db: Db;
  transport: MailTransport;
  /**
   * The SMS and WhatsApp channel (decision 058, addendum): a booking notice whose payload names `sms` or `whatsapp`
   * and carries a phone goes there as a short text. Without it, such a notice goes by e-mail.
   */
  textTransport?: TextTransport | undefined;
  renderer: MailRenderer;
  /** The From header (MAIL_FROM). */
  from: string;
  log: FastifyBaseLogger;
  /** Injectable for tests: move time forward instead of waiting for a backoff. */
  clock?: () => Date;
  pollIntervalMs: number;
  /** After this many failed attempts a mail is FAILED (and stays in the table). */
  maxAttempts: number;
  /** The first retry waits this long; each next one twice as long, up to maxBackoffMs. */
  baseBackoffMs: number;
  maxBackoffMs?: number;
  leaseMs?: number;
  batchSize?: number;
}

export interface OutboxWorker {
  /** Polls every pollIntervalMs (first drain right away). */
  start(): void;
  /** Stops polling and resolves once the mail being sent (if any) is done; claimed but unsent mails are released. */
  stop(): Promise<void>;
  /** Processes every mail due now; resolves with how many the transport accepted. */
  drainOnce(): Promise<number>;
  /** Asks a started worker to drain now rather than at the next poll (e.g. right after a commit). */
  wake(): void;
}

/** Delay before the next attempt, after `attempts` attempts were made: base, 2 base, 4 base... capped. */
export function backoffMs(attempts: number, baseBackoffMs: number, maxBackoffMs = MAX_BACKOFF_MS): number {
  return Math.min(baseBackoffMs * 2 ** Math.max(0, attempts - 1), maxBackoffMs);
}

interface SendError {
  code?: unknown;
  responseCode?: unknown;
  message?: unknown;
}

function describeError(error: unknown): { code: string; responseCode: number | undefined; message: string } {
  const e = (typeof error === 'object' && error !== null ? error : {}) as SendError;
  return {
    code: typeof e.code === 'string' ? e.code : 'ERROR',
    responseCode: typeof e.responseCode === 'number' ? e.responseCode : undefined,
    message: typeof e.message === 'string' ? e.message : String(error),
  };
}

/** The error text kept in last_error (the table, not the logs): without the address, one line, bounded. */
function lastErrorText(error: ReturnType<typeof describeError>, recipient: string): string {
  const message = error.message.split(recipient).join('[recipient]').replace(/\s+/g, ' ');
  return `${error.code}${error.responseCode ? ` ${error.responseCode}` : ''}: ${message}`.slice(
    0,
    LAST_ERROR_MAX_LENGTH,
  );
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, transport, textTransport, renderer, from, log, pollIntervalMs, maxAttempts, baseBackoffMs } = options;
  const clock = options.clock ?? (() => new Date());
  const maxBackoffMs = options.maxBackoffMs ?? MAX_BACKOFF_MS;
  const leaseMs = options.leaseMs ?? CLAIM_LEASE_MS;
  const batchSize = options.batchSize ?? BATCH_SIZE;
  if (baseBackoffMs < 1) throw new Error('baseBackoffMs must be at least 1');

  const slugs = new Map<number, string>();
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  /** Polls failed in a row (the database is down): the next one waits longer, and only the first is logged. */
  let failedPolls = 0;
  /** Drains run one after another within a worker; several workers run side by side. */
  let chain: Promise<unknown> = Promise.resolve();

  async function programSlug(programId: number): Promise<string> {
    const cached = slugs.get(programId);
    if (cached) return cached;
    const [row] = await db.select({ slug: program.slug }).from(program).where(eq(program.id, programId));
    if (!row) throw new Error(`program ${programId} does not exist`);
    slugs.set(programId, row.slug);
    return row.slug;
  }

  async function claim(cutoff: Date): Promise<OutboxRow[]> {
    const due = db.$with('due').as(
      db
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.status, 'PENDING'), lte(outbox.nextAttemptAt, cutoff)))
        .orderBy(asc(outbox.nextAttemptAt))
        .limit(batchSize)
        .for('update', { skipLocked: true }),
    );
    const rows = await db
      .with(due)
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(clock().getTime() + leaseMs) })
      .where(inArray(outbox.id, db.select({ id: due.id }).from(due)))
      .returning();
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  /** Still ours: PENDING and not re-claimed by another worker after our lease ran out. */
  const stillClaimed = (row: OutboxRow) =>
    and(eq(outbox.id, row.id), eq(outbox.status, 'PENDING'), eq(outbox.attempts, row.attempts));

  async function release(rows: OutboxRow[]): Promise<void> {
    for (const row of rows) {
      await db
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} - 1`, nextAttemptAt: clock() })
        .where(stillClaimed(row));
    }
  }

  async function fail(row: OutboxRow, error: ReturnType<typeof describeError>, permanent: boolean): Promise<void> {
    const context = {
      outboxId: row.id,
      kind: row.kind,
      attempt: row.attempts,
      code: error.code,
      responseCode: error.responseCode,
    };
    if (permanent || row.attempts >= maxAttempts) {
      await db
        .update(outbox)
        .set({ status: 'FAILED', lastError: lastErrorText(error, row.recipient) })
        .where(stillClaimed(row));
      log.error(context, 'mail delivery failed for good; the outbox row stays FAILED');
      return;
    }
    const nextAttemptAt = new Date(clock().getTime() + backoffMs(row.attempts, baseBackoffMs, maxBackoffMs));
    await db
      .update(outbox)
      .set({ nextAttemptAt, lastError: lastErrorText(error, row.recipient) })
      .where(stillClaimed(row));
    log.warn({ ...context, nextAttemptAt: nextAttemptAt.toISOString() }, 'mail delivery failed; will retry');
  }

  /** Sends one claimed mail; true when the transport accepted it. */
  async function deliver(row: OutboxRow): Promise<boolean> {
    let message;
    let send: (() => Promise<void>) | undefined;
    let sentBy = 'email';
    try {
      const slug = await programSlug(row.programId);
      const { channel, phone } = row.payload;
      if ((channel === 'sms' || channel === 'whatsapp') && typeof phone === 'string' && phone !== '' && textTransport) {
        const toRender = { kind: row.kind, language: row.language, payload: row.payload };
        const text = renderer.renderText(slug, toRender);
        if (text !== undefined) {
          const context = { outboxId: row.id, programSlug: slug, kind: row.kind, link: undefined };
          const textMessage = { channel, to: phone, text, id: row.id, context } as const;
          send = () => textTransport.send(textMessage);
          sentBy = channel;
        }
      }

      const rendered = renderer.render(slug, {
        kind: row.kind,
        language: row.language,
        payload: row.payload,
      });
      const link = typeof row.payload.link === 'string' ? row.payload.link : undefined;
      message = {
        from,
        to: row.recipient,
        ...rendered,
        messageId: row.messageId,
        context: { outboxId: row.id, programSlug: slug, kind: row.kind, link },
      };
      const mail = message;
      send ??= () => transport.send(mail);
    } catch (error) {
      // A mail that cannot be rendered will not render better later: no retry.
      await fail(row, { ...describeError(error), code: 'RENDER' }, true);
      return false;
    }
    try {
      // A span per mail or text sent (decision 084): its kind and channel, never its recipient.
      await withSpan('mail send', { 'portal.mail.kind': row.kind, 'portal.mail.channel': sentBy }, send!);
    } catch (error) {
      const described = describeError(error);
      // 5xx replies are permanent by SMTP's own rules (bad address, refused content); 4xx and network errors are retried.
      const permanent = described.responseCode !== undefined && described.responseCode >= 500;
      await fail(row, described, permanent);
      return false;
    }
    try {
      await db
        .update(outbox)
        .set({ status: 'SENT', sentAt: clock(), lastError: null })
        .where(and(eq(outbox.id, row.id), eq(outbox.status, 'PENDING')));
    } catch (error) {
      // Accepted but not recorded: the row is sent again after its lease, with the same Message-ID.
      log.error(
        { outboxId: row.id, kind: row.kind, attempt: row.attempts, code: describeError(error).code },
        'mail sent but not marked SENT',
      );
      return true;
    }
    log.info({ outboxId: row.id, kind: row.kind, attempt: row.attempts }, 'mail sent');
    return true;
  }

  async function drain(): Promise<number> {
    // Mails that fail now are due again only after the cut-off, so one drain tries each mail once.
    const cutoff = clock();
    let delivered = 0;
    for (;;) {
      if (stopping) return delivered;
      const rows = await claim(cutoff);
      if (rows.length === 0) return delivered;
      for (const [index, row] of rows.entries()) {
        if (stopping) {
          await release(rows.slice(index));
          return delivered;
        }
        if (await deliver(row)) delivered += 1;
      }
    }
  }

  function drainOnce(): Promise<number> {
    const run = chain.then(drain, drain);
    chain = run.catch(() => undefined);
    return run;
  }

  function schedule(delayMs: number): void {
    if (!started || stopping) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      drainOnce()
        .then(
          () => {
            if (failedPolls > 0) log.info({ failedPolls }, 'outbox drain resumed');
            failedPolls = 0;
          },
          (error: unknown) => {
            failedPolls += 1;
            // One line per outage, not one per poll: the pool logs the lost connection, readiness says the rest.
            if (failedPolls === 1)
              log.error({ code: unavailableCode(error) }, 'outbox drain failed; retrying with backoff');
          },
        )
        .finally(() => {
          if (!timer)
            schedule(
              failedPolls === 0
                ? pollIntervalMs
                : backoffMs(failedPolls, pollIntervalMs, Math.max(pollIntervalMs, MAX_OUTAGE_POLL_MS)),
            );
        });
    }, delayMs);
    timer.unref();
  }

  return {
    start() {
      if (started) return;
      started = true;
      stopping = false;
      schedule(0);
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await chain;
      started = false;
      stopping = false;
    },
    drainOnce,
    wake() {
      schedule(0);
    },
  };
}
