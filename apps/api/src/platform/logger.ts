// Structured logs without personal data: the route pattern instead of the path, no query strings, no bodies,
// no auth headers, and errors through safeErrorOf (a database error never brings its values along).
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { safeErrorOf } from './safe-error.ts';

function pathOnly(url: string): string {
  const index = url.indexOf('?');
  return index === -1 ? url : url.slice(0, index);
}

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  id: string;
  routeOptions?: { url?: string };
}

/**
 * `/api/v1/citizen/:type/:number`, never `/api/v1/citizen/IDENTIFICATION/101110111`. A request that matched no
 * route keeps its path unless it is under /api/ (the web app's pages and files carry no personal data; an
 * unknown API path could be a real one mistyped, with its parameters).
 */
export function loggedPathOf(request: LoggedRequest): string {
  const pattern = request.routeOptions?.url;
  if (pattern && !pattern.includes('*')) return pattern;
  const path = pathOnly(request.url);
  return path.startsWith('/api/') ? '/api/(no route)' : path;
}

/**
 * One line per answered request instead of Fastify's two ("incoming request", then "request completed"): the
 * completed line carries the request (id, method, route pattern, host) as well, so nothing is lost but half the
 * lines, their serialisation and their writes at `LOG_LEVEL=info` (decision 027). Errors, 404s and stream
 * failures are logged as Fastify logs them.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error || this.isLogDisabled(request)) return super.requestCompleted(error, request, reply);
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** JSON lines in production (for the log collector); pretty, coloured lines for a person in development. */
export function loggerOptions(level: string, pretty = false): FastifyServerOptions['logger'] {
  return {
    level,
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } } }
      : {}),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.email', '*.token'],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: LoggedRequest) => ({
        id: request.id,
        method: request.method,
        path: loggedPathOf(request),
        host: request.hostname,
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      // Fastify types this serializer as always giving message and stack; a database error has neither, on purpose.
      err: safeErrorOf as unknown as (error: Error) => { type: string; message: string; stack: string },
    },
  };
}
