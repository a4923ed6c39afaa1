// JSON bodies: nesting depth checked by a linear scan before JSON.parse, sizes limited per route, and the
// answers Node's HTTP parser gives before the app sees a request (408, 431, 400) in the catalogue's shape.
import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ErrorCode } from '@portal/contracts/errors';
import { AppError, errorBody } from './errors.ts';
import { SECURITY_HEADERS } from './security.ts';

/** No request of the portal nests deeper than a handful of levels; 32 leaves room and refuses bombs. */
export const MAX_JSON_DEPTH = 32;
/** Default body limit: the largest request (a sign-up with four treatments) is a few KB. */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;
/** Body limit of the calls whose bodies are a handful of short fields (login, refresh, recovery, checks). */
export const SMALL_BODY_LIMIT_BYTES = 8 * 1024;

/**
 * Whether the JSON text nests deeper than `max` (objects and arrays), counted in one pass outside strings and
 * stopping at the first level too deep. JSON.parse itself would build the whole structure first, and walking a
 * 50,000-deep result (as the prototype-poisoning check does) overflows the stack or blocks the event loop.
 */
export function exceedsJsonDepth(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index += 1; // backslash: skip the escaped character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x7b || code === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === 0x7d || code === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}

/** Replaces Fastify's JSON parser with the same parser (prototype poisoning refused) behind the depth check. */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (exceedsJsonDepth(text)) {
      done(new AppError('BAD_REQUEST', undefined, { reason: 'JSON_TOO_DEEP', maxDepth: MAX_JSON_DEPTH }), undefined);
      return;
    }
    void parse(request, text, done);
  });
}

/** The security headers as raw header lines, for the answers written on the socket itself. */
const SECURITY_HEADER_LINES = Object.entries(SECURITY_HEADERS)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');

/**
 * Node's HTTP parser refuses some requests before any route runs: headers beyond --max-http-header-size (431),
 * a request not received within requestTimeout (408), malformed HTTP (400). Node lets the app write those answers
 * on the raw socket; they carry the catalogue's body like every other refusal. (What Node answers by itself,
 * without the clientError event, is listed in docs/operations.md.) They carry the security headers too.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code]: [number, ErrorCode] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'REQUEST_TIMEOUT']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'HEADERS_TOO_LARGE']
        : [400, 'BAD_REQUEST'];
  this.log.trace({ errorCode: error.code }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(errorBody(code));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\n${SECURITY_HEADER_LINES}Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * How often Node looks for requests past their time-out (the server's `connectionsCheckingInterval`, set when it
 * is created, in app.ts). Node's default (30 s) let a request limited to 30 s run 40 to 67 s; a check a second
 * costs a walk over the connections still receiving a request.
 */
export const CONNECTIONS_CHECK_INTERVAL_MS = 1000;
/** Idle keep-alive connections outlive a load balancer's usual 60 s idle time-out, so that it closes them first. */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * The server's time-outs. A request not fully received within REQUEST_TIMEOUT_MS, headers included, is answered
 * 408 by `clientErrorHandler` within CONNECTIONS_CHECK_INTERVAL_MS of that limit.
 */
export function applyServerTimeouts(server: Server, requestTimeoutMs: number): void {
  server.requestTimeout = requestTimeoutMs;
  // Node's own default (60 s) is longer than the request's limit, which would then never apply to headers alone.
  server.headersTimeout = requestTimeoutMs;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
}
