// Access rows of enrolment (test/access-matrix.ts): a patient enrols before having an account.
import type { ModuleAccess } from '../../test/access-matrix.ts';

export const ACCESS: ModuleAccess = {
  publicRoutes: [
    'GET /api/v1/plan/{idSupportPlan}/patient/identification/{number}/type/{type}/country/{country}/check',
    'POST /api/v1/treatment/dosage/check',
    'GET /api/v1/support/plan/{id}/products',
    'GET /api/v1/citizen/{type}/{number}',
    'GET /api/v1/resource/locations',
    'POST /api/v1/patient/preregistration',
    'POST /api/v1/patient/signup/not-me',
    'POST /api/v1/patient/signup',
  ],
};
