// buildApp(config): registers the platform plugins, then the domain modules. Nothing else.
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
import { migrateDatabase, openDatabase, type Database } from './platform/db.ts';
import { errorBody, notFound, registerErrorHandling } from './platform/errors.ts';
import {
  clientErrorHandler,
  CONNECTIONS_CHECK_INTERVAL_MS,
  DEFAULT_BODY_LIMIT_BYTES,
  registerJsonBodyParser,
} from './platform/json-body.ts';
import { loggerOptions, OneLineRequestLog } from './platform/logger.ts';
import { connectRedis, fallbackRateLimitStore } from './platform/redis.ts';
import { ProgramRegistry, registerProgramResolution } from './platform/programs.ts';
import { mailer } from './platform/mail/mail-plugin.ts';
import { registerSecurityHeaders, SECURITY_HEADERS } from './platform/security.ts';
import { createSerializerCompiler } from './platform/serializer.ts';
import { registerSubjectLimit } from './platform/subject-limit.ts';
import { registerProgramTexts } from './web/program-texts.ts';
import { programPictures } from './platform/program-icons.ts';
import { registerProgramFiles, registerWebApp } from './web/static-files.ts';
import { readProgramConfigs, seedPrograms } from './db/seed.ts';
import { clientLogRoutes } from './modules/client-log/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { resourceRoutes } from './modules/resource/routes.ts';
import { seedDemoData } from './db/demo-seed.ts';
import { createPasswordHashing, HASHING_NICE, type PasswordHashing } from './platform/passwords.ts';
import { ensurePoolKeys, loadPoolKeys } from './modules/identity/keys.ts';
import { createLockoutStore } from './modules/identity/lockout.ts';
import { identityRoutes, identitySessionRoutes } from './modules/identity/routes.ts';
import { createIdentityService, type IdentityService } from './modules/identity/service.ts';
import { ACCOUNT_CHANGES_CHANNEL } from './modules/identity/session-cache.ts';
import { createTokenService } from './modules/identity/tokens.ts';
import { signupRoutes } from './modules/signup/routes.ts';
import { createGazetteerDirectory } from './modules/signup/locations.ts';
import { caregiverRoutes } from './modules/caregiver/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { treatmentRoutes } from './modules/treatments/routes.ts';
import { benefitRoutes } from './modules/benefits/routes.ts';
import { bookingRoutes } from './modules/booking/routes.ts';
import { startBookingReminders } from './modules/booking/reminders.ts';
import { accountLinkRoutes, accountRoutes } from './modules/account/routes.ts';
import { couponRoutes } from './modules/coupon/routes.ts';
import { readLessonCatalogue, registerLessonFiles } from './modules/learning/lessons.ts';
import { learningRoutes } from './modules/learning/routes.ts';
import { couponSources } from './modules/coupon/sources.ts';
import { createAccountService } from './modules/account/service.ts';
import { decorateDoors } from './platform/door.ts';
import { swaggerOptions } from './platform/openapi.ts';
import { programPublicOrigin } from './platform/mail/render.ts';
import { PATIENT_DOOR } from './platform/patient-auth.ts';
import { apiKeyOf, PHARMACY_DOOR } from './platform/pharmacy-auth.ts';
import { keyEnvironmentOf, resolvePharmacyKey } from './modules/pharmacy/keys.ts';
import { pharmacyRoutes } from './modules/pharmacy/routes.ts';
import { purchaseRoutes } from './modules/purchases/routes.ts';
import { startRefillReminders } from './modules/purchases/refills.ts';
import { createPharmacyService } from './modules/pharmacy/service.ts';
import { createFeatureToggles, registerFeatureGate } from './platform/feature-toggles.ts';
import { findFeatureToggles } from './modules/resource/repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    programs: ProgramRegistry;
    appConfig: AppConfig;
    clock: () => Date;
    identity: IdentityService;
    /** The password hashing of this app: its own threads and its bound (platform/passwords.ts, decision 043). */
    passwords: PasswordHashing;
  }
}

