// The pharmacy loop (decisions 059, 060): the pharmacy's door (an API key of the program) and its calls: verify,
// purchase, redeem and reverse.
import { readProgramConfigs } from '../../db/seed.ts';
import { defineModule, openDoor } from '../../platform/module.ts';
import { apiKeyOf, PHARMACY_DOOR } from '../../platform/pharmacy-auth.ts';
import { createLockoutStore } from '../../platform/lockout.ts';
import { keyEnvironmentOf, resolvePharmacyKey } from './keys.ts';
import { pharmacyRoutes } from './routes.ts';
import { createPharmacyService } from './service.ts';
import { PHARMACY_LOOKUP_ALERT } from './mails.ts';
import { PHARMACY_PATIENT_DATA } from './patient-data.ts';

export const pharmacyModule = defineModule({
  name: 'pharmacy',
  patientData: PHARMACY_PATIENT_DATA,
  auditActions: [
    'pharmacy-added',
    'pharmacy-key-created',
    'pharmacy-key-revoked',
    'pharmacy-verification',
    'purchase-recorded',
    'purchase-reversed',
    'free-unit-redeemed',
    'redemption-reversed',
    'pharmacy-lookups-reported',
  ],
  mailKinds: [PHARMACY_LOOKUP_ALERT],
  build({ db, config, clock, redis, programs, mailQueued, metrics }) {
    const environment = keyEnvironmentOf(config.NODE_ENV);
    // Each program's admins' mailboxes, from its config.json (decision 066), by the program's id.
    const adminEmailsBySlug = new Map(readProgramConfigs(config.PROGRAMS_DIR).map((c) => [c.slug, c.adminEmails]));
    const pharmacyAdminEmails = new Map(programs.all().map((row) => [row.id, adminEmailsBySlug.get(row.slug) ?? []]));
    const pharmacy = createPharmacyService({
      db,
      clock,
      keys: config.signingKeys,
      guesses: createLockoutStore(redis, `${config.REDIS_KEY_PREFIX}pharmacy-guesses:`, clock),
      adminEmailsOf: (programId) => pharmacyAdminEmails.get(programId) ?? [],
      onMailQueued: mailQueued,
      onRecorded: (kind, programId) => metrics.count(kind === 'purchase' ? 'purchases' : 'redemptions', programId),
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
            identificationPerDay: config.PHARMACY_IDENTIFICATION_PER_DAY,
          }),
      },
    };
  },
});
