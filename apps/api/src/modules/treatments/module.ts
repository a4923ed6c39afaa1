// The patient's treatments (decision 018).
import { defineModule } from '../../platform/module.ts';
import { treatmentRoutes } from './routes.ts';

export const treatmentsModule = defineModule({
  name: 'treatments',
  auditActions: ['treatment-created', 'treatment-modified', 'treatment-deleted'],
  build: ({ db, clock }) => ({
    routes: { patient: async (app) => app.register(treatmentRoutes, { db, clock }) },
  }),
});
