// Faults for real (decision 011): PostgreSQL connections killed mid-run, a database that refuses connections,
// a Redis server that goes away and comes back. The app must keep answering, say 503 where it cannot, and
// recover by itself.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorBodySchema } from '@portal/contracts/errors';
import { HealthResponseSchema } from '@portal/contracts/resources';
import { LoginResponseSchema } from '@portal/contracts/identity';
import { DEMO_PASSWORD, demoEmail } from '../db/demo-seed.ts';
import { outbox, program } from '../db/schema.ts';
import { createTestApp, hostOf, TEST_DB, type TestApp } from '../test/app.ts';
import { withAdminClient } from '../test/postgres.ts';
import { createTestRedisServer, type TestRedisServer } from '../test/redis-server.ts';
import { enqueueMail } from './mail/outbox.ts';
import { createMailRenderer } from './mail/render.ts';
import { createDevMailbox } from './mail/transport.ts';
import { createOutboxWorker } from './mail/worker.ts';
import { isUnavailableError } from './unavailable.ts';
import { MAIL_KINDS, mailKind } from '../test/mail-kinds.ts';

/** A built web app of the test's own: the shell and one asset, to show that they do not need the database. */
function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>portal</title><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'app-1234.js'), 'console.log(1);');
  return dir;
}

/** A wrong password, by default for an address of its own (a locked address would be refused before the database). */
function login(t: TestApp, email = `nobody.${randomBytes(4).toString('hex')}@nowhere.example`) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    headers: { host: hostOf('alivio') },
    remoteAddress: '10.66.0.1',
    payload: { email, password: 'bad-password' },
  });
}
const readiness = async (t: TestApp) => {
  const response = await t.app.inject({ url: '/readyz' });
  return { statusCode: response.statusCode, body: HealthResponseSchema.parse(response.json()) };
};
/** What does not need the database or Redis: the shell, an asset, a program file. */
async function staticStatuses(t: TestApp) {
  const urls = ['/', '/home', '/assets/app-1234.js', '/program/alivio/texts/text-es.json?ts=1'];
  return Promise.all(
    urls.map(async (url) => (await t.app.inject({ url, headers: { host: hostOf('alivio') } })).statusCode),
  );
}
const count = (text: string, needle: string) => text.split(needle).length - 1;

