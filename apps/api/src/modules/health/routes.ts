// Liveness (/healthz: the process answers) and readiness (/readyz: the database, and Redis when configured, answer).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponseSchema } from '@portal/contracts/resources';
import type { Database } from '../../platform/db.ts';
import type { RedisConnection } from '../../platform/redis.ts';

/** A readiness probe must answer even when a dependency hangs. */
const CHECK_TIMEOUT_MS = 2_000;

async function stateOf(check: () => Promise<void>): Promise<'ok' | 'unavailable'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'unavailable';
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; redis?: RedisConnection }> = async (
  app,
  { database, redis },
) => {
  app.get('/healthz', { schema: { hide: true, response: { 200: HealthResponseSchema } } }, async () => ({
    status: 'ok' as const,
  }));
  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: HealthResponseSchema, 503: HealthResponseSchema } } },
    async (_request, reply) => {
      const [databaseState, redisState] = await Promise.all([
        stateOf(() => database.ping()),
        redis ? stateOf(() => redis.ping()) : undefined,
      ]);
      const checks = { database: databaseState, ...(redisState ? { redis: redisState } : {}) };
      const ready = databaseState === 'ok' && redisState !== 'unavailable';
      return reply
        .status(ready ? 200 : 503)
        .send({ status: ready ? ('ok' as const) : ('unavailable' as const), checks });
    },
  );
};
