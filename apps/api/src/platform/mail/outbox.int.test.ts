import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditEvent, outbox } from '../../db/schema.ts';
import { createTestApp, TEST_DB, type TestApp } from '../../test/app.ts';
import { parseMail, startTestSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { enqueueMail, type MailToEnqueue } from './outbox.ts';
import { createMailRenderer } from './render.ts';
import { createSmtpTransport, type MailTransport } from './transport.ts';
import { createOutboxWorker, type OutboxWorkerOptions } from './worker.ts';
import { MAIL_KINDS, mailKind } from '../../test/mail-kinds.ts';

const MINUTE_MS = 60_000;

describe(`the e-mail outbox over SMTP (${TEST_DB})`, () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let programId: number;
  const transports: MailTransport[] = [];
  /** Every address and link used here: none may appear in the logs. */
  const secrets: string[] = [];
  let counter = 0;

  /** A mail with its own address and link (a recovery nonce), both recorded as secrets. */
  function aMail(overrides: Partial<MailToEnqueue> = {}): MailToEnqueue {
    counter += 1;
    const recipient = `paciente.${counter}.${Date.now()}@example.com`;
    const link = `http://alivio.localhost:3000/password/recover?n=nonce-${counter}-${Math.random().toString(36).slice(2)}&s=sig`;
    secrets.push(recipient, link);
    return { programId, kind: mailKind('password-reset'), recipient, language: 'es', payload: { link }, ...overrides };
  }

  /** A worker over the test app's database and a fresh SMTP transport, with a clock the test moves. */
  function aWorker(options: Partial<OutboxWorkerOptions> = {}) {
    let now = new Date();
    const transport = createSmtpTransport(smtp.url);
    transports.push(transport);
    const worker = createOutboxWorker({
      db: t.database.db,
      transport,
      renderer: createMailRenderer({
        programsDir: t.config.PROGRAMS_DIR,
        publicUrl: t.config.PUBLIC_URL,
        kinds: MAIL_KINDS,
      }),
      from: t.config.MAIL_FROM,
      log: t.app.log,
      clock: () => now,
      pollIntervalMs: 60_000,
      maxAttempts: 5,
      baseBackoffMs: MINUTE_MS,
      ...options,
    });
    return {
      worker,
      /** Sets the clock just after every row enqueued so far, so that they are all due. */
      async catchUp() {
        const [row] = await t.database.db.select({ latest: sql<string>`max(${outbox.nextAttemptAt})` }).from(outbox);
        now = new Date(Math.max(now.getTime(), new Date(row?.latest ?? Date.now()).getTime() + 1));
      },
      advance(ms: number) {
        now = new Date(now.getTime() + ms);
      },
      now: () => now,
    };
  }

  const rowOf = async (id: string) => (await t.database.db.select().from(outbox).where(eq(outbox.id, id)))[0];

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_WORKER: 'false' });
    programId = t.app.programs.get('alivio')!.id;
  });
  afterAll(async () => {
    for (const transport of transports) await transport.close();
    await t?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    await t.database.db.delete(outbox);
    smtp.received.length = 0;
    smtp.refuseNext(0);
  });

  it('delivers a mail written in a transaction, with its Message-ID and an intact Spanish subject', async () => {
    const mail = aMail();
    const queued = await t.database.db.transaction(async (tx) => {
      await tx.insert(auditEvent).values({ programId, actorKind: 'visitor', action: 'password-reset-requested' });
      return t.app.mail.enqueue(tx, mail);
    });
    expect(queued.messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/);

    expect(await t.app.mail.worker.drainOnce()).toBe(1);

    expect(smtp.received).toHaveLength(1);
    const received = smtp.received[0]!;
    expect(received.envelopeTo).toEqual([mail.recipient]);
    const parsed = await parseMail(received.raw);
    expect(parsed.header('to')).toBe(mail.recipient);
    expect(parsed.header('from')).toBe('Portal <no-reply@portal.example>');
    expect(parsed.header('subject')).toBe('Cree una nueva contraseña para Alivio');
    expect(parsed.header('message-id')).toBe(queued.messageId);
    expect(parsed.text).toContain(mail.payload.link);
    expect(parsed.html).toContain(`href="${mail.payload.link!.replaceAll('&', '&amp;')}"`);
    const row = await rowOf(queued.id);
    expect(row).toMatchObject({ status: 'SENT', attempts: 1, messageId: queued.messageId, lastError: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it('delivers a mail in the very millisecond it was written', async () => {
    const queued = await enqueueMail(t.database.db, aMail());
    const row = await rowOf(queued.id);
    // The worker's clock has milliseconds; the database's now() has microseconds.
    const { worker } = aWorker({ clock: () => new Date(row!.nextAttemptAt.getTime()) });
    expect(await worker.drainOnce()).toBe(1);
  });

  it('leaves no mail behind when the transaction rolls back', async () => {
    const mail = aMail();
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueMail(tx, mail);
        throw new Error('the change that causes the mail failed');
      }),
    ).rejects.toThrow('the change that causes the mail failed');

    expect(await t.database.db.select().from(outbox)).toEqual([]);
    expect(await t.app.mail.worker.drainOnce()).toBe(0);
    expect(smtp.received).toEqual([]);
  });

  it('refuses to enqueue a mail without a valid address or the link its kind needs', async () => {
    await expect(enqueueMail(t.database.db, aMail({ recipient: 'not-an-address' }))).rejects.toThrow();
    await expect(enqueueMail(t.database.db, aMail({ payload: {} }))).rejects.toThrow();
    await expect(enqueueMail(t.database.db, aMail({ payload: { link: 'javascript:alert(1)' } }))).rejects.toThrow();
    await expect(
      enqueueMail(
        t.database.db,
        aMail({ kind: mailKind('enrolment'), payload: { link: 'http://alivio.localhost:3000/login' } }),
      ),
    ).rejects.toThrow();
    expect(await t.database.db.select().from(outbox)).toEqual([]);
  });

  it('keeps a refused mail, retries it with growing backoff and delivers it exactly once when the server recovers', async () => {
    const { worker, catchUp, advance, now } = aWorker({ baseBackoffMs: MINUTE_MS });
    const queued = await enqueueMail(t.database.db, aMail());
    await catchUp();
    smtp.refuseNext(2, 451);

    expect(await worker.drainOnce()).toBe(0);
    let row = await rowOf(queued.id);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(row?.lastError).toMatch(/451/);
    expect(row?.lastError).not.toContain('@example.com');
    expect(row!.nextAttemptAt.getTime()).toBe(now().getTime() + MINUTE_MS);

    // Not due yet: nothing happens until the backoff has passed.
    const rcptAttempts = smtp.rcptAttempts();
    advance(MINUTE_MS - 1);
    expect(await worker.drainOnce()).toBe(0);
    expect(smtp.rcptAttempts()).toBe(rcptAttempts);
    expect((await rowOf(queued.id))?.attempts).toBe(1);

    advance(1);
    expect(await worker.drainOnce()).toBe(0);
    row = await rowOf(queued.id);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 2 });
    expect(row!.nextAttemptAt.getTime()).toBe(now().getTime() + 2 * MINUTE_MS);

    advance(2 * MINUTE_MS);
    expect(await worker.drainOnce()).toBe(1);
    expect(await worker.drainOnce()).toBe(0);
    advance(60 * MINUTE_MS);
    expect(await worker.drainOnce()).toBe(0);

    row = await rowOf(queued.id);
    expect(row).toMatchObject({ status: 'SENT', attempts: 3, lastError: null });
    expect(row?.sentAt?.getTime()).toBe(now().getTime() - 60 * MINUTE_MS);
    expect(smtp.received).toHaveLength(1);
    expect((await parseMail(smtp.received[0]!.raw)).header('message-id')).toBe(queued.messageId);
  });

  it('marks a mail FAILED after the last attempt and keeps it in the table', async () => {
    const { worker, catchUp, advance } = aWorker({ maxAttempts: 3, baseBackoffMs: MINUTE_MS });
    const queued = await enqueueMail(t.database.db, aMail());
    await catchUp();
    smtp.refuseNext(1_000, 451);

    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(await worker.drainOnce()).toBe(0);
      advance(15 * MINUTE_MS);
    }
    expect(await worker.drainOnce()).toBe(0);

    const row = await rowOf(queued.id);
    expect(row).toMatchObject({ status: 'FAILED', attempts: 3, recipient: expect.stringContaining('@example.com') });
    expect(row?.lastError).toMatch(/451/);
    expect(smtp.received).toEqual([]);
  });

  it('fails a mail at once when the server refuses it for good (5xx)', async () => {
    const { worker, catchUp } = aWorker();
    const queued = await enqueueMail(t.database.db, aMail());
    await catchUp();
    smtp.refuseNext(1, 550);

    expect(await worker.drainOnce()).toBe(0);
    expect(await rowOf(queued.id)).toMatchObject({
      status: 'FAILED',
      attempts: 1,
      lastError: expect.stringMatching(/550/),
    });
  });

  it('delivers each mail once when two workers drain at the same time', async () => {
    const a = aWorker({ batchSize: 2 });
    const b = aWorker({ batchSize: 2 });
    const queued = [];
    for (let i = 0; i < 12; i += 1)
      queued.push(await enqueueMail(t.database.db, aMail({ language: i % 2 ? 'en' : 'es' })));
    await a.catchUp();
    await b.catchUp();

    const [sentByA, sentByB] = await Promise.all([a.worker.drainOnce(), b.worker.drainOnce()]);

    expect(sentByA + sentByB).toBe(12);
    const messageIds = await Promise.all(
      smtp.received.map(async (mail) => (await parseMail(mail.raw)).header('message-id')),
    );
    expect(messageIds).toHaveLength(12);
    expect(new Set(messageIds)).toEqual(new Set(queued.map((mail) => mail.messageId)));
    const rows = await t.database.db.select().from(outbox);
    expect(rows.every((row) => row.status === 'SENT' && row.attempts === 1)).toBe(true);
  });

  it('stops gracefully: a started worker delivers, and stop() waits for the send in flight', async () => {
    const { worker, catchUp } = aWorker({ pollIntervalMs: 5 });
    await enqueueMail(t.database.db, aMail());
    await catchUp();
    worker.start();
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
    await worker.stop();
    expect(await t.database.db.select({ status: outbox.status }).from(outbox)).toEqual([{ status: 'SENT' }]);
  });

  it('never writes an address or a link into the logs', () => {
    const logs = t.logs();
    expect(logs).toContain('mail sent');
    expect(logs).toContain('will retry');
    expect(secrets.length).toBeGreaterThan(10);
    for (const secret of secrets) expect(logs).not.toContain(secret);
    expect(logs).not.toContain('@example.com');
    expect(logs).not.toMatch(/nonce-\d+/);
  });
});
