// Access rows of adherence (test/access-matrix.ts): none of its own. The outreach list's routes are the staff
// console's (staff/outreach-routes.ts), and their rows are in staff/access-rows.ts.
import type { ModuleAccess } from '../../test/access-matrix.ts';

export const ACCESS: ModuleAccess = {};
