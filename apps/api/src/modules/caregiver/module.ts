// The patient's caregiver (decision 018).
import { defineModule } from '../../platform/module.ts';
import { caregiverRoutes } from './routes.ts';

export const caregiverModule = defineModule({
  name: 'caregiver',
  feature: 'caregiver',
  auditActions: ['caregiver-added', 'caregiver-modified', 'caregiver-removed'],
  build: ({ db, clock }) => ({
    routes: { patient: async (app) => app.register(caregiverRoutes, { db, clock }) },
  }),
});
