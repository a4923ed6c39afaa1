// The session cache (decision 031) against the database's own feed of changes, on PGlite and on PostgreSQL: it
// serves what it read, forgets an account as soon as any writer changes it (another instance, an operator in psql),
// lets a caller see its own write at once, and serves nothing while its listening connection is down.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LoginResponseSchema, UserResponseSchema } from '@portal/contracts/identity';
import { buildApp } from '../../app.ts';
import { DEMO_PASSWORD, demoEmail } from '../../db/demo-seed.ts';
import { patient, session } from '../../db/schema.ts';
import { createTestApp, hostOf, TEST_DB, type TestApp } from '../../test/app.ts';
import { withAdminClient } from '../../test/postgres.ts';

let t: TestApp;
/** A second instance of the portal on the same database, as a second server would run. */
let other: FastifyInstance;
let ip = 0;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_PER_MINUTE: '1000' });
  other = await buildApp(t.config, { database: t.database });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

async function loginAs(app: FastifyInstance, slug: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/login',
    headers: { host: hostOf(slug) },
    remoteAddress: `10.31.0.${++ip}`,
    payload: { email: demoEmail(slug), password: DEMO_PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  return LoginResponseSchema.parse(response.json()).data;
}
function getUser(app: FastifyInstance, slug: string, accessToken: string) {
  return app.inject({
    url: '/api/v1/user?expand=USER,PERIOD,CAREGIVER',
    headers: { host: hostOf(slug), authorization: `Bearer ${accessToken}` },
  });
}
const firstNameOf = async (app: FastifyInstance, slug: string, accessToken: string) =>
  UserResponseSchema.parse((await getUser(app, slug, accessToken)).json()).data.firstName;
const sessionIdOf = (refreshToken: string) => refreshToken.split('.')[0]!;
/** Every change committed so far has reached both instances. */
async function settled() {
  await t.app.identity.sessionCache.settle();
  await other.identity.sessionCache.settle();
}
/** Runs `work` with the feed's trigger on the patient table off: a change nobody is told of. */
async function unannounced(work: () => Promise<unknown>) {
  await t.database.db.execute(sql`alter table patient disable trigger patient_account_changed`);
  try {
    await work();
  } finally {
    await t.database.db.execute(sql`alter table patient enable trigger patient_account_changed`);
  }
}

describe(`the session cache (${TEST_DB})`, () => {
  it('serves a session it read without reading it again, until the account changes', async () => {
    await vi.waitFor(() =>
      expect([t.app, other].map((app) => app.identity.sessionCache.stats().listening)).toEqual([true, true]),
    );
    const tokens = await loginAs(t.app, 'alivio');
    expect(await firstNameOf(t.app, 'alivio', tokens.AccessToken)).toBe('María');
    const [row] = await t.database.db
      .select({ id: patient.id })
      .from(patient)
      .innerJoin(session, eq(session.userId, patient.userId))
      .where(eq(session.id, sessionIdOf(tokens.RefreshToken)));
    // Proof that it is cached: a change that notifies nobody is not seen.
    await unannounced(() =>
      t.database.db.update(patient).set({ firstName: 'Unannounced' }).where(eq(patient.id, row!.id)),
    );
    await settled();
    expect(await firstNameOf(t.app, 'alivio', tokens.AccessToken)).toBe('María');
    expect(await firstNameOf(other, 'alivio', tokens.AccessToken)).toBe('Unannounced'); // the other instance had not read it
    // Any change to the account's rows, by any writer, is: here a statement outside the portal, as from psql.
    await t.database.db.execute(sql`update patient set first_name = 'María' where id = ${row!.id}`);
    await settled();
    expect(await firstNameOf(t.app, 'alivio', tokens.AccessToken)).toBe('María');
    expect(await firstNameOf(other, 'alivio', tokens.AccessToken)).toBe('María');
  });

  it('refuses a session revoked by another instance or by an operator at once', async () => {
    const first = await loginAs(t.app, 'piel');
    const second = await loginAs(t.app, 'piel');
    expect((await getUser(t.app, 'piel', first.AccessToken)).statusCode).toBe(200);
    expect((await getUser(t.app, 'piel', second.AccessToken)).statusCode).toBe(200);
    // Logged out through the other instance: this one refuses the token as soon as the change reaches it.
    const logout = await other.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { host: hostOf('piel'), authorization: `Bearer ${first.AccessToken}` },
    });
    expect(logout.statusCode).toBe(200);
    await settled();
    expect((await getUser(t.app, 'piel', first.AccessToken)).statusCode).toBe(401);
    // Revoked by hand in the database.
    await t.database.db.execute(
      sql`update session set revoked_at = now(), revoked_reason = 'operator' where id = ${sessionIdOf(second.RefreshToken)}`,
    );
    await settled();
    expect((await getUser(t.app, 'piel', second.AccessToken)).statusCode).toBe(401);
  });

  it('answers a write only once the change has reached its own cache: the next request sees it', async () => {
    const tokens = await loginAs(t.app, 'equilibrio');
    expect((await getUser(t.app, 'equilibrio', tokens.AccessToken)).statusCode).toBe(200);
    const cached = t.app.identity.sessionCache.stats().size;
    const settle = vi.spyOn(t.app.identity.sessionCache, 'settle');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { host: hostOf('equilibrio'), authorization: `Bearer ${tokens.AccessToken}` },
    });
    expect(logout.statusCode).toBe(200);
    expect(t.app.identity.sessionCache.stats().size).toBe(cached - 1); // already forgotten when the answer came
    expect(settle).toHaveBeenCalledTimes(1);
    expect((await getUser(t.app, 'equilibrio', tokens.AccessToken)).statusCode).toBe(401);
    expect(settle).toHaveBeenCalledTimes(1); // a read waits for nothing
    settle.mockRestore();
  });
});

describe.runIf(TEST_DB === 'postgres')('the session cache when its listening connection is lost', () => {
  it('serves nothing from memory until it listens again, and keeps answering from the database meanwhile', async () => {
    const tokens = await loginAs(t.app, 'alivio');
    expect((await getUser(t.app, 'alivio', tokens.AccessToken)).statusCode).toBe(200);
    expect(t.app.identity.sessionCache.stats().size).toBeGreaterThan(0);
    const databaseName = new URL((t.database as { url?: string }).url!).pathname.slice(1);
    await withAdminClient((client) =>
      client.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query like 'LISTEN%'",
        [databaseName],
      ),
    );
    await vi.waitFor(() => expect(t.app.identity.sessionCache.stats()).toEqual({ size: 0, listening: false }));
    expect((await getUser(t.app, 'alivio', tokens.AccessToken)).statusCode).toBe(200);
    expect(t.app.identity.sessionCache.stats().size).toBe(0);
    await vi.waitFor(() => expect(t.app.identity.sessionCache.stats().listening).toBe(true), { timeout: 10_000 });
    expect((await getUser(t.app, 'alivio', tokens.AccessToken)).statusCode).toBe(200);
    expect(t.app.identity.sessionCache.stats().size).toBeGreaterThan(0);
  });
});

describe(`SESSION_CACHE=false (${TEST_DB})`, () => {
  it('reads the database on every request and never listens', async () => {
    const off = await createTestApp({ SESSION_CACHE: 'false', LOGIN_PER_MINUTE: '1000' });
    try {
      const tokens = await loginAs(off.app, 'alivio');
      expect((await getUser(off.app, 'alivio', tokens.AccessToken)).statusCode).toBe(200);
      expect(off.app.identity.sessionCache.stats()).toEqual({ size: 0, listening: false });
    } finally {
      await off.close();
    }
  });
});
