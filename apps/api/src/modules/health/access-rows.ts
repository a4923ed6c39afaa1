// Access rows of the health module (test/access-matrix.ts): its probes are public and hidden from the document.
import type { ModuleAccess } from '../../test/access-matrix.ts';

export const ACCESS: ModuleAccess = {};
