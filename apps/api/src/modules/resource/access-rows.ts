// Access rows of the program resources (test/access-matrix.ts): what every screen needs before a login.
import type { ModuleAccess } from '../../test/access-matrix.ts';

export const ACCESS: ModuleAccess = {
  publicRoutes: [
    'GET /api/v1/resource/countries',
    'GET /api/v1/resource/features',
    'GET /api/v1/resource/support/plan',
    'GET /api/v1/resource/branding',
    'GET /api/v1/support/plan/{id}/field-settings',
  ],
};
