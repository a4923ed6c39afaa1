// The patient's treatments (decision 018).
import { defineModule } from '../../platform/module.ts';
import { treatmentRoutes } from './routes.ts';
import { TREATMENTS_PATIENT_DATA } from './patient-data.ts';

export const treatmentsModule = defineModule({
  name: 'treatments',
  patientData: TREATMENTS_PATIENT_DATA,
  auditActions: ['treatment-created', 'treatment-modified', 'treatment-deleted'],
  build: ({ db, clock }) => ({
    routes: { patient: async (app) => app.register(treatmentRoutes, { db, clock }) },
  }),
});
