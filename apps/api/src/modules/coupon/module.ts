// The signed coupon link's page (decision 047): public, the link's signature is its credential.
import { defineModule } from '../../platform/module.ts';
import { couponRoutes } from './routes.ts';
import { couponSources } from './sources.ts';
import { COUPON_PATIENT_DATA } from './patient-data.ts';

export const couponModule = defineModule({
  name: 'coupon',
  patientData: COUPON_PATIENT_DATA,
  build: ({ db, config, clock }) => ({
    routes: { public: async (app) => app.register(couponRoutes, { db, config, clock, sources: couponSources() }) },
  }),
});
