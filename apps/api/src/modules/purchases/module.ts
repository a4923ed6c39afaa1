// The patient's purchases, free units and refill estimates (decisions 061, 062), and the refill reminder job.
import { defineModule } from '../../platform/module.ts';
import { queueDueRefillReminders, REFILL_REMINDER_INTERVAL_MS } from './refills.ts';
import { purchaseRoutes } from './routes.ts';
import { REFILL_REMINDER } from './mails.ts';
import { PURCHASES_PATIENT_DATA } from './patient-data.ts';

export const purchasesModule = defineModule({
  name: 'purchases',
  patientData: PURCHASES_PATIENT_DATA,
  mailKinds: [REFILL_REMINDER],
  build: ({ db, clock, config, mailQueued }) => ({
    routes: { patient: async (app) => app.register(purchaseRoutes, { db, clock }) },
    // The e-mail a few days before a medicine should run out, queued once per purchase.
    jobs: [
      {
        name: 'refill-reminders',
        intervalMs: REFILL_REMINDER_INTERVAL_MS,
        run: (now) => queueDueRefillReminders(db, now, config.PUBLIC_URL),
        onHandled: mailQueued,
      },
    ],
  }),
});
