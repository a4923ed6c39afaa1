// Valid pieces of request bodies, for the tests of the contracts and of the API (and, through the API's test bodies,
// the bench and the browser tests' enrolment through the API).

/** A treatment of `productId`: one unit once a day for a year, unless `rest` says otherwise, with what the plan asks. */
export function treatmentBody(productId: number, rest: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    productId,
    unitAmount: '1',
    frequency: { amount: 1, interval: 'day' },
    duration: { amount: 1, interval: 'year' },
    ...rest,
  };
}

/** A treatment of alivio's Costa Rica plan (Migralen 50 mg, 1101), not started yet: as enrolled, added or modified. */
export const alivioTreatment = (overrides: Record<string, unknown> = {}) =>
  treatmentBody(1101, {
    duration: { amount: 6, interval: 'month' },
    notStarted: true,
    doctor: { firstName: 'Laura', lastName: 'Vargas' },
    healthCenter: { name: 'Clínica Bíblica', type: 'PRIVATE' },
    ...overrides,
  });
