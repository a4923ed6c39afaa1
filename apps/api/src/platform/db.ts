// The database: PGlite (embedded, default) or PostgreSQL (DATABASE_URL), one drizzle schema for both.
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from '../db/schema.ts';
import { activeTracing, startQuerySpan } from './tracing.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction in progress: what `db.transaction` (and a savepoint's `tx.transaction`) hands its callback. */
export type Tx = PgTransaction<PgQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;
/**
 * What a repository runs its queries on: the database, or a transaction whose queries commit or roll back together
 * (decision 035). Both have the same query builders, so a repository never needs to know which one it was given.
 */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Where lost and restored connections are reported (the app's logger, once it exists). */
  useLogger(log: ConnectionLog): void;
  /**
   * Listens on a notification channel until the returned function is called (decision 031). On PostgreSQL through
   * a connection of its own, opened again after a loss (with a growing pause); `onLost` each time it stops.
   */
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
  /** PostgreSQL only (PGlite has no pool): the pool's connections now, for the metrics (decision 082). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * PostgreSQL only: calls `listener` with each query's duration in seconds until the returned function is called
   * (several apps may share one database in the tests, each with its own metrics).
   */
  observeQueries?: (listener: (seconds: number) => void) => () => void;
}

/** What a channel's listener hears: its notifications, and when listening starts and stops. */
export interface ChannelListener {
  onNotification(payload: string): void;
  /** Listening from now on; what was notified before may have been missed. */
  onListening(feed: ChannelFeed): void;
  /** Not listening any more: notifications from now on are missed until the next `onListening`. */
  onLost(): void;
}

export interface ChannelFeed {
  /** Notifies the channel through the ordinary connections: the payload arrives after every change committed before. */
  notify(payload: string): Promise<void>;
  /** The feed seems stuck: stop listening (`onLost`) and start again. */
  restart(): void;
}

export interface ConnectionLog {
  warn(context: object, message: string): void;
  info(context: object, message: string): void;
}

/** Until the app hands over its logger: one JSON line on stderr, like the app's own lines. */
const stderrLog: ConnectionLog = {
  warn: (context, message) => process.stderr.write(`${JSON.stringify({ level: 40, ...context, msg: message })}\n`),
  info: (context, message) => process.stderr.write(`${JSON.stringify({ level: 30, ...context, msg: message })}\n`),
};

/** A connection that waits longer than this for PostgreSQL fails, so that a request answers 503 instead of hanging. */
const CONNECT_TIMEOUT_MS = 5_000;
/** The first and the longest pause before a lost listening connection is opened again. */
const LISTEN_RETRY_MS = { first: 500, max: 30_000 };

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');
/** Arbitrary constant naming the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_ID = 7_341_002;

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** A folder for PGlite's data, or 'memory://' for a throw-away database. */
  pgliteDataDir: string;
  /** A PGlite data folder's dump (`dumpDataDir`) to start a new database from: the tests' template (decision 036). */
  pgliteLoadDataDir?: Blob | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const url = options.databaseUrl;
  if (url) {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    let log = stderrLog;
    // A restart or failover of PostgreSQL ends every connection at once: one line for the loss, one for the
    // first new connection, and never a crash. Without these listeners the 'error' event of a client that
    // is idle in the pool, or held by a transaction, is an uncaught exception that ends the process.
    let lost = false;
    const onLost = (error: Error & { code?: string }) => {
      if (lost) return;
      lost = true;
      log.warn({ code: error.code ?? 'ERROR' }, 'database connection lost; the next query opens a new one');
    };
    if (!UNTRACED) traceNodePostgres(pool);
    pool.on('error', onLost);
    const queryListeners = new Set<(seconds: number) => void>();
    pool.on('connect', (client) => {
      client.on('error', onLost);
      timeQueries(client, queryListeners);
      if (lost) {
        lost = false;
        log.info({}, 'database connection restored');
      }
    });
    return {
      db: drizzlePg(pool, { schema }),
      kind: 'postgres',
      ping: pingOf(pool),
      close: () => pool.end(),
      useLogger: (next) => {
        log = next;
      },
      listen: (channel, listener) => listenOnPostgres(url, pool, channel, listener, () => log),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      observeQueries: (listener) => {
        queryListeners.add(listener);
        return () => queryListeners.delete(listener);
      },
    };
  }
  if (!options.pgliteDataDir.startsWith('memory://')) mkdirSync(options.pgliteDataDir, { recursive: true });
  const client = new PGlite(
    options.pgliteDataDir,
    options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : {},
  );
  await client.waitReady;
  const queryListeners = new Set<(seconds: number) => void>();
  timePgliteQueries(client, queryListeners);
  if (!UNTRACED) tracePglite(client);
  return {
    db: drizzlePglite(client, { schema }),
    kind: 'pglite',
    ping: pingOf(client),
    close: () => client.close(),
    // An embedded database has no connection to lose.
    useLogger: () => undefined,
    observeQueries: (listener) => {
      queryListeners.add(listener);
      return () => queryListeners.delete(listener);
    },
    listen: async (channel, listener) => {
      let stopped = false;
      const unlisten = await client.listen(channel, (payload) => listener.onNotification(payload));
      const feed: ChannelFeed = {
        notify: async (payload) => {
          await client.query('select pg_notify($1, $2)', [channel, payload]);
        },
        // One process, one connection: nothing to open again; listening starts over after a pause.
        restart: () => {
          listener.onLost();
          setTimeout(() => stopped || listener.onListening(feed), LISTEN_RETRY_MS.first).unref();
        },
      };
      listener.onListening(feed);
      return async () => {
        stopped = true;
        listener.onLost();
        await unlisten().catch(() => undefined);
      };
    },
  };
}

