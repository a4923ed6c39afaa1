// Retry-safe POSTs (decision 035): a call that carries an idempotency key runs once; the same key again gets the
// stored answer, and the same key with another body is refused (IDEMPOTENCY_KEY_REUSED). Sign-up and the pharmacy's
// purchases and redemptions use it (decision 059).
import { and, eq } from 'drizzle-orm';
import { idempotencyKey } from '../db/schema.ts';
import type { SigningKeys } from './crypto.ts';
import type { Db, Executor, Tx } from './db.ts';
import { AppError } from './errors.ts';

/** The calls that take an idempotency key (a feature adds its own): the same key sent to another call is another body. */
export const IDEMPOTENT_OPERATIONS = ['signup', 'pharmacy-purchase', 'pharmacy-redemption'] as const;
export type IdempotentOperation = (typeof IDEMPOTENT_OPERATIONS)[number];

/** Who sends the key: each caller has a key space of its own, so one caller can never replay another's answer. */
export type IdempotencyCaller = { kind: 'anonymous' } | { kind: 'patient' | 'pharmacy'; id: string | number };

export interface IdempotencyScope {
  programId: number;
  caller: IdempotencyCaller;
  operation: IdempotentOperation;
}

/** A request with its key, ready to be looked up or run: see `idempotentRequest`. */
export interface IdempotentRequest {
  programId: number;
  /** The key as stored: the caller's key, prefixed by who the caller is (an anonymous caller's key as sent). */
  storedKey: string;
  /** A keyed hash of the operation and the body: the same key with another body is refused. */
  fingerprint: string;
}

/** JSON with sorted keys: the same body always gives the same text, whatever order its keys came in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Binds a key to its scope and its body. The body (without the key) is hashed with a key of its own, so that the
 * stored fingerprint cannot be used to guess what it covers (a sign-up's password, a document number).
 */
export function idempotentRequest(
  keys: SigningKeys,
  scope: IdempotencyScope,
  key: string,
  body: unknown,
): IdempotentRequest {
  const { caller } = scope;
  return {
    programId: scope.programId,
    storedKey: caller.kind === 'anonymous' ? key : `${caller.kind}:${caller.id}:${key}`,
    fingerprint: keys.sign('request-fingerprint', `${scope.operation}\n${canonicalJson(body)}`),
  };
}

/** The answer stored for this key, undefined when the key is new; IDEMPOTENCY_KEY_REUSED when it came with another body. */
export async function findStoredAnswer<T>(db: Executor, request: IdempotentRequest): Promise<T | undefined> {
  const [stored] = await db
    .select({ requestHash: idempotencyKey.requestHash, responseBody: idempotencyKey.responseBody })
    .from(idempotencyKey)
    .where(and(eq(idempotencyKey.programId, request.programId), eq(idempotencyKey.key, request.storedKey)))
    .limit(1);
  if (!stored) return undefined;
  if (stored.requestHash !== request.fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return stored.responseBody as T;
}

/**
 * Runs `work` once for this key, in one transaction that claims the key first and stores `work`'s answer last: the
 * change and its answer commit together, or neither does (a failure leaves the key free for the retry). Another
 * request with the same key at the same moment waits on the claim (the unique index), then gets this answer, or
 * IDEMPOTENCY_KEY_REUSED when its body differs, or runs itself when this one rolled back. A key already answered
 * gets its stored answer, or what `replay` makes of it in the same transaction (the record as it stands now): the claim
 * is the lookup, so a new key costs no read before it (decision 091). Callers with checks to skip for a retry look
 * it up first with `findStoredAnswer`.
 */
export async function runIdempotent<T>(
  db: Db,
  request: IdempotentRequest,
  options: { now: Date; status: number; onCommitted?: () => void; replay?: (stored: T, tx: Tx) => Promise<T> },
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const where = and(eq(idempotencyKey.programId, request.programId), eq(idempotencyKey.key, request.storedKey));
  let ran = false;
  const answer = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(idempotencyKey)
      .values({
        programId: request.programId,
        key: request.storedKey,
        requestHash: request.fingerprint,
        createdAt: options.now,
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKey.key });
    if (!claimed) {
      // The same key won before, or a moment ago (this insert waited for its commit): its answer, or the refusal of
      // another body. The key's row is written with its answer in one transaction, so a committed one has it.
      const stored = await findStoredAnswer<T>(tx, request);
      if (stored === undefined) throw new Error('an idempotency key without its answer');
      return options.replay ? options.replay(stored, tx) : stored;
    }
    const done = await work(tx);
    await tx.update(idempotencyKey).set({ responseStatus: options.status, responseBody: done }).where(where);
    ran = true;
    return done;
  });
  // Only the call whose work committed, never a replay (the metrics count each record once).
  if (ran) options.onCommitted?.();
  return answer;
}

/**
 * Stores an answer under a key that did not run its work, because the record it names already existed (a pharmacy's
 * receipt recorded under another key, decision 059): from now on the key answers the same, and refuses another body.
 */
export async function rememberAnswer(
  db: Executor,
  request: IdempotentRequest,
  options: { now: Date; status: number },
  answer: unknown,
): Promise<void> {
  await db
    .insert(idempotencyKey)
    .values({
      programId: request.programId,
      key: request.storedKey,
      requestHash: request.fingerprint,
      responseStatus: options.status,
      responseBody: answer,
      createdAt: options.now,
    })
    .onConflictDoNothing();
}
