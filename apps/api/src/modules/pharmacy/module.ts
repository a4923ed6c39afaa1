// The pharmacy loop (decisions 059, 060): the pharmacy's door (an API key of the program) and its calls: verify,
// purchase, redeem and reverse.
import { defineModule, openDoor } from '../../platform/module.ts';
import { apiKeyOf, PHARMACY_DOOR } from '../../platform/pharmacy-auth.ts';
import { createLockoutStore } from '../../platform/lockout.ts';
import { keyEnvironmentOf, resolvePharmacyKey } from './keys.ts';
import { pharmacyRoutes } from './routes.ts';
import { createPharmacyService } from './service.ts';

export const pharmacyModule = defineModule({
  name: 'pharmacy',
  auditActions: [
    'pharmacy-added',
    'pharmacy-key-created',
    'pharmacy-key-revoked',
    'pharmacy-verification',
    'purchase-recorded',
    'purchase-reversed',
    'free-unit-redeemed',
    'redemption-reversed',
  ],
  build({ db, config, clock, redis }) {
    const environment = keyEnvironmentOf(config.NODE_ENV);
    const pharmacy = createPharmacyService({
      db,
      clock,
      keys: config.signingKeys,
      guesses: createLockoutStore(redis, `${config.REDIS_KEY_PREFIX}pharmacy-guesses:`, clock),
    });
    return {
      doors: [
        openDoor(PHARMACY_DOOR, (request) =>
          resolvePharmacyKey(db, config.signingKeys, {
            environment,
            programId: request.program.id,
            presented: apiKeyOf(request),
          }),
        ),
      ],
      routes: {
        pharmacy: async (api) =>
          api.register(pharmacyRoutes, {
            pharmacy,
            verifyPerMinute: config.PHARMACY_VERIFY_PER_MINUTE,
            identificationPerMinute: config.PHARMACY_IDENTIFICATION_PER_MINUTE,
          }),
      },
    };
  },
});
