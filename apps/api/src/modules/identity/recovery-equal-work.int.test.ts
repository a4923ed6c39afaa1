// Recovery does the same work for known, unknown and call-center accounts (decision 013): the same statements,
// in the same order, reach the database; only what is kept differs.
import { and, eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema.ts';
import { auditEvent, outbox, passwordReset, program, userAccount } from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { ProgramRow } from '../../platform/programs.ts';
import { createAccount } from '../../test/accounts.ts';
import { createTestApp, createTestClock, TEST_DB, type TestApp } from '../../test/app.ts';
import { loadPoolKeys } from './keys.ts';
import { createMemoryLockoutStore } from '../../platform/lockout.ts';
import { RECOVERY_DECOY_EMAIL } from './repository.ts';
import { createIdentityService } from './service.ts';
import { createTokenService } from './tokens.ts';

describe(`recovery does the same work whoever asks (${TEST_DB})`, () => {
  let t: TestApp;
  const statements: string[] = [];
  let identity: ReturnType<typeof createIdentityService>;
  let alivio: ProgramRow;
  const clock = createTestClock();

  beforeAll(async () => {
    t = await createTestApp({ MAIL_WORKER: 'false' });
    // A second drizzle over the same connection, writing down each statement's text (never its parameters).
    const logger = { logQuery: (query: string) => void statements.push(query) };
    const client = (t.database.db as unknown as { $client: never }).$client;
    const db: Db =
      t.database.kind === 'postgres'
        ? drizzlePg(client, { schema, logger })
        : drizzlePglite(client, { schema, logger });
    identity = createIdentityService({
      db,
      tokens: createTokenService(await loadPoolKeys(db, t.config.keyEncryptionSecret), clock),
      lockout: createMemoryLockoutStore(clock),
      clock,
      config: t.config,
      passwords: t.app.passwords,
    });
    alivio = (await t.database.db.select().from(program).where(eq(program.slug, 'alivio')))[0]!;
  });
  afterAll(async () => t.close());

  async function statementsOf(email: string): Promise<{ statements: string[]; outcome: string }> {
    statements.length = 0;
    let outcome = 'accepted';
    try {
      await identity.requestRecovery(alivio, email, 'es');
    } catch (error) {
      outcome = error instanceof AppError ? error.code : String(error);
    }
    // Ending the savepoint is the one difference, and the point: kept (release) or discarded (rollback to).
    return {
      statements: statements.map((text) => text.replace(/^(release|rollback to) savepoint/, 'end savepoint')),
      outcome,
    };
  }

  it('runs the same statements for a known account, an unknown e-mail and a call-center account', async () => {
    const known = await createAccount(t.database.db, 'alivio', { country: 'CR' });
    const callCenter = await createAccount(t.database.db, 'alivio', { country: 'GT' });
    await statementsOf('warm-up@nowhere.example'); // the first unknown request of a pool creates its decoy account

    const forKnown = await statementsOf(known.email);
    const forUnknown = await statementsOf('nobody-here@nowhere.example');
    const forCallCenter = await statementsOf(callCenter.email);
    expect(forKnown.outcome).toBe('accepted');
    expect(forUnknown.outcome).toBe('accepted');
    expect(forCallCenter.outcome).toBe('PTP00197');
    expect(forKnown.statements.length).toBeGreaterThanOrEqual(6);
    expect(forUnknown.statements).toEqual(forKnown.statements);
    expect(forCallCenter.statements).toEqual(forKnown.statements);
  });

  it('keeps only the known account’s link and mail; the others leave an audit event and nothing else', async () => {
    const known = await createAccount(t.database.db, 'alivio', { country: 'CR' });
    const callCenter = await createAccount(t.database.db, 'alivio', { country: 'GT' });
    await identity.requestRecovery(alivio, known.email, 'es');
    await identity.requestRecovery(alivio, 'still-nobody@nowhere.example', 'es');
    await expect(identity.requestRecovery(alivio, callCenter.email, 'es')).rejects.toMatchObject({ code: 'PTP00197' });
    const db = t.database.db;
    const resetsOf = (userId: string) => db.select().from(passwordReset).where(eq(passwordReset.userId, userId));
    const mailsTo = (recipient: string) => db.select().from(outbox).where(eq(outbox.recipient, recipient));
    expect(await resetsOf(known.id)).toHaveLength(1);
    expect(await mailsTo(known.email)).toHaveLength(1);
    expect(await resetsOf(callCenter.id)).toHaveLength(0);
    expect(await mailsTo(callCenter.email)).toHaveLength(0);
    expect(await mailsTo(RECOVERY_DECOY_EMAIL)).toHaveLength(0);
    const [decoy] = await db.select().from(userAccount).where(eq(userAccount.email, RECOVERY_DECOY_EMAIL));
    expect(decoy?.status).toBe('DISABLED');
    expect(await resetsOf(decoy!.id)).toHaveLength(0);
    const actions = async (action: string) =>
      db
        .select()
        .from(auditEvent)
        .where(and(eq(auditEvent.programId, alivio.id), eq(auditEvent.action, action)));
    expect((await actions('password-reset-unknown-email')).length).toBeGreaterThanOrEqual(1);
    expect((await actions('password-reset-call-center')).some((row) => row.actorUserId === callCenter.id)).toBe(true);
  });

  it('treats the decoy address itself as unknown', async () => {
    await identity.requestRecovery(alivio, RECOVERY_DECOY_EMAIL, 'es');
    expect(await t.database.db.select().from(outbox).where(eq(outbox.recipient, RECOVERY_DECOY_EMAIL))).toHaveLength(0);
  });
});