/**
 * Times each query of a pooled client (every query of the pool goes through one, `pool.query` in the callback form,
 * a transaction's in the promise form) for whoever listens; a submittable (a cursor, a stream) is passed through
 * untimed.
 */
function timeQueries(client: pg.PoolClient, listeners: ReadonlySet<(seconds: number) => void>): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    if (listeners.size === 0) return query(...args);
    const started = performance.now();
    const done = () => {
      const seconds = (performance.now() - started) / 1000;
      for (const listener of listeners) listener(seconds);
    };
    const callback = args.at(-1);
    if (typeof callback === 'function')
      return query(...args.slice(0, -1), (...answer: unknown[]) => {
        done();
        return (callback as (...answer: unknown[]) => unknown)(...answer);
      });
    const result = query(...args);
    if (result instanceof Promise) result.then(done, done);
    return result;
  };
}

/** Wraps a promise-returning query so that each one's duration reaches the listeners (none: nothing is timed). */
function timed<Args extends unknown[], Result>(
  run: (...args: Args) => Promise<Result>,
  listeners: ReadonlySet<(seconds: number) => void>,
): (...args: Args) => Promise<Result> {
  return (...args) => {
    if (listeners.size === 0) return run(...args);
    const started = performance.now();
    const result = run(...args);
    const done = () => {
      const seconds = (performance.now() - started) / 1000;
      for (const listener of listeners) listener(seconds);
    };
    result.then(done, done);
    return result;
  };
}

/** Times PGlite's queries, outside and inside transactions (drizzle sends both through `query`). */
function timePgliteQueries(client: PGlite, listeners: ReadonlySet<(seconds: number) => void>): void {
  client.query = timed(client.query.bind(client), listeners) as PGlite['query'];
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: Parameters<PGlite['transaction']>[0]) =>
    transaction(async (tx) => {
      tx.query = timed(tx.query.bind(tx), listeners) as typeof tx.query;
      return callback(tx);
    })) as PGlite['transaction'];
}

type QueryCall = (...args: unknown[]) => unknown;

/** The counter of the work `countRoundTrips` runs, in its async context (decision 086). */
const roundTripCounter = new AsyncLocalStorage<{ count: number }>();

/**
 * Runs `work` and counts the statements it sends to the database in its own async context (a request made inside it,
 * a transaction's begin and commit), not those of anything else running meanwhile (a job, the outbox worker): the query
 * budgets' test (decision 086). On PostgreSQL each is a round trip; PGlite's are counted the same way.
 */
export async function countRoundTrips<Result>(
  work: () => PromiseLike<Result>,
): Promise<{ result: Result; count: number }> {
  const counter = { count: 0 };
  // Awaited inside the run: a thenable that starts its work only when awaited (an injected request) starts it there.
  const result = await roundTripCounter.run(counter, async () => await work());
  return { result, count: counter.count };
}

function countRoundTrip(): void {
  const counter = roundTripCounter.getStore();
  if (counter) counter.count += 1;
}

/**
 * The benchmark's server without the query wrappers at all (bench/tracing.ts), to show that tracing off costs nothing
 * measurable beside it. Not a setting: nothing else reads it.
 */
const UNTRACED = process.env.PORTAL_BENCH_UNTRACED === '1';

/**
 * Runs a query call in a span of its own when tracing is on (decision 084). Only the promise form is traced: node-
 * postgres's pool calls its client with a callback for its own `pool.query`, which is traced already, and a
 * submittable (a cursor) is not a query of ours.
 */
