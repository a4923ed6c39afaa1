// Prometheus metrics (issue 37, decision 082): one registry per app and one for the process, served on a listener of
// their own (METRICS_PORT), never on the app's port. Modules count through `app.metrics`; no label ever holds an id,
// an e-mail, a code, a key or free text: every label value comes from a fixed list, the app's own route templates or
// the program slugs.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { count, eq, min } from 'drizzle-orm';
import { outbox } from '../db/schema.ts';
import type { Database } from './db.ts';
import { AppError } from './errors.ts';
import type { PasswordHashing } from './passwords.ts';
import type { ProgramRegistry } from './programs.ts';

/** The route label of a request no route matched (the raw path could hold anything a client typed). */
export const UNMATCHED_ROUTE = 'unmatched';
/** The doors a request may come through (decision 034); a route behind none is `other`. */
export const DOOR_LABELS = ['patient', 'pharmacy', 'staff', 'other'] as const;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Seconds: from a millisecond to a minute, around the request timeouts and the p99 goals of the bench. */
const REQUEST_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const QUERY_BUCKETS_S = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const JOB_BUCKETS_S = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300];

export type LoginResult = 'succeeded' | 'failed' | 'locked';
/** Per address (the API-wide limit), per subject (e-mail, document, key, account) or a lockout after wrong guesses. */
export type RateLimitKind = 'address' | 'subject' | 'lockout';
const RATE_LIMIT_KINDS: readonly RateLimitKind[] = ['address', 'subject', 'lockout'];

/** The program's own events, counted per program slug (issue 37). */
export const BUSINESS_EVENTS = [
  'enrolments',
  'codes_issued',
  'purchases',
  'redemptions',
  'appointments_booked',
  'appointments_cancelled',
  'lessons_completed',
] as const;
export type BusinessEvent = (typeof BUSINESS_EVENTS)[number];

export interface Metrics {
  readonly registry: Registry;
  /** Counts one of the program's events; `program` is its id (labelled by its slug, never the id). */
  count(event: BusinessEvent, programId: number): void;
  login(programId: number, result: LoginResult): void;
  jobRan(job: string, outcome: 'succeeded' | 'failed', seconds: number): void;
  rateLimited(kind: RateLimitKind): void;
  rateLimitFellBack(): void;
  hashQueueRefused(): void;
  sessionCache(outcome: 'hit' | 'miss'): void;
  /** Route templates the app has registered: the only values the route label takes besides `unmatched`. */
  readonly routes: ReadonlySet<string>;
  /** Stops timing the database's queries (the database may outlive the app in the tests). */
  stop(): void;
}

interface MetricsSources {
  database: Database;
  programs: ProgramRegistry;
  passwords: PasswordHashing;
  clock: () => Date;
  /** Whether Redis is connected; undefined when this instance has no REDIS_URL. */
  redisReady?: (() => boolean) | undefined;
}

let processRegistry: Registry | undefined;

/**
 * The process's own metrics (event-loop delay, heap, garbage collection, handles: prom-client's defaults), one registry
 * per process, made when a metrics listener first starts: they describe the process whichever app serves them, and
 * their monitors run from then on (tests start many apps in one process; each would otherwise add its own).
 */
export function processMetrics(): Registry {
  if (processRegistry) return processRegistry;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Gauges named like counters, which promtool's lint refuses: the same figures are the sums of `nodejs_active_handles`,
  // `nodejs_active_requests` and `nodejs_active_resources` (by type), which stay.
  for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'])
    registry.removeSingleMetric(name);
  processRegistry = registry;
  return registry;
}

