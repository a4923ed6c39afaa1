// Access rows of benefits (test/access-matrix.ts): none until the routes come (decision 045).
import type { ModuleAccess } from '../../test/access-matrix.ts';

export const ACCESS: ModuleAccess = {};
