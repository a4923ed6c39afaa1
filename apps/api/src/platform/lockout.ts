// Failed-login counters per pool and e-mail, the same for e-mails that exist and e-mails that do not (so a
// lock reveals nothing). From the 5th failure, locked for 2^(n-5) minutes, at most 15 minutes (decision 054: a lock
// a person can notice, and the failure that starts it already answers "locked", so the messages never flip).
import type { Redis } from 'ioredis';
import { sha256 } from './crypto.ts';
import type { RedisConnection } from './redis.ts';

export const LOCKOUT_FREE_FAILURES = 5;
export const LOCKOUT_MAX_MS = 15 * 60 * 1000;
/** The first lock (the 5th failure); each further failure doubles it, up to LOCKOUT_MAX_MS. */
export const LOCKOUT_FIRST_MS = 60 * 1000;
/** Counters are forgotten after a day without failures. */
const COUNTER_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * When a counter locks and for how long: from the `freeFailures`th failure, `firstMs`, doubled by each further failure
 * up to `maxMs`. The logins' is the default; a staff member's second factor locks for 15 minutes at once (decision 068).
 */
export interface LockoutPolicy {
  freeFailures: number;
  firstMs: number;
  maxMs: number;
}

export const LOGIN_LOCKOUT_POLICY: LockoutPolicy = {
  freeFailures: LOCKOUT_FREE_FAILURES,
  firstMs: LOCKOUT_FIRST_MS,
  maxMs: LOCKOUT_MAX_MS,
};

export function lockDurationMs(failures: number, policy: LockoutPolicy = LOGIN_LOCKOUT_POLICY): number {
  if (failures < policy.freeFailures) return 0;
  return Math.min(2 ** (failures - policy.freeFailures) * policy.firstMs, policy.maxMs);
}

interface State {
  failures: number;
  lockedUntilMs: number;
}

/**
 * The answer to "may this login check a password?": a reserved failure slot with the lock that this failure starts
 * (0 before the 5th; the refusal then says "locked" at once), or how long it stays locked.
 */
export type LoginAttempt = { allowed: true; locksForMs: number } | { allowed: false; lockedForMs: number };

/**
 * Atomic by construction: reserve() counts the attempt as a failure BEFORE the password hash is checked
 * (and locks from the 5th), in one step that nothing can interleave with (a synchronous update in memory,
 * one Lua script in Redis). N simultaneous guesses therefore check at most LOCKOUT_FREE_FAILURES passwords;
 * the rest are refused without a check. A correct password gives its slot back with reset().
 */
export interface LockoutStore {
  /** `email`: the login's e-mail, or whatever else a store of its own counts per (a session for the current-password checks). */
  reserve(poolId: number, email: string): Promise<LoginAttempt>;
  reset(poolId: number, email: string): Promise<void>;
  /**
   * How long the counter stays locked (0 when it is not), counting nothing: for a check whose success must neither
   * count nor clear the failures (a known discount code at a pharmacy's counter, decision 066).
   */
  lockedForMs(poolId: number, email: string): Promise<number>;
}

const keyOf = (poolId: number, email: string) => `${poolId}:${sha256(email)}`;

export function createMemoryLockoutStore(
  clock: () => Date,
  policy: LockoutPolicy = LOGIN_LOCKOUT_POLICY,
): LockoutStore {
  const states = new Map<string, State & { touchedMs: number }>();
  const read = (key: string, now: number) => {
    const state = states.get(key);
    if (state && now - state.touchedMs > COUNTER_TTL_MS) {
      states.delete(key);
      return undefined;
    }
    return state;
  };
  return {
    // No await in here: the read and the write happen in one turn of the event loop.
    async reserve(poolId, email) {
      const key = keyOf(poolId, email);
      const now = clock().getTime();
      const state = read(key, now);
      if (state && state.lockedUntilMs > now) return { allowed: false, lockedForMs: state.lockedUntilMs - now };
      const failures = (state?.failures ?? 0) + 1;
      const locksForMs = lockDurationMs(failures, policy);
      states.set(key, { failures, lockedUntilMs: now + locksForMs, touchedMs: now });
      return { allowed: true, locksForMs };
    },
    async reset(poolId, email) {
      states.delete(keyOf(poolId, email));
    },
    async lockedForMs(poolId, email) {
      const now = clock().getTime();
      return Math.max(0, (read(keyOf(poolId, email), now)?.lockedUntilMs ?? 0) - now);
    },
  };
}