/** Makes the app's registry and the collectors that read the app's state at a scrape. */
export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  const slugOf = (programId: number) =>
    sources.programs.all().find((program) => program.id === programId)?.slug ?? 'unknown';

  const businessCounters = new Map<BusinessEvent, Counter<'program'>>(
    BUSINESS_EVENTS.map((event) => [
      event,
      new Counter({
        name: `portal_${event}_total`,
        help: BUSINESS_HELP[event],
        labelNames: ['program'],
        registers: [registry],
      }),
    ]),
  );
  const logins = new Counter({
    name: 'portal_logins_total',
    help: 'Patient logins by result (succeeded, failed: wrong e-mail or password, locked: refused by the lockout).',
    labelNames: ['program', 'result'],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'portal_job_runs_total',
    help: 'Rounds of each job run by this instance, by outcome.',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'portal_job_duration_seconds',
    help: 'How long each round of a job took on this instance.',
    labelNames: ['job'],
    buckets: JOB_BUCKETS_S,
    registers: [registry],
  });
  const queryDuration = new Histogram({
    name: 'portal_db_query_duration_seconds',
    help: 'Duration of the queries this instance sent to its database (PostgreSQL or PGlite).',
    buckets: QUERY_BUCKETS_S,
    registers: [registry],
  });
  const rateLimits = new Counter({
    name: 'portal_rate_limit_refusals_total',
    help: 'Requests refused with 429, by kind: per address (the API-wide limit), per subject (e-mail, document, key, account), or a lockout after wrong guesses.',
    labelNames: ['kind'],
    registers: [registry],
  });
  const fallbacks = new Counter({
    name: 'portal_rate_limit_memory_fallbacks_total',
    help: "Rate-limit counts made in this instance's memory because Redis did not answer (decision 011).",
    registers: [registry],
  });
  const hashRefusals = new Counter({
    name: 'portal_password_hash_refusals_total',
    help: 'Password hashes refused with 503 because the queue was full (decision 043).',
    registers: [registry],
  });
  const sessionCache = new Counter({
    name: 'portal_session_cache_lookups_total',
    help: 'Session cache lookups of authenticated requests, by outcome (hit, miss; decision 031).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  // Zero from the start, so that a rate() over them has a series before the first event.
  for (const result of ['succeeded', 'failed', 'locked'] as const)
    for (const program of sources.programs.all()) logins.labels(program.slug, result);
  for (const counter of businessCounters.values())
    for (const program of sources.programs.all()) counter.labels(program.slug);
  for (const kind of RATE_LIMIT_KINDS) rateLimits.labels(kind);
  for (const outcome of ['hit', 'miss'] as const) sessionCache.labels(outcome);

  const pool = sources.database.poolStats;
  if (pool) {
    new Gauge({
      name: 'portal_db_pool_connections',
      help: "Connections of this instance's PostgreSQL pool, by state (in use, idle).",
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = pool();
        this.set({ state: 'in_use' }, stats.total - stats.idle);
        this.set({ state: 'idle' }, stats.idle);
      },
    });
    new Gauge({
      name: 'portal_db_pool_waiting_requests',
      help: "Queries waiting for a connection of this instance's PostgreSQL pool.",
      registers: [registry],
      collect() {
        this.set(pool().waiting);
      },
    });
  }
  const redisReady = sources.redisReady;
  if (redisReady)
    new Gauge({
      name: 'portal_redis_up',
      help: "1 while Redis is connected; 0 while rate limits and lockouts count in this instance's memory (decision 011).",
      registers: [registry],
      collect() {
        this.set(redisReady() ? 1 : 0);
      },
    });
  new Gauge({
    name: 'portal_password_hash_queue_waiting',
    help: 'Password hashes waiting for a thread (decision 043).',
    registers: [registry],
    collect() {
      this.set(sources.passwords.stats().waiting);
    },
  });
  new Gauge({
    name: 'portal_password_hash_threads_busy',
    help: 'Password-hashing threads hashing now.',
    registers: [registry],
    collect() {
      this.set(sources.passwords.stats().running);
    },
  });
  // The outbox is the whole deployment's: every instance reports the same figures (graph their max, not their sum).
  const outboxState = new OutboxReader(sources.database, sources.clock);
  new Gauge({
    name: 'portal_outbox_pending_mails',
    help: 'Mails waiting in the outbox to be delivered (the whole deployment).',
    registers: [registry],
    async collect() {
      this.set((await outboxState.read()).pending);
    },
  });
  new Gauge({
    name: 'portal_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest mail waiting in the outbox (0 when none waits).',
    registers: [registry],
    async collect() {
      this.set((await outboxState.read()).oldestAgeSeconds);
    },
  });

  const unobserve = sources.database.observeQueries?.((seconds) => queryDuration.observe(seconds));
  const routes = new Set<string>();
  return {
    stop: () => unobserve?.(),
    registry,
    routes,
    count: (event, programId) => businessCounters.get(event)?.inc({ program: slugOf(programId) }),
    login: (programId, result) => logins.inc({ program: slugOf(programId), result }),
    jobRan(job, outcome, seconds) {
      jobRuns.inc({ job, outcome });
      jobDuration.observe({ job }, seconds);
    },
    rateLimited: (kind) => rateLimits.inc({ kind }),
    rateLimitFellBack: () => fallbacks.inc(),
    hashQueueRefused: () => hashRefusals.inc(),
    sessionCache: (outcome) => sessionCache.inc({ outcome }),
  };
}

