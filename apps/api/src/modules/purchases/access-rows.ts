// Access rows of the patient's purchases and redemptions (test/access-matrix.ts): none yet.
import type { ModuleAccess } from '../../test/access-matrix.ts';

export const ACCESS: ModuleAccess = {};
