// The Redis client (shared rate limits and lockout counters): never fatal, reconnects by itself, one log
// line per outage, and a rate-limit store that falls back to this instance's memory while Redis is away.
import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** How long a start waits for Redis before going on without it (degraded, not failed: decision 011). */
const FIRST_CONNECT_WAIT_MS = 3_000;

export interface RedisConnection {
  redis: Redis;
  /** True while the connection is up; the stores use memory counters when it is not. */
  isReady(): boolean;
  /** For /readyz: the connection is up and Redis answers. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<RedisConnection> {
  const redis = new Redis(url, {
    // Fail a command at once while disconnected (the caller falls back to memory) instead of queueing it.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 2_000,
    connectTimeout: 2_000,
    // Reconnect forever: 0.2 s, 0.4 s ... then every 5 s.
    retryStrategy: (times) => Math.min(times * 200, 5_000),
  });
  let down = false;
  let closing = false;
  // Without an 'error' listener ioredis prints every failed reconnection; with it, one line per outage.
  redis.on('error', (error: Error & { code?: string }) => {
    if (down) return;
    down = true;
    log.warn(
      { code: error.code ?? 'ERROR' },
      "redis unavailable; rate limits and lockout use this instance's memory until it returns",
    );
  });
  redis.on('close', () => {
    if (!down && !closing) {
      down = true;
      log.warn(
        { code: 'CLOSED' },
        "redis unavailable; rate limits and lockout use this instance's memory until it returns",
      );
    }
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({}, 'redis available again');
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, FIRST_CONNECT_WAIT_MS);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return {
    redis,
    isReady: () => redis.status === 'ready',
    ping: async () => {
      if (redis.status !== 'ready') throw new Error('redis is not connected');
      await redis.ping();
    },
    close: async () => {
      closing = true;
      redis.disconnect();
    },
  };
}

interface RateLimitResult {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: RateLimitResult) => void;
interface RateLimitStore {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): RateLimitStore;
}
interface StoreConstructors {
  RedisStore: new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    redis: Redis,
    nameSpace: string,
  ) => RateLimitStore;
  LocalStore: new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => RateLimitStore;
}

const require = createRequire(import.meta.url);
// The plugin's own two stores (it ships no types for them): Redis when it answers, memory when it does not.
const stores: StoreConstructors = {
  RedisStore: require('@fastify/rate-limit/store/RedisStore.js') as StoreConstructors['RedisStore'],
  LocalStore: require('@fastify/rate-limit/store/LocalStore.js') as StoreConstructors['LocalStore'],
};

class FallbackStore implements RateLimitStore {
  constructor(
    private readonly primary: RateLimitStore,
    private readonly fallback: RateLimitStore,
    private readonly isReady: () => boolean,
    private readonly onFallback: () => void,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    if (!this.isReady()) {
      this.onFallback();
      return this.fallback.incr(key, callback, timeWindow, max);
    }
    this.primary.incr(
      key,
      (error, result) => {
        if (!error) return callback(null, result);
        this.onFallback();
        this.fallback.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: unknown): RateLimitStore {
    return new FallbackStore(
      this.primary.child(routeOptions),
      this.fallback.child(routeOptions),
      this.isReady,
      this.onFallback,
    );
  }
}

/**
 * A `store` class for @fastify/rate-limit: counts in Redis, in this instance's memory while Redis is down (each such
 * count is told to `onFallback`, for the metrics).
 */
export function fallbackRateLimitStore(
  connection: RedisConnection,
  nameSpace: string,
  onFallback: () => void = () => {},
) {
  return class extends FallbackStore {
    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = params.continueExceeding ?? false;
      const exponentialBackoff = params.exponentialBackoff ?? false;
      super(
        new stores.RedisStore(continueExceeding, exponentialBackoff, connection.redis, nameSpace),
        new stores.LocalStore(continueExceeding, exponentialBackoff),
        connection.isReady,
        onFallback,
      );
    }
  };
}
