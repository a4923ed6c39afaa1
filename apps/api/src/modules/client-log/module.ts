// The web's error reports.
import { defineModule } from '../../platform/module.ts';
import { clientLogRoutes } from './routes.ts';
import { CLIENT_LOG_PATIENT_DATA } from './patient-data.ts';

export const clientLogModule = defineModule({
  name: 'client-log',
  patientData: CLIENT_LOG_PATIENT_DATA,
  build: ({ db, config }) => ({
    routes: { public: async (app) => app.register(clientLogRoutes, { db, perMinute: config.CLIENT_LOG_PER_MINUTE }) },
  }),
});
