// The patient's caregiver (decision 018), and the caregiver's own login (decision 092): the access the patient grants,
// its invitation, and the round that ends a minor's caregiver's access on the patient's 18th birthday.
import { defineModule } from '../../platform/module.ts';
import { caregiverRoutes } from './routes.ts';
import { CAREGIVER_PATIENT_DATA } from './patient-data.ts';
import { createCaregiverAccessService } from './access.ts';
import { caregiverAccessRoutes, caregiverInvitationRoutes } from './access-routes.ts';
import { CAREGIVER_ACCESS_CAME_OF_AGE, CAREGIVER_INVITATION } from './mails.ts';

/** How often the coming-of-age round looks: hourly, so a birthday is met within an hour of the patient's midnight. */
const COMING_OF_AGE_INTERVAL_MS = 60 * 60 * 1000;

export const caregiverModule = defineModule({
  name: 'caregiver',
  patientData: CAREGIVER_PATIENT_DATA,
  feature: 'caregiver',
  auditActions: [
    'caregiver-added',
    'caregiver-modified',
    'caregiver-removed',
    'caregiver-access-invited',
    'caregiver-access-accepted',
    'caregiver-access-changed',
    'caregiver-access-ended',
  ],
  mailKinds: [CAREGIVER_INVITATION, CAREGIVER_ACCESS_CAME_OF_AGE],
  build: ({ db, clock, config, passwords, mailQueued }) => {
    const access = createCaregiverAccessService({ db, clock, config, passwords, onMailQueued: mailQueued });
    return {
      routes: {
        patient: async (app) => {
          await app.register(caregiverRoutes, { db, clock, access });
          await app.register(caregiverAccessRoutes, { access });
        },
        public: async (app) =>
          app.register(caregiverInvitationRoutes, {
            access,
            limits: { perMinute: config.RECOVERY_PER_MINUTE, addressFactor: config.RATE_LIMIT_ADDRESS_FACTOR },
          }),
      },
      jobs: [
        {
          name: 'caregiver-access-came-of-age',
          intervalMs: COMING_OF_AGE_INTERVAL_MS,
          run: (now) => access.endForPatientsOfAge(now),
        },
      ],
    };
  },
});
