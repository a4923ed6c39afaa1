// Access rows of the figures (test/access-matrix.ts): the managers' figures behind the staff door, managers of the
// host's program only (decision 081). They read counts, no one's data: nothing to seed.
import type { ModuleAccess } from '../../test/access-matrix.ts';

export const ACCESS: ModuleAccess = {
  staffRows: [{ method: 'GET', path: '/api/v1/staff/figures', roundTrips: 6, roles: ['manager'] }],
};
