// Access rows of the client log (test/access-matrix.ts): the web reports its errors before anyone logs in.
import type { ModuleAccess } from '../../test/access-matrix.ts';

export const ACCESS: ModuleAccess = { publicRoutes: ['POST /api/v1/log'] };
