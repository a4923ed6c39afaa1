// Liveness (/healthz) and readiness (/readyz: the database answers).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponseSchema } from '@portal/contracts/resources';
import type { Database } from '../../platform/db.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get('/healthz', { schema: { hide: true, response: { 200: HealthResponseSchema } } }, async () => ({ status: 'ok' as const }));
  app.get('/readyz', { schema: { hide: true, response: { 200: HealthResponseSchema, 503: HealthResponseSchema } } }, async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ok' as const };
    } catch {
      return reply.status(503).send({ status: 'unavailable' as const });
    }
  });
};
