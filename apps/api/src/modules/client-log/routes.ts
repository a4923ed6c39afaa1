// POST /api/v1/log: client log entries, size- and rate-limited, stored without control characters.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLIENT_LOG_MAX_BYTES } from '@portal/contracts/constants';
import { LOG_LEVELS } from '@portal/contracts/enums';
import { ErrorBodySchema } from '@portal/contracts/errors';
import { ClientLogBodySchema, ClientLogEntrySchema, ClientLogResponseSchema } from '@portal/contracts/resources';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { clientLog } from '../../db/schema.ts';

/** Removes control characters (CR, LF, ANSI escapes...) so a stored or printed entry cannot forge lines. */
export function stripControlCharacters(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
}

function parseEntry(jsonRawString: string) {
  let raw: unknown;
  try {
    raw = JSON.parse(jsonRawString);
  } catch {
    throw new AppError('VALIDATION_FAILED', { jsonRawString: ['errors.validation'] });
  }
  const result = ClientLogEntrySchema.safeParse(raw);
  if (!result.success) throw new AppError('VALIDATION_FAILED', { jsonRawString: ['errors.validation'] });
  return result.data;
}

export const clientLogRoutes: FastifyPluginAsyncZod<{ db: Db; perMinute: number }> = async (app, { db, perMinute }) => {
  app.post(
    '/log',
    {
      bodyLimit: CLIENT_LOG_MAX_BYTES + 512,
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['platform'],
        operationId: 'reportClientError',
        summary: 'Reports an error the web app met',
        description: 'A client-side error, recorded for the operators (never personal data). Limited per address.',
        body: ClientLogBodySchema,
        response: { 202: ClientLogResponseSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const entry = parseEntry(request.body.jsonRawString);
      const context = entry.context
        ? Object.fromEntries(
            Object.entries(entry.context).map(([key, value]) => [
              stripControlCharacters(key).slice(0, 100),
              typeof value === 'string' ? stripControlCharacters(value) : value,
            ]),
          )
        : null;
      await db.insert(clientLog).values({
        programId: request.program.id,
        level: LOG_LEVELS[entry.level],
        message: stripControlCharacters(entry.message),
        context,
        path: entry.path ? stripControlCharacters(entry.path).split('?')[0] : null,
        appVersion: entry.appVersion ? stripControlCharacters(entry.appVersion) : null,
        userAgent: stripControlCharacters(request.headers['user-agent'] ?? '').slice(0, 300) || null,
      });
      return reply.status(202).send({ data: { accepted: true } });
    },
  );
};
