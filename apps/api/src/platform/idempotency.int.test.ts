import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { idempotencyKey, program } from '../db/schema.ts';
import { createTestDatabase, TEST_DB, testConfig } from '../test/app.ts';
import type { Database } from './db.ts';
import type { AppError } from './errors.ts';
import {
  canonicalJson,
  findStoredAnswer,
  idempotentRequest,
  runIdempotent,
  type IdempotencyCaller,
} from './idempotency.ts';

const config = testConfig();
const NOW = new Date('2026-11-21T12:00:00Z');

describe(`the idempotency helper (${TEST_DB})`, () => {
  let database: Database;
  let programIds: number[];

  beforeAll(async () => {
    database = await createTestDatabase(config);
    programIds = (await database.db.select({ id: program.id }).from(program)).map((row) => row.id);
  });
  afterAll(async () => {
    await database.close();
  });

  const requestOf = (key: string, body: unknown, options: { programId?: number; caller?: IdempotencyCaller } = {}) =>
    idempotentRequest(
      config.signingKeys,
      {
        programId: options.programId ?? programIds[0]!,
        caller: options.caller ?? { kind: 'anonymous' },
        operation: 'signup',
      },
      key,
      body,
    );

  /** Work that counts its runs and answers with its run's number, after a pause long enough for another request to arrive. */
  function countedWork() {
    let runs = 0;
    const work = async () => {
      runs += 1;
      const run = runs;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { run };
    };
    return { work, runs: () => runs };
  }

  const reused = expect.objectContaining({ code: 'IDEMPOTENCY_KEY_REUSED' }) as AppError;

  it('runs once, stores the answer with its status, and answers a retry with it without running again', async () => {
    const key = randomUUID();
    const counted = countedWork();
    const request = requestOf(key, { a: 1, b: [1, 2] });
    expect(await findStoredAnswer(database.db, request)).toBeUndefined();
    expect(await runIdempotent(database.db, request, { now: NOW, status: 201 }, counted.work)).toEqual({ run: 1 });
    // The same body with its keys in another order is the same request.
    const again = requestOf(key, { b: [1, 2], a: 1 });
    expect(await findStoredAnswer(database.db, again)).toEqual({ run: 1 });
    expect(await runIdempotent(database.db, again, { now: NOW, status: 201 }, counted.work)).toEqual({ run: 1 });
    expect(counted.runs()).toBe(1);
    const rows = await database.db.select().from(idempotencyKey).where(eq(idempotencyKey.key, key));
    expect(rows).toEqual([
      expect.objectContaining({
        programId: programIds[0],
        responseStatus: 201,
        responseBody: { run: 1 },
        createdAt: NOW,
      }),
    ]);
    // Neither the body nor its text is stored: only a keyed hash of it.
    expect(rows[0]!.requestHash).not.toContain('"a"');
    expect(rows[0]!.requestHash).not.toBe(canonicalJson({ a: 1, b: [1, 2] }));
  });

  it('refuses the same key with another body (IDEMPOTENCY_KEY_REUSED), before and after running', async () => {
    const key = randomUUID();
    await runIdempotent(database.db, requestOf(key, { a: 1 }), { now: NOW, status: 201 }, async () => ({ ok: true }));
    await expect(findStoredAnswer(database.db, requestOf(key, { a: 2 }))).rejects.toEqual(reused);
    const counted = countedWork();
    await expect(
      runIdempotent(database.db, requestOf(key, { a: 2 }), { now: NOW, status: 201 }, counted.work),
    ).rejects.toEqual(reused);
    expect(counted.runs()).toBe(0);
  });

  it('keeps a key space per program and per caller: the same key elsewhere is another request', async () => {
    const key = randomUUID();
    const callers: { programId: number; caller: IdempotencyCaller }[] = [
      { programId: programIds[0]!, caller: { kind: 'anonymous' } },
      { programId: programIds[1]!, caller: { kind: 'anonymous' } },
      { programId: programIds[0]!, caller: { kind: 'patient', id: 1 } },
      { programId: programIds[0]!, caller: { kind: 'patient', id: 2 } },
      { programId: programIds[0]!, caller: { kind: 'pharmacy', id: 1 } },
    ];
    const answers = [];
    for (const [index, scope] of callers.entries()) {
      answers.push(
        await runIdempotent(
          database.db,
          requestOf(key, { same: 'body' }, scope),
          { now: NOW, status: 201 },
          async () => ({ index }),
        ),
      );
    }
    expect(answers).toEqual(callers.map((_, index) => ({ index })));
    for (const [index, scope] of callers.entries())
      expect(await findStoredAnswer(database.db, requestOf(key, { same: 'body' }, scope))).toEqual({ index });
  });

  it('stores nothing when the work fails: the retry runs', async () => {
    const key = randomUUID();
    const request = requestOf(key, { a: 1 });
    await expect(
      runIdempotent(database.db, request, { now: NOW, status: 201 }, async () => {
        throw new Error('injected failure');
      }),
    ).rejects.toThrow('injected failure');
    expect(
      await database.db
        .select()
        .from(idempotencyKey)
        .where(and(eq(idempotencyKey.programId, programIds[0]!), eq(idempotencyKey.key, key))),
    ).toHaveLength(0);
    expect(
      await runIdempotent(database.db, request, { now: NOW, status: 201 }, async () => ({ retried: true })),
    ).toEqual({ retried: true });
  });

  it('of simultaneous requests with one key, runs one and gives every other its answer', async () => {
    const key = randomUUID();
    const counted = countedWork();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        runIdempotent(database.db, requestOf(key, { a: 1 }), { now: NOW, status: 201 }, counted.work),
      ),
    );
    expect(counted.runs()).toBe(1);
    expect(answers).toEqual(Array.from({ length: 5 }, () => ({ run: 1 })));
  });

  it('of simultaneous requests with one key and different bodies, runs one and refuses the other', async () => {
    const key = randomUUID();
    const counted = countedWork();
    const results = await Promise.allSettled(
      [1, 2].map((a) => runIdempotent(database.db, requestOf(key, { a }), { now: NOW, status: 201 }, counted.work)),
    );
    expect(counted.runs()).toBe(1);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((result) => result.status === 'rejected')).toEqual({ status: 'rejected', reason: reused });
  });
});
