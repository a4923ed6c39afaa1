// Benefits and discount codes (decision 045).
import { defineModule } from '../../platform/module.ts';
import { benefitRoutes } from './routes.ts';
import { BENEFITS_PATIENT_DATA } from './patient-data.ts';

export const benefitsModule = defineModule({
  name: 'benefits',
  patientData: BENEFITS_PATIENT_DATA,
  feature: 'benefits',
  auditActions: ['discount-code-created', 'discount-code-renewed'],
  build: ({ db, clock, config }) => ({
    routes: {
      patient: async (app) =>
        app.register(benefitRoutes, { db, clock, codesPerMinute: config.DISCOUNT_CODE_PER_MINUTE }),
    },
  }),
});
