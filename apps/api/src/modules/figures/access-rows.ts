// Access rows of the figures (test/access-matrix.ts): the managers' figures behind the staff door, managers of the
// host's program only (decision 081). They read counts, no one's data: nothing to seed. The budget (decision 090): the
// door's 2, then which round the rows are of (a kept answer: 3 seen), or also the rows when the round's first call
// assembles (4 on this data; 5 where a product has a PDC, which figures.int.test.ts counts).
import type { ModuleAccess } from '../../test/access-matrix.ts';

export const ACCESS: ModuleAccess = {
  staffRows: [{ method: 'GET', path: '/api/v1/staff/figures', roundTrips: 4, roles: ['manager'] }],
};
