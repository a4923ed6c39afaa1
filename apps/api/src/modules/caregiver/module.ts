// The patient's caregiver (decision 018).
import { defineModule } from '../../platform/module.ts';
import { caregiverRoutes } from './routes.ts';
import { CAREGIVER_PATIENT_DATA } from './patient-data.ts';

export const caregiverModule = defineModule({
  name: 'caregiver',
  patientData: CAREGIVER_PATIENT_DATA,
  feature: 'caregiver',
  auditActions: ['caregiver-added', 'caregiver-modified', 'caregiver-removed'],
  build: ({ db, clock }) => ({
    routes: { patient: async (app) => app.register(caregiverRoutes, { db, clock }) },
  }),
});
