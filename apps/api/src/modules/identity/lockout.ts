// Failed-login counters per pool and e-mail, the same for e-mails that exist and e-mails that do not (so a
// lock reveals nothing). Cognito's model: from the 5th failure, locked for 2^(n-5) s, at most 15 minutes.
import type { Redis } from 'ioredis';
import { sha256 } from './crypto.ts';

export const LOCKOUT_FREE_FAILURES = 5;
export const LOCKOUT_MAX_MS = 15 * 60 * 1000;
/** Counters are forgotten after a day without failures. */
const COUNTER_TTL_MS = 24 * 60 * 60 * 1000;

export function lockDurationMs(failures: number): number {
  if (failures < LOCKOUT_FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - LOCKOUT_FREE_FAILURES) * 1000, LOCKOUT_MAX_MS);
}

interface State {
  failures: number;
  lockedUntilMs: number;
}

export interface LockoutStore {
  /** Milliseconds the login stays locked (0 when it is not). */
  lockedForMs(poolId: number, email: string): Promise<number>;
  recordFailure(poolId: number, email: string): Promise<void>;
  reset(poolId: number, email: string): Promise<void>;
}

const keyOf = (poolId: number, email: string) => `${poolId}:${sha256(email)}`;

export function createMemoryLockoutStore(clock: () => Date): LockoutStore {
  const states = new Map<string, State & { touchedMs: number }>();
  const read = (key: string) => {
    const state = states.get(key);
    if (state && clock().getTime() - state.touchedMs > COUNTER_TTL_MS) {
      states.delete(key);
      return undefined;
    }
    return state;
  };
  return {
    async lockedForMs(poolId, email) {
      const state = read(keyOf(poolId, email));
      return state ? Math.max(0, state.lockedUntilMs - clock().getTime()) : 0;
    },
    async recordFailure(poolId, email) {
      const key = keyOf(poolId, email);
      const now = clock().getTime();
      const failures = (read(key)?.failures ?? 0) + 1;
      states.set(key, { failures, lockedUntilMs: now + lockDurationMs(failures), touchedMs: now });
    },
    async reset(poolId, email) {
      states.delete(keyOf(poolId, email));
    },
  };
}

export function createRedisLockoutStore(redis: Redis, prefix: string, clock: () => Date): LockoutStore {
  const key = (poolId: number, email: string) => `${prefix}lockout:${keyOf(poolId, email)}`;
  return {
    async lockedForMs(poolId, email) {
      const until = Number((await redis.hget(key(poolId, email), 'lockedUntilMs')) ?? 0);
      return Math.max(0, until - clock().getTime());
    },
    async recordFailure(poolId, email) {
      const k = key(poolId, email);
      const failures = await redis.hincrby(k, 'failures', 1);
      await redis.hset(k, 'lockedUntilMs', String(clock().getTime() + lockDurationMs(failures)));
      await redis.pexpire(k, COUNTER_TTL_MS);
    },
    async reset(poolId, email) {
      await redis.del(key(poolId, email));
    },
  };
}