/** KEYS[1] the counter; ARGV: now (ms), free failures, longest lock (ms), counter TTL (ms), first lock (ms). */
const RESERVE_SCRIPT = `
local now = tonumber(ARGV[1])
local lockedUntil = tonumber(redis.call('HGET', KEYS[1], 'lockedUntilMs') or '0')
if lockedUntil > now then return {0, lockedUntil - now} end
local failures = redis.call('HINCRBY', KEYS[1], 'failures', 1)
local free = tonumber(ARGV[2])
local lockMs = 0
if failures >= free then lockMs = math.min(2 ^ (failures - free) * tonumber(ARGV[5]), tonumber(ARGV[3])) end
redis.call('HSET', KEYS[1], 'lockedUntilMs', tostring(now + lockMs))
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[4]))
return {1, lockMs}
`;

export function createRedisLockoutStore(
  redis: Redis,
  prefix: string,
  clock: () => Date,
  policy: LockoutPolicy = LOGIN_LOCKOUT_POLICY,
): LockoutStore {
  const key = (poolId: number, email: string) => `${prefix}lockout:${keyOf(poolId, email)}`;
  return {
    async reserve(poolId, email) {
      const [allowed, lockedForMs] = (await redis.eval(
        RESERVE_SCRIPT,
        1,
        key(poolId, email),
        clock().getTime(),
        policy.freeFailures,
        policy.maxMs,
        COUNTER_TTL_MS,
        policy.firstMs,
      )) as [number, number];
      return allowed === 1
        ? { allowed: true, locksForMs: Number(lockedForMs) }
        : { allowed: false, lockedForMs: Number(lockedForMs) };
    },
    async reset(poolId, email) {
      await redis.del(key(poolId, email));
    },
    async lockedForMs(poolId, email) {
      const lockedUntil = Number((await redis.hget(key(poolId, email), 'lockedUntilMs')) ?? 0);
      return Math.max(0, lockedUntil - clock().getTime());
    },
  };
}

/**
 * Redis when it answers, this instance's memory when it does not (decision 011): a Redis outage weakens the
 * lockout to per-instance counters for its duration instead of refusing every login.
 */
export function createFallbackLockoutStore(
  primary: LockoutStore,
  fallback: LockoutStore,
  isPrimaryReady: () => boolean,
): LockoutStore {
  const pick = async <T>(work: (store: LockoutStore) => Promise<T>): Promise<T> => {
    if (!isPrimaryReady()) return work(fallback);
    try {
      return await work(primary);
    } catch {
      return work(fallback);
    }
  };
  return {
    reserve: (poolId, email) => pick((store) => store.reserve(poolId, email)),
    reset: async (poolId, email) => {
      // Both: a counter may have been kept in memory while Redis was away.
      await fallback.reset(poolId, email);
      await pick((store) => (store === primary ? store.reset(poolId, email) : Promise.resolve()));
    },
    lockedForMs: (poolId, email) => pick((store) => store.lockedForMs(poolId, email)),
  };
}

/**
 * The store as the app runs it: Redis with this instance's memory as the fallback, memory alone without Redis.
 * `keyPrefix` keeps the counters of each store apart (the logins' and the current-password checks', decision 040).
 */
export function createLockoutStore(
  redis: RedisConnection | undefined,
  keyPrefix: string,
  clock: () => Date,
  policy: LockoutPolicy = LOGIN_LOCKOUT_POLICY,
): LockoutStore {
  const memory = createMemoryLockoutStore(clock, policy);
  return redis
    ? createFallbackLockoutStore(createRedisLockoutStore(redis.redis, keyPrefix, clock, policy), memory, redis.isReady)
    : memory;
}
