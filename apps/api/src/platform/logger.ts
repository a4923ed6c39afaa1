// Structured logs without personal data: no query strings, no bodies, no auth headers.
import type { FastifyServerOptions } from 'fastify';

function pathOnly(url: string): string {
  const index = url.indexOf('?');
  return index === -1 ? url : url.slice(0, index);
}

/** JSON lines in production (for the log collector); pretty, coloured lines for a person in development. */
export function loggerOptions(level: string, pretty = false): FastifyServerOptions['logger'] {
  return {
    level,
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } } } : {}),
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.email', '*.token'], censor: '[redacted]' },
    serializers: {
      req: (request: { method: string; url: string; hostname?: string; id: string }) => ({
        id: request.id,
        method: request.method,
        path: pathOnly(request.url),
        host: request.hostname,
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
  };
}
