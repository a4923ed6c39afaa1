// Access rows of the coupon link (test/access-matrix.ts): public on purpose, its own signature is its credential;
// coupon.int.test.ts proves that another program's link, or one whose ids do not belong together, opens nothing.
import type { ModuleAccess } from '../../test/access-matrix.ts';

export const ACCESS: ModuleAccess = {
  publicRoutes: ['GET /api/v1/coupon'],
};
