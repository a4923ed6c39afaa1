// Which failures mean "a dependency is down" (answered 503 with Retry-After) rather than "a bug" (500).
/** Seconds a client is asked to wait before trying again while a dependency is down. */
export const UNAVAILABLE_RETRY_AFTER_S = 10;

/** Socket-level failures of node, pg and ioredis. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/**
 * PostgreSQL's SQLSTATEs of a server that is going away or not letting us in: class 08 (connection
 * exception), 57P01-57P03 (admin/crash shutdown, cannot connect now), 53300 (too many connections),
 * 3D000 (the database is gone, e.g. during a restore).
 */
const PG_CODES = new Set(['57P01', '57P02', '57P03', '53300', '3D000']);
const MESSAGES = [
  /Connection terminated/i, // pg: the server closed the socket (restart, failover, pg_terminate_backend)
  /timeout exceeded when trying to connect/i, // pg-pool: no connection within connectionTimeoutMillis
  /not currently accepting connections/i, // ALLOW_CONNECTIONS false (SQLSTATE 55000, too broad by itself)
  /Client has encountered a connection error/i,
  /Connection is closed/i, // ioredis
  /enableOfflineQueue options is false/i, // ioredis while reconnecting
  /Reached the max retries per request limit/i, // ioredis
];

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  name?: unknown;
}

/** True when the error, or any error it wraps (drizzle wraps pg's in `cause`), says a dependency is unreachable. */
export function isUnavailableError(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const e = current as ErrorLike;
    const code = typeof e.code === 'string' ? e.code : '';
    if (NETWORK_CODES.has(code) || PG_CODES.has(code) || code.startsWith('08')) return true;
    if (e.name === 'MaxRetriesPerRequestError') return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = e.cause;
  }
  return false;
}

/** The code to log for an unavailable dependency: never the message, which may carry a query's values. */
export function unavailableCode(error: unknown): string {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const e = current as ErrorLike;
    if (typeof e.code === 'string') return e.code;
    current = e.cause;
  }
  return 'UNREACHABLE';
}
