// The mailer: transport from config (SMTP_URL or the dev mailbox), app.mail, the outbox worker's life cycle.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '../db.ts';
import { registerDevMailboxRoutes } from './dev-mailbox-routes.ts';
import type { MailKind } from './kinds.ts';
import { enqueueMail, type MailToEnqueue } from './outbox.ts';
import { createMailRenderer } from './render.ts';
import { createDevMailbox, createSmtpTransport, type DevMailbox, type MailTransport } from './transport.ts';
import { createDevMailboxTextTransport, createHttpTextTransport } from './text-transport.ts';
import { createOutboxWorker, type OutboxWorker } from './worker.ts';

export const MAIL_POLL_INTERVAL_MS = 2_000;
export const MAIL_MAX_ATTEMPTS = 8;
/** 30 s, 1, 2, 4, 8, 15, 15 min: the eighth attempt comes about 45 minutes after the first. */
export const MAIL_BASE_BACKOFF_MS = 30_000;

export interface Mailer {
  /** enqueueMail with this server's Message-ID domain: pass the transaction of the change that causes the mail. */
  enqueue(db: Executor, mail: MailToEnqueue): Promise<{ id: string; messageId: string }>;
  worker: OutboxWorker;
  /** Outside production without SMTP_URL only. */
  devMailbox?: DevMailbox;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
  }
}

/** Production without SMTP_URL: nothing is sent, and the mails wait in the outbox until SMTP is configured. */
function createUnconfiguredTransport(): MailTransport {
  return {
    async send() {
      throw Object.assign(new Error('SMTP_URL is not set'), { code: 'ENOSMTP' });
    },
    async close() {},
  };
}

export interface MailerOptions {
  /** The kinds of mail the modules declared: the worker renders these. */
  kinds: readonly MailKind[];
}

async function mailPlugin(app: FastifyInstance, { kinds }: MailerOptions): Promise<void> {
  const config = app.appConfig;
  const isProduction = config.NODE_ENV === 'production';
  const devMailbox = !config.SMTP_URL && !isProduction ? createDevMailbox(app.log) : undefined;
  const transport = config.SMTP_URL
    ? createSmtpTransport(config.SMTP_URL)
    : (devMailbox ?? createUnconfiguredTransport());
  // SMS and WhatsApp (decision 058, addendum): the provider at SMS_URL, else the dev mailbox outside production; in
  // production without SMS_URL such notices go by e-mail.
  const textTransport = config.SMS_URL
    ? createHttpTextTransport(config.SMS_URL)
    : !isProduction && devMailbox
      ? createDevMailboxTextTransport(devMailbox)
      : undefined;
  const worker = createOutboxWorker({
    db: app.database.db as Db,
    transport,
    textTransport,
    renderer: createMailRenderer({ programsDir: config.PROGRAMS_DIR, publicUrl: config.PUBLIC_URL, kinds }),
    from: config.MAIL_FROM,
    log: app.log.child({ component: 'outbox' }),
    pollIntervalMs: MAIL_POLL_INTERVAL_MS,
    maxAttempts: MAIL_MAX_ATTEMPTS,
    baseBackoffMs: MAIL_BASE_BACKOFF_MS,
  });
  app.decorate('mail', {
    enqueue: (db, mail) => enqueueMail(db, mail, { publicUrl: config.PUBLIC_URL }),
    worker,
    ...(devMailbox ? { devMailbox } : {}),
  } satisfies Mailer);

  const runsWorker = config.MAIL_WORKER && (Boolean(config.SMTP_URL) || !isProduction);
  if (config.MAIL_WORKER && !runsWorker) app.log.warn('SMTP_URL is not set: e-mails wait in the outbox until it is');
  if (runsWorker) app.addHook('onReady', async () => worker.start());
  // preClose, not onClose: the database's onClose hook may run first, and the worker still needs it.
  app.addHook('preClose', async () => worker.stop());
  app.addHook('onClose', async () => {
    await transport.close();
    await textTransport?.close();
  });

  if (devMailbox && !isProduction) registerDevMailboxRoutes(app, devMailbox);
}

export const mailer = fp(mailPlugin, { name: 'portal-mail', fastify: '5.x' });
