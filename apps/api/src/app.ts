// buildApp(config): assembles the platform's plugins and the modules of modules.ts, behind their doors. Nothing else.
import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { APP_VERSION_HEADER } from '@portal/contracts/constants';
import { statusOf } from '@portal/contracts/errors';
import type { AppConfig } from './config.ts';
import { prepareDatabase } from './db/prepare.ts';
import { MAIL_KINDS, MODULES } from './modules.ts';
import { PATIENT_DATA } from './patient-data.ts';
import type { Database } from './platform/db.ts';
import { decorateDoors } from './platform/door.ts';
import { errorBody, notFound, registerErrorHandling } from './platform/errors.ts';
import {
  belongsToFeature,
  createFeatureToggles,
  findFeatureToggles,
  registerFeatureGate,
} from './platform/feature-toggles.ts';
import { startJobs } from './platform/jobs.ts';
import {
  clientErrorHandler,
  CONNECTIONS_CHECK_INTERVAL_MS,
  DEFAULT_BODY_LIMIT_BYTES,
  registerJsonBodyParser,
} from './platform/json-body.ts';
import { loggerOptions, OneLineRequestLog } from './platform/logger.ts';
import { mailer } from './platform/mail/mail-plugin.ts';
import {
  createMetrics,
  listenMetrics,
  registerRequestMetrics,
  type Metrics,
  type MetricsServer,
} from './platform/metrics.ts';
import { programPublicOrigin } from './platform/mail/render.ts';
import type { ModuleParts, PortalModule, RouteScope } from './platform/module.ts';
import { swaggerOptions } from './platform/openapi.ts';
import { createPasswordHashing, HASHING_NICE, type PasswordHashing } from './platform/passwords.ts';
import { programPictures } from './platform/program-icons.ts';
import { ProgramRegistry, registerProgramResolution } from './platform/programs.ts';
import { connectRedis, fallbackRateLimitStore } from './platform/redis.ts';
import { registerRequestTracing } from './platform/request-tracing.ts';
import { registerSecurityHeaders, SECURITY_HEADERS } from './platform/security.ts';
import { createSerializerCompiler } from './platform/serializer.ts';
import { registerSubjectLimit } from './platform/subject-limit.ts';
import { startTracing } from './platform/tracing.ts';
import { registerProgramTexts } from './web/program-texts.ts';
import { registerProgramFiles, registerWebApp } from './web/static-files.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    programs: ProgramRegistry;
    appConfig: AppConfig;
    clock: () => Date;
    /** The password hashing of this app: its own threads and its bound (platform/passwords.ts, decision 043). */
    passwords: PasswordHashing;
    /** This app's metrics (its own registry, decision 082); modules count through it. */
    metrics: Metrics;
    /** The metrics listener when METRICS_PORT is set (GET /metrics only, never on the app's port). */
    metricsServer: MetricsServer | undefined;
  }
}