const BUSINESS_HELP: Record<BusinessEvent, string> = {
  enrolments: 'Patients enrolled (sign-ups completed).',
  codes_issued: 'Discount codes made or renewed for patients.',
  purchases: 'Purchases recorded by pharmacies (not replays of the same receipt).',
  redemptions: 'Free units redeemed at pharmacies.',
  appointments_booked: 'Appointments booked.',
  appointments_cancelled: 'Appointments cancelled.',
  lessons_completed: 'Lessons completed by patients.',
};

/** Reads the outbox's backlog once per scrape, however many gauges ask for it. */
class OutboxReader {
  private pending: Promise<{ pending: number; oldestAgeSeconds: number }> | undefined;

  constructor(
    private readonly database: Database,
    private readonly clock: () => Date,
  ) {}

  /** The backlog now; a database that does not answer gives no figures rather than failing the whole scrape. */
  read() {
    this.pending ??= this.query()
      .catch(() => ({ pending: Number.NaN, oldestAgeSeconds: Number.NaN }))
      .finally(() => {
        this.pending = undefined;
      });
    return this.pending;
  }

  private async query() {
    const [row] = await this.database.db
      .select({ pending: count(), oldest: min(outbox.createdAt) })
      .from(outbox)
      .where(eq(outbox.status, 'PENDING'));
    const oldest = row?.oldest ?? undefined;
    return {
      pending: Number(row?.pending ?? 0),
      oldestAgeSeconds: oldest ? Math.max(0, (this.clock().getTime() - oldest.getTime()) / 1000) : 0,
    };
  }
}

/** The method label: the standard methods, anything else `OTHER` (a client may send any token as a method). */
const methodLabelOf = (method: string) => (METHODS.has(method) ? method : 'OTHER');

/** The door label: the door the route is behind (decision 034), `other` for public routes and pages. */
function doorLabelOf(request: FastifyRequest): string {
  const door = (request.routeOptions.config as { door?: string } | undefined)?.door;
  return door && (DOOR_LABELS as readonly string[]).includes(door) ? door : 'other';
}

/**
 * Counts and times every request by method, route template, status class and door. Registered before any route, so
 * that `onRoute` sees every template the app has.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'HTTP requests answered, by method, route template, status class and door.',
    labelNames: ['method', 'route', 'status_class', 'door'],
    registers: [metrics.registry],
  });
  const duration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from the request to its answer, by method, route template, status class and door.',
    labelNames: ['method', 'route', 'status_class', 'door'],
    buckets: REQUEST_BUCKETS_S,
    registers: [metrics.registry],
  });
  const routes = metrics.routes as Set<string>;
  app.addHook('onRoute', (route) => {
    routes.add(route.url);
  });
  app.addHook('onError', async (_request, _reply, error) => {
    if (error instanceof AppError) {
      if (error.code === 'RATE_LIMITED') metrics.rateLimited('lockout');
      else if (error.code === 'SERVICE_UNAVAILABLE' && error.details?.reason === 'BUSY') metrics.hashQueueRefused();
    } else if ((error as { statusCode?: number }).statusCode === 429) {
      metrics.rateLimited((error as { rateLimitKind?: string }).rateLimitKind === 'subject' ? 'subject' : 'address');
    }
  });
  app.addHook('onResponse', async (request, reply) => {
    const url = request.routeOptions.url;
    const labels = {
      method: methodLabelOf(request.method),
      route: url !== undefined && routes.has(url) ? url : UNMATCHED_ROUTE,
      status_class: `${Math.min(5, Math.max(1, Math.floor(reply.statusCode / 100)))}xx`,
      door: doorLabelOf(request),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });
}

export interface MetricsServer {
  /** The port it listens on (METRICS_PORT, or the one the system chose for 0). */
  port(): number;
  close(): Promise<void>;
}

/** The exposition a scrape gets: the process's metrics, then the app's. */
export async function exposition(registry: Registry): Promise<string> {
  return `${await processMetrics().metrics()}${await registry.metrics()}`;
}

/** A server of its own that answers GET /metrics with the exposition and 404 to anything else. */
export async function listenMetrics(registry: Registry, host: string, port: number): Promise<MetricsServer> {
  processMetrics();
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(path === '/metrics' ? 405 : 404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    exposition(registry).then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: () => (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