describe.runIf(TEST_DB === 'postgres')('PostgreSQL faults', () => {
  let t: TestApp;
  let webDist: string;
  let databaseName: string;
  const terminateAll = () =>
    withAdminClient((client) =>
      client.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [databaseName],
      ),
    );
  const allowConnections = (allow: boolean) =>
    withAdminClient((client) => client.query(`alter database "${databaseName}" allow_connections ${allow}`));

  beforeAll(async () => {
    webDist = fakeWebDist();
    t = await createTestApp({ WEB_DIST_DIR: webDist, MAIL_WORKER: 'false' });
    databaseName = new URL((t.database as { url?: string }).url!).pathname.slice(1);
  });
  afterAll(async () => {
    if (databaseName) await allowConnections(true).catch(() => undefined);
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('survives its connections being terminated (idle and inside a transaction): one log line, then new connections', async () => {
    // Several connections open and idle in the pool.
    await Promise.all(Array.from({ length: 5 }, () => login(t)));
    const inTransaction = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_sleep(10)`);
    });
    const failure = inTransaction.then(
      () => undefined,
      (error: unknown) => error,
    );
    await vi.waitFor(
      async () => {
        const { rows } = await withAdminClient((client) =>
          client.query("select 1 from pg_stat_activity where datname = $1 and query like '%pg_sleep%'", [databaseName]),
        );
        expect(rows.length).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 50 },
    );
    await terminateAll();
    const error = await failure;
    expect(error).toBeInstanceOf(Error);
    expect(isUnavailableError(error)).toBe(true);

    // The process is still here (an unhandled 'error' event would have ended this test run) and answers.
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await login(t)).statusCode);
    expect(statuses.every((status) => status === 400 || status === 503)).toBe(true);
    expect(statuses.at(-1)).toBe(400);
    expect((await readiness(t)).statusCode).toBe(200);
    expect(count(t.logs(), 'database connection lost')).toBe(1);
    expect(count(t.logs(), 'database connection restored')).toBe(1);
  });

  it('answers 503 with Retry-After while the database refuses connections, keeps the pages, and recovers', async () => {
    const [programRow] = await t.database.db.select({ id: program.id }).from(program).where(eq(program.slug, 'alivio'));
    const { id: mailId } = await enqueueMail(t.database.db, {
      programId: programRow!.id,
      kind: mailKind('password-reset'),
      recipient: 'outage@example.com',
      language: 'es',
      payload: { link: 'http://alivio.localhost:3000/password/recover?n=x&s=y' },
    });
    const mailbox = createDevMailbox(t.app.log);
    const worker = createOutboxWorker({
      db: t.database.db,
      transport: mailbox,
      renderer: createMailRenderer({
        programsDir: t.config.PROGRAMS_DIR,
        publicUrl: t.config.PUBLIC_URL,
        kinds: MAIL_KINDS,
      }),
      from: t.config.MAIL_FROM,
      log: t.app.log.child({ component: 'outbox' }),
      pollIntervalMs: 20,
      maxAttempts: 5,
      baseBackoffMs: 1_000,
    });

    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { host: hostOf('alivio') },
      payload: { email: demoEmail('alivio'), password: DEMO_PASSWORD },
    });
    const tokens = LoginResponseSchema.parse(signedIn.json()).data;

    await allowConnections(false);
    try {
      await terminateAll();
      worker.start();
      const refused = await login(t);
      expect(refused.statusCode).toBe(503);
      expect(ErrorBodySchema.parse(refused.json()).error).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: 'errors.serviceUnavailable',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // A signed-in call too (the session is looked up); cached catalogues (countries...) keep answering 200.
      const profile = await t.app.inject({
        url: '/api/v1/user',
        headers: { host: hostOf('alivio'), authorization: `Bearer ${tokens.AccessToken}` },
      });
      expect(profile.statusCode).toBe(503);
      expect(profile.headers['retry-after']).toBeDefined();
      expect(await readiness(t)).toEqual({
        statusCode: 503,
        body: { status: 'unavailable', checks: { database: 'unavailable' } },
      });
      expect(await staticStatuses(t)).toEqual([200, 200, 200, 200]);
      // The worker polls, fails and backs off; it says so once.
      await vi.waitFor(() => expect(t.logs()).toContain('outbox drain failed'), { timeout: 10_000, interval: 50 });
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      await allowConnections(true);
    }

    await vi.waitFor(async () => expect((await readiness(t)).statusCode).toBe(200), { timeout: 10_000, interval: 100 });
    expect((await login(t)).statusCode).toBe(400);
    // The mail queued before the outage goes out after it, without anyone asking.
    await vi.waitFor(
      async () => {
        const [row] = await t.database.db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, mailId));
        expect(row?.status).toBe('SENT');
      },
      { timeout: 90_000, interval: 200 },
    );
    await worker.stop();
    expect(mailbox.list('alivio').some((mail) => mail.to === 'outage@example.com')).toBe(true);
    expect(count(t.logs(), 'outbox drain failed')).toBe(1);
    expect(t.logs()).toContain('outbox drain resumed');
    // Nothing of the refused requests was a bare 500.
    expect(t.logs()).not.toContain('"statusCode":500');
  }, 120_000);
});

describe(`Redis faults (${TEST_DB})`, () => {
  let redis: TestRedisServer;
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fakeWebDist();
    redis = await createTestRedisServer();
    t = await createTestApp({
      WEB_DIST_DIR: webDist,
      MAIL_WORKER: 'false',
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
    });
  });
  afterAll(async () => {
    await t?.close();
    await redis?.stop();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('keeps pages and logins up on memory counters while Redis is down, reports it, and reconnects by itself', async () => {
    expect(await readiness(t)).toEqual({
      statusCode: 200,
      body: { status: 'ok', checks: { database: 'ok', redis: 'ok' } },
    });
    await redis.stop();

    await vi.waitFor(async () => expect((await readiness(t)).statusCode).toBe(503), { timeout: 10_000, interval: 100 });
    expect((await readiness(t)).body).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', redis: 'unavailable' },
    });
    expect(await staticStatuses(t)).toEqual([200, 200, 200, 200]);
    // Rate limit and lockout count in this instance's memory (decision 011): a login is answered, not a 500.
    const answer = await login(t);
    expect(answer.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(answer.json()).error.details).toEqual({ reason: 'INVALID_CREDENTIALS' });
    for (let i = 0; i < 5; i += 1) await login(t, 'burst@nowhere.example');
    expect(ErrorBodySchema.parse((await login(t, 'burst@nowhere.example')).json()).error.details).toMatchObject({
      reason: 'LOCKED',
    });
    const log = await t.app.inject({
      method: 'POST',
      url: '/api/v1/log',
      remoteAddress: '10.66.0.2',
      payload: { jsonRawString: JSON.stringify({ level: 'notice', message: 'x' }) },
    });
    expect(log.statusCode).toBe(202);
    expect(count(t.logs(), 'redis unavailable')).toBe(1);

    await redis.start();
    await vi.waitFor(async () => expect((await readiness(t)).statusCode).toBe(200), { timeout: 20_000, interval: 200 });
    expect(t.logs()).toContain('redis available again');
    expect((await login(t)).statusCode).toBe(400);
    expect(t.logs()).not.toContain('"statusCode":500');
  }, 60_000);
});
