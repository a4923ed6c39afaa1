// The password-hashing pool (decision 043): its own threads, apart from libuv's pool, and a bound on what waits.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { createPasswordHashing, HASHING_RETRY_AFTER_S, type PasswordHashing } from './passwords.ts';

const pools: PasswordHashing[] = [];
const poolOf = (threads: number, maxWaiting: number) => {
  const pool = createPasswordHashing({ threads, maxWaiting });
  pools.push(pool);
  return pool;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

/** What a full pool answers: 503 SERVICE_UNAVAILABLE, reason BUSY, with the seconds to wait. */
const BUSY = {
  code: 'SERVICE_UNAVAILABLE',
  details: { reason: 'BUSY', retryAfterSeconds: HASHING_RETRY_AFTER_S },
};

/**
 * Holds every thread of libuv's pool: each opens a FIFO for reading, which blocks until a writer opens it. Node's
 * pool has UV_THREADPOOL_SIZE threads (4 unless set), fixed when it first starts.
 */
function holdLibuvPool() {
  const folder = mkdtempSync(path.join(tmpdir(), 'libuv-hold-'));
  const size = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
  const fifos = Array.from({ length: size }, (_, index) => path.join(folder, `fifo-${index}`));
  for (const fifo of fifos) execFileSync('mkfifo', [fifo]);
  const readers = fifos.map((fifo) => open(fifo, 'r').then((handle) => handle.close()));
  return async () => {
    // A writer lets each reader's open return: opened for reading and writing, which never blocks on Linux, and
    // kept open until every reader is through.
    const writers = fifos.map((fifo) => openSync(fifo, 'r+'));
    await Promise.all(readers);
    for (const fd of writers) closeSync(fd);
    rmSync(folder, { recursive: true, force: true });
  };
}

describe('password hashing', () => {
  it("hashes and verifies on threads of its own while every thread of libuv's pool is held", async () => {
    const pool = poolOf(1, 10);
    // The thread has loaded (its module files are read through libuv's pool too) once it has made the dummy hash.
    await pool.dummyHash();
    const release = holdLibuvPool();
    try {
      // @node-rs/argon2's own hash() runs on libuv's pool, and would wait here until the pool is let go.
      const hash = await pool.hash('Correct-horse-9');
      expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await pool.verify(hash, 'Correct-horse-9')).toBe(true);
      expect(await pool.verify(hash, 'Wrong-horse-9')).toBe(false);
      expect(await pool.verify(await pool.dummyHash(), 'Correct-horse-9')).toBe(false);
    } finally {
      await release();
    }
    const stats = pool.stats();
    expect(stats.threads).toBe(1);
    expect(stats.threadIds.every((id) => id !== threadId)).toBe(true);
    // The dummy hash and the four calls above.
    expect(stats.hashed).toBe(5);
  });

  it('takes a malformed hash for a wrong password', async () => {
    const pool = poolOf(1, 10);
    expect(await pool.verify('not-a-hash', 'Correct-horse-9')).toBe(false);
  });

  it('refuses at once when the bound of hashes waiting is reached, and takes one again when a place is free', async () => {
    // No thread: whatever is admitted waits, so the bound is reached without any timing.
    const pool = poolOf(0, 3);
    const waiting = [pool.hash('one'), pool.verify('$argon2id$x', 'two')];
    const slot = pool.reserve();
    expect(pool.stats().waiting).toBe(3);
    expect(() => pool.reserve()).toThrow(AppError);
    await expect(pool.hash('four')).rejects.toMatchObject(BUSY);
    await expect(pool.verify('$argon2id$x', 'four')).rejects.toMatchObject(BUSY);
    // A place given back lets the next one in; a slot's verify keeps its place (it does not take a second one).
    slot.release();
    slot.release();
    expect(pool.stats().waiting).toBe(2);
    const next = pool.reserve();
    const verifying = next.verify('$argon2id$x', 'three');
    expect(pool.stats().waiting).toBe(3);
    expect(() => pool.reserve()).toThrow(AppError);
    // Closing refuses what waits, the same way.
    await pool.close();
    for (const call of [...waiting, verifying]) await expect(call).rejects.toMatchObject(BUSY);
  });

  it('hashes what waits as threads become free, in order', async () => {
    const pool = poolOf(2, 64);
    const hashes = await Promise.all(Array.from({ length: 6 }, (_, index) => pool.hash(`password-${index}`)));
    const checks = await Promise.all(hashes.map((hash, index) => pool.verify(hash, `password-${index}`)));
    expect(checks).toEqual([true, true, true, true, true, true]);
    expect(pool.stats()).toMatchObject({ running: 0, waiting: 0, threads: 2 });
  });
});
