// Identity (decisions 007, 031, 034): logins, sessions and recovery in each program's pool, and the patient's door
// (a bearer token of the pool to who acts and whose care). Its service is `app.identity`.
import { defineModule, openDoor } from '../../platform/module.ts';
import { PATIENT_DOOR } from '../../platform/patient-auth.ts';
import { loadPoolKeys } from './keys.ts';
import { PASSWORD_CHANGED, PASSWORD_RESET } from './mails.ts';
import { createLockoutStore } from '../../platform/lockout.ts';
import { identityRoutes, identitySessionRoutes } from './routes.ts';
import { createIdentityService, type IdentityService } from './service.ts';
import { ACCOUNT_CHANGES_CHANNEL } from './session-cache.ts';
import { createTokenService } from './tokens.ts';
import { IDENTITY_PATIENT_DATA } from './patient-data.ts';
import { refuseOutsideAreas } from '../../platform/care-areas.ts';
import { createCaregiverResolver } from '../caregiver/public.ts';

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityService;
  }
}

/** Methods that never write: their answers need not wait for the session cache to hear of a change. */
const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const identityModule = defineModule({
  name: 'identity',
  patientData: IDENTITY_PATIENT_DATA,
  auditActions: [
    'login',
    'logout',
    'password-reset-requested',
    'password-reset-unknown-email',
    'password-reset-call-center',
    'password-reset',
    'session-ended',
    'other-sessions-ended',
  ],
  mailKinds: [PASSWORD_RESET, PASSWORD_CHANGED],
  async build({ app, db, database, config, clock, redis, passwords, mailQueued, metrics }) {
    const identity = createIdentityService({
      db,
      tokens: createTokenService(await loadPoolKeys(db, config.keyEncryptionSecret), clock),
      lockout: createLockoutStore(redis, config.REDIS_KEY_PREFIX, clock),
      clock,
      config,
      passwords,
      onMailQueued: mailQueued,
      resolveCaregiver: createCaregiverResolver(db, clock),
      observe: {
        login: (programId, result) => metrics.login(programId, result),
        sessionCache: (outcome) => metrics.sessionCache(outcome),
      },
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
    return {
      doors: [
        openDoor(PATIENT_DOOR, async (request) => {
          const caller = await identity.resolveCaller(request.program, request.headers.authorization);
          // A caregiver's login reaches the routes of the areas the patient granted, and nothing else (decision 092).
          refuseOutsideAreas(request, caller);
          return caller;
        }),
      ],
      routes: {
        public: async (api) =>
          api.register(identityRoutes, {
            identity,
            limits: {
              loginPerMinute: config.LOGIN_PER_MINUTE,
              emailCheckPerMinute: config.EMAIL_CHECK_PER_MINUTE,
              recoveryPerMinute: config.RECOVERY_PER_MINUTE,
              addressFactor: config.RATE_LIMIT_ADDRESS_FACTOR,
            },
          }),
        patient: async (api) => api.register(identitySessionRoutes, { identity }),
      },
    };
  },
});