export interface BuildOptions {
  /** An already opened and migrated database (tests share one per file); otherwise opened from config. */
  database?: Database;
  /** Custom log destination (tests capture logs to check that no personal data leaks). */
  logStream?: NodeJS.WritableStream;
  /** The time source of every rule with a deadline (lockouts, link expiry, sessions); tests move it. */
  clock?: () => Date;
  /**
   * The password hashing, when the caller makes it (tests: a small bound, or no thread at all so that every hash
   * waits); otherwise one of PASSWORD_HASH_THREADS threads and PASSWORD_HASH_QUEUE places, closed with the app.
   */
  passwords?: PasswordHashing;
  /** Where the lesson files are read (`{dir}/{slug}/learning/`): tests' own lessons; otherwise PROGRAMS_DIR. */
  learningDir?: string;
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  // Pretty only in development on a terminal, and never when a test captures the logs.
  const logger = loggerOptions(
    config.LOG_LEVEL,
    config.NODE_ENV === 'development' && !options.logStream && Boolean(process.stdout.isTTY),
  );
  const app = Fastify({
    logger:
      options.logStream && logger && typeof logger === 'object' ? { ...logger, stream: options.logStream } : logger,
    logController: new OneLineRequestLog(),
    genReqId: () => randomUUID(),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: DEFAULT_BODY_LIMIT_BYTES,
    clientErrorHandler,
    // The app answers an HTTP/1.1 request without Host itself, with the security headers (platform/security.ts);
    // slow requests are cut within a second of their limit (platform/json-body.ts, `applyServerTimeouts`).
    http: { requireHostHeader: false, connectionsCheckingInterval: CONNECTIONS_CHECK_INTERVAL_MS },
    return503OnClosing: true,
    // Malformed URLs and similar framework refusals answer in the catalogue's shape too, and before routing no
    // hook has set the security headers.
    frameworkErrors: (error, _request, reply) => {
      const code = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST';
      void (reply as FastifyReply)
        .headers(SECURITY_HEADERS)
        .header('cache-control', 'no-store')
        .status(statusOf(code))
        .send(errorBody(code));
    },
  });
  // Traces (decision 084), before any other hook so that everything a request does runs in its span. Nothing of
  // OpenTelemetry is loaded unless an OTLP endpoint is set.
  const tracing = await startTracing(config);
  if (tracing) {
    registerRequestTracing(app, tracing, config.TRUST_PROXY);
    app.addHook('onClose', async () => tracing.shutdown());
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ checkAgainstZod: config.NODE_ENV !== 'production' }));
  registerErrorHandling(app);
  registerJsonBodyParser(app);

  // Before the demo seed, which hashes its password here too. Closed with the app when it made it.
  const passwords =
    options.passwords ??
    createPasswordHashing({
      threads: config.PASSWORD_HASH_THREADS,
      maxWaiting: config.PASSWORD_HASH_QUEUE,
      nice: HASHING_NICE,
      onThreadError: (error) => app.log.error({ err: error }, 'password hashing thread failed'),
    });
  app.decorate('passwords', passwords);
  if (!options.passwords) app.addHook('onClose', async () => passwords.close());
  const { database, ownsDatabase } = await prepareDatabase(config, {
    passwords,
    log: app.log.child({ component: 'database' }),
    given: options.database,
  });
  const clock = options.clock ?? (() => new Date());
  const programs = new ProgramRegistry(database.db, config.DEFAULT_PROGRAM);
  await programs.load();
  const pictures = programPictures(config.PROGRAMS_DIR, programs.all());
  app.decorate('database', database);
  app.decorate('programs', programs);
  app.decorate('appConfig', config);
  for (const warning of config.warnings) app.log.warn(warning);
  app.decorate('clock', clock);
  if (ownsDatabase) app.addHook('onClose', async () => database.close());

  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header(APP_VERSION_HEADER, config.appVersion);
    done(null, payload);
  });
  await registerSecurityHeaders(app);
  await app.register(compress, { global: true, threshold: 1024 });
  const redis = config.REDIS_URL
    ? await connectRedis(config.REDIS_URL, app.log.child({ component: 'redis' }))
    : undefined;
  if (redis) app.addHook('onClose', async () => redis.close());
  // Before any route, so that every route template is known to the request metrics. Without a listener nobody reads
  // them: the modules' counters stay (a few additions), the per-request hooks are not added (decision 082).
  const metrics = createMetrics({ database, programs, passwords, clock, redisReady: redis?.isReady });
  app.decorate('metrics', metrics);
  app.addHook('onClose', async () => metrics.stop());
  if (config.METRICS_PORT !== undefined) registerRequestMetrics(app, metrics);

  // Each module makes its services, doors and jobs from the platform's parts (decision 064).
  const built: { module: PortalModule; parts: ModuleParts }[] = [];
  for (const module of MODULES) {
    const parts = await module.build({
      app,
      config,
      database,
      db: database.db,
      clock,
      redis,
      passwords,
      programs,
      pictures,
      learningDir: options.learningDir ?? config.PROGRAMS_DIR,
      mailQueued: () => app.mail?.worker.wake(),
      metrics,
      patientData: PATIENT_DATA,
    });
    built.push({ module, parts });
  }

  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    ...(redis
      ? { store: fallbackRateLimitStore(redis, `${config.REDIS_KEY_PREFIX}rl:`, () => metrics.rateLimitFellBack()) }
      : {}),
    // Only the API counts: pages, the built app and program files are static and never limited by address
    // (one page load fetches dozens of files, and many patients share one address).
    allowList: (request) => !request.url.startsWith('/api/'),
  });
  registerSubjectLimit(app, config.signingKeys);
  registerProgramResolution(app, programs);
  registerFeatureGate(
    app,
    createFeatureToggles((programId) => findFeatureToggles(database.db, programId), clock),
  );
  decorateDoors(app);

  // The document a partner generates a client from (decision 057): servers, security, error answers completed.
  await app.register(
    swagger,
    swaggerOptions({
      version: config.appVersion,
      doors: built.flatMap(({ parts }) => parts.doors?.map((open) => open.door) ?? []),
      programOrigins: programs.all().map((row) => ({
        slug: row.slug,
        name: row.name,
        origin: programPublicOrigin(config.PUBLIC_URL, row.slug),
      })),
    }),
  );
  // No staticCSP of its own: the docs page lives under the portal's CSP (no inline code, no framing).
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  // The outbox worker and app.mail; /dev/mailbox outside production.
  await app.register(mailer, { kinds: MAIL_KINDS });

  /** Registers each module's routes of `where` in `scope`, each module in a scope of its own with its feature. */
  const registerRoutesOf = async (scope: FastifyInstance, where: RouteScope) => {
    for (const { module, parts } of built) {
      const routes = parts.routes?.[where];
      if (!routes) continue;
      await scope.register(async (moduleScope) => {
        if (module.feature) belongsToFeature(moduleScope, module.feature);
        await moduleScope.register(routes);
      });
    }
  };
  await registerRoutesOf(app, 'root');
  await app.register(
    async (api) => {
      await registerRoutesOf(api, 'public');
      // Each door in a scope of its own: its resolver runs before anything else on every route of that scope, and
      // no door opens another's routes (decision 034).
      for (const { door, resolve } of built.flatMap(({ parts }) => parts.doors ?? [])) {
        await api.register(async (doorScope) => {
          door.open(doorScope, resolve);
          await registerRoutesOf(doorScope, door.name);
        });
      }
    },
    { prefix: '/api/v1' },
  );
  await registerProgramTexts(app, config.PROGRAMS_DIR);
  await registerProgramFiles(app, config.PROGRAMS_DIR, programs.all(), pictures);
  // Interval work, once per round whichever instance gets there (platform/jobs.ts).
  const jobs = startJobs(
    built.flatMap(({ parts }) => parts.jobs ?? []),
    {
      db: database.db,
      clock,
      log: app.log.child({ component: 'jobs' }),
      onRan: (job, outcome, seconds) => metrics.jobRan(job, outcome, seconds),
    },
  );
  // preClose: a round in progress still needs the database, which closes on onClose.
  app.addHook('preClose', async () => jobs.stop());
  const servesWeb = await registerWebApp(
    app,
    config.WEB_DIST_DIR,
    config.PROGRAMS_DIR,
    programs.all(),
    pictures,
    config.SERVER_RENDER_WAIT_MS,
  );
  if (!servesWeb) app.setNotFoundHandler((_request, reply) => notFound(reply));
  // A listener of its own (decision 082): scraped per instance, never reachable through the app's port.
  const metricsServer =
    config.METRICS_PORT === undefined
      ? undefined
      : await listenMetrics(metrics.registry, config.METRICS_HOST ?? config.HOST, config.METRICS_PORT);
  app.decorate('metricsServer', metricsServer);
  if (metricsServer) app.addHook('onClose', async () => metricsServer.close());
  return app;
}