function traced(args: unknown[], call: QueryCall, engine: 'postgres' | 'pglite'): unknown {
  const first = args[0] as { text?: unknown; submit?: unknown } | string | undefined;
  if (
    args.some((arg) => typeof arg === 'function') ||
    (typeof first === 'object' && typeof first.submit === 'function')
  )
    return call(...args);
  countRoundTrip();
  if (!activeTracing()) return call(...args);
  const text = typeof first === 'string' ? first : typeof first?.text === 'string' ? first.text : undefined;
  const span = startQuerySpan(text, engine);
  try {
    const result = call(...args);
    if (result instanceof Promise)
      return result.then(
        (value: unknown) => {
          span?.end();
          return value;
        },
        (error: unknown) => {
          span?.end(error);
          throw error;
        },
      );
    span?.end();
    return result;
  } catch (error) {
    span?.end(error);
    throw error;
  }
}

const TRACED = Symbol('traced');

/** Query spans on node-postgres: the pool's own queries, and those of a client it lends (a transaction's). */
function traceNodePostgres(pool: pg.Pool): void {
  const patchable = pool as unknown as { query: QueryCall; connect: QueryCall };
  const query = pool.query.bind(pool) as QueryCall;
  patchable.query = (...args) => traced(args, query, 'postgres');
  const connect = pool.connect.bind(pool) as QueryCall;
  // pg-pool's own `query` connects with a callback; drizzle's transactions with `await pool.connect()`.
  patchable.connect = (...args) => {
    const result = connect(...args);
    if (args.length > 0) return result;
    return (result as Promise<pg.PoolClient>).then((client) => {
      const lent = client as unknown as { query: QueryCall; [TRACED]?: true };
      if (!lent[TRACED]) {
        const clientQuery = client.query.bind(client) as QueryCall;
        lent.query = (...queryArgs) => traced(queryArgs, clientQuery, 'postgres');
        lent[TRACED] = true;
      }
      return client;
    });
  };
}

/** Query spans on PGlite: its queries, and those of its transactions. */
function tracePglite(client: PGlite): void {
  const patchable = client as unknown as { query: QueryCall; transaction: QueryCall };
  const query = client.query.bind(client) as QueryCall;
  patchable.query = (...args) => traced(args, query, 'pglite');
  const transaction = client.transaction.bind(client) as QueryCall;
  patchable.transaction = (callback, ...rest) => {
    // Its begin and commit are counted as on PostgreSQL, where drizzle sends them as statements of their own.
    countRoundTrip();
    const done = transaction(
      (tx: { query: QueryCall }) => {
        const txQuery = tx.query.bind(tx);
        tx.query = (...args) => traced(args, txQuery, 'pglite');
        return (callback as (tx: unknown) => unknown)(tx);
      },
      ...rest,
    ) as Promise<unknown>;
    return done.finally(countRoundTrip);
  };
}

/** Resolves when the database answers a trivial query. */
function pingOf(client: { query(text: string): Promise<unknown> }): () => Promise<void> {
  return async () => {
    await client.query('select 1');
  };
}

/** A connection of its own that LISTENs on `channel`, opened again after each loss until stopped. */
async function listenOnPostgres(
  url: string,
  pool: pg.Pool,
  channel: string,
  listener: ChannelListener,
  log: () => ConnectionLog,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let pause = LISTEN_RETRY_MS.first;
  let reportedLoss = false;
  const notify = async (payload: string) => {
    await pool.query('select pg_notify($1, $2)', [channel, payload]);
  };
  const open = async () => {
    if (stopped) return;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    current = client;
    let down = false;
    const lose = (error?: Error & { code?: string }) => {
      if (down) return;
      down = true;
      listener.onLost();
      client.end().catch(() => undefined);
      if (stopped) return;
      if (!reportedLoss)
        log().warn(
          { code: error?.code ?? 'ERROR', channel },
          'listening connection lost; the session cache is off until it is back',
        );
      reportedLoss = true;
      retry = setTimeout(() => void open(), pause);
      pause = Math.min(pause * 2, LISTEN_RETRY_MS.max);
    };
    client.on('error', lose);
    client.on('end', () => lose());
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) listener.onNotification(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      lose(error as Error);
      return;
    }
    if (stopped) await client.end().catch(() => undefined);
    if (down || stopped) return;
    pause = LISTEN_RETRY_MS.first;
    if (reportedLoss) log().info({ channel }, 'listening connection restored');
    reportedLoss = false;
    listener.onListening({ notify, restart: () => lose() });
  };
  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    listener.onLost();
    await current?.end().catch(() => undefined);
  };
}

/** Applies the committed migrations; on PostgreSQL under an advisory lock so that only one instance migrates. */
export async function migrateDatabase(database: Database, databaseUrl?: string): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A connection lost during migration fails the start through the rejected query, not as an uncaught event.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}

export { sql };