/** Methods that never write: their answers need not wait for the session cache to hear of a change. */
const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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
  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDataDir: config.PGLITE_DATA_DIR }));
  const clock = options.clock ?? (() => new Date());
  database.useLogger(app.log.child({ component: 'database' }));
  if (ownsDatabase) {
    await migrateDatabase(database, config.DATABASE_URL);
    const programConfigs = readProgramConfigs(config.PROGRAMS_DIR);
    await seedPrograms(database.db, programConfigs, config.PUBLIC_URL);
    await ensurePoolKeys(database.db, config.keyEncryptionSecret);
    if (config.seedDemo) await seedDemoData(database.db, programConfigs, passwords);
  } else {
    await ensurePoolKeys(database.db, config.keyEncryptionSecret);
  }
  const programs = new ProgramRegistry(database.db, config.DEFAULT_PROGRAM);
  await programs.load();
  const pictures = programPictures(config.PROGRAMS_DIR, programs.all());
  // Every program's lessons and lesson indexes, read once (decision 049).
  const lessons = readLessonCatalogue(
    config.PROGRAMS_DIR,
    options.learningDir ?? config.PROGRAMS_DIR,
    programs.all().map((row) => row.slug),
  );
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
  const identity = createIdentityService({
    db: database.db,
    tokens: createTokenService(await loadPoolKeys(database.db, config.keyEncryptionSecret), clock),
    lockout: createLockoutStore(redis, config.REDIS_KEY_PREFIX, clock),
    clock,
    config,
    passwords,
    onMailQueued: () => app.mail?.worker.wake(),
  });
  app.decorate('identity', identity);
  // The session cache follows the database's changes (decision 031); a request that may have written answers once
  // this instance has heard every change committed before, so that the caller's next request sees its own write.
  // Not after a 5xx: the database may be what failed, and the answer should not wait for it again.
  if (config.SESSION_CACHE) {
    const stopListening = await database.listen(ACCOUNT_CHANGES_CHANNEL, identity.sessionCache.listener);
    app.addHook('onClose', stopListening);
    // A callback hook, not an async one: the reads (nearly every answer) pass through without a promise.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (READ_ONLY_METHODS.has(request.method) || reply.statusCode >= 500) return done(null, payload);
      void identity.sessionCache.settle().then(() => done(null, payload));
    });
  }
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    ...(redis ? { store: fallbackRateLimitStore(redis, `${config.REDIS_KEY_PREFIX}rl:`) } : {}),
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
  await app.register(mailer);

  await app.register(healthRoutes, { database, ...(redis ? { redis } : {}) });
  await app.register(
    async (api) => {
      await api.register(resourceRoutes, { db: database.db, pictures });
      await api.register(clientLogRoutes, { db: database.db, perMinute: config.CLIENT_LOG_PER_MINUTE });
      await api.register(identityRoutes, {
        identity,
        limits: {
          loginPerMinute: config.LOGIN_PER_MINUTE,
          emailCheckPerMinute: config.EMAIL_CHECK_PER_MINUTE,
          recoveryPerMinute: config.RECOVERY_PER_MINUTE,
          addressFactor: config.RATE_LIMIT_ADDRESS_FACTOR,
        },
      });
      await api.register(signupRoutes, {
        db: database.db,
        config,
        clock,
        passwords,
        onMailQueued: () => app.mail?.worker.wake(),
      });
      const account = createAccountService({
        db: database.db,
        clock,
        config,
        // The current-password checks count per session, apart from the logins' counters (decision 040).
        lockout: createLockoutStore(redis, `${config.REDIS_KEY_PREFIX}current-password:`, clock),
        passwords,
        onMailQueued: () => app.mail?.worker.wake(),
      });
      await api.register(accountLinkRoutes, { account, perMinute: config.RECOVERY_PER_MINUTE });
      // The coupon link's page: public, the link's signature is its credential (decision 047).
      await api.register(couponRoutes, { db: database.db, config, clock, sources: couponSources() });
      // Everything the patient owns: the patient's door (the caller from the bearer token) for every route of this scope.
      await api.register(async (patientApi) => {
        PATIENT_DOOR.open(patientApi, (request) =>
          identity.resolveCaller(request.program, request.headers.authorization),
        );
        await patientApi.register(identitySessionRoutes, { identity });
        const locations = createGazetteerDirectory();
        await patientApi.register(profileRoutes, {
          db: database.db,
          clock,
          findLocation: (id, language) => locations.get(id, language),
        });
        await patientApi.register(caregiverRoutes, { db: database.db, clock });
        await patientApi.register(treatmentRoutes, { db: database.db, clock });
        await patientApi.register(benefitRoutes, {
          db: database.db,
          clock,
          codesPerMinute: config.DISCOUNT_CODE_PER_MINUTE,
        });
        await patientApi.register(bookingRoutes, {
          db: database.db,
          clock,
          perMinute: config.BOOKING_PER_MINUTE,
          publicUrl: config.PUBLIC_URL,
          onMailQueued: () => app.mail?.worker.wake(),
        });
        await patientApi.register(accountRoutes, { account, perMinute: config.RECOVERY_PER_MINUTE });
        await patientApi.register(purchaseRoutes, { db: database.db, clock });
        await patientApi.register(learningRoutes, {
          db: database.db,
          clock,
          catalogue: lessons,
          slugOf: (programId) => programs.all().find((row) => row.id === programId)?.slug,
        });
      });
      // What a pharmacy's system calls: the pharmacy's door (the caller from its API key), never a patient's token.
      await api.register(async (pharmacyApi) => {
        const environment = keyEnvironmentOf(config.NODE_ENV);
        // Each program's admins' mailboxes, from its config.json (decision 066), by the program's id.
        const adminEmailsBySlug = new Map(readProgramConfigs(config.PROGRAMS_DIR).map((c) => [c.slug, c.adminEmails]));
        const pharmacyAdminEmails = new Map(
          programs.all().map((row) => [row.id, adminEmailsBySlug.get(row.slug) ?? []]),
        );
        PHARMACY_DOOR.open(pharmacyApi, (request) =>
          resolvePharmacyKey(database.db, config.signingKeys, {
            environment,
            programId: request.program.id,
            presented: apiKeyOf(request),
          }),
        );
        await pharmacyApi.register(pharmacyRoutes, {
          pharmacy: createPharmacyService({
            db: database.db,
            clock,
            keys: config.signingKeys,
            guesses: createLockoutStore(redis, `${config.REDIS_KEY_PREFIX}pharmacy-guesses:`, clock),
            adminEmailsOf: (programId) => pharmacyAdminEmails.get(programId) ?? [],
            onMailQueued: () => app.mail?.worker.wake(),
          }),
          verifyPerMinute: config.PHARMACY_VERIFY_PER_MINUTE,
          identificationPerMinute: config.PHARMACY_IDENTIFICATION_PER_MINUTE,
          identificationPerDay: config.PHARMACY_IDENTIFICATION_PER_DAY,
        });
      });
    },
    { prefix: '/api/v1' },
  );
  await registerProgramTexts(app, config.PROGRAMS_DIR);
  await registerProgramFiles(app, config.PROGRAMS_DIR, programs.all(), pictures);
  registerLessonFiles(app, lessons);
  // The reminder a day before each appointment, queued once whichever instance gets there (decision 058).
  startBookingReminders(app, { db: database.db, clock, publicUrl: config.PUBLIC_URL });
  // The e-mail a few days before a medicine should run out, queued once per purchase whichever instance gets there
  // (decision 061).
  startRefillReminders(app, { db: database.db, clock, publicUrl: config.PUBLIC_URL });
  const servesWeb = await registerWebApp(
    app,
    config.WEB_DIST_DIR,
    config.PROGRAMS_DIR,
    programs.all(),
    pictures,
    config.SERVER_RENDER_WAIT_MS,
  );
  if (!servesWeb) app.setNotFoundHandler((_request, reply) => notFound(reply));
  return app;
}
