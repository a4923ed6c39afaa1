// Access rows of the patients module (test/access-matrix.ts): no routes yet; the staff console's patient search
// (the call center) will be its first, with its rows here.
import type { ModuleAccess } from '../../test/access-matrix.ts';

export const ACCESS: ModuleAccess = {};
