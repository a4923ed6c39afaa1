// The coverage of the patient's data is checked by the compiler (patient-data.ts): each probe below is a declaration
// the type check must refuse, marked `@ts-expect-error`, so that `tsc -b` fails the day one of them is accepted. The
// tests themselves check the same at run time on the list the app uses.
import { describe, expect, it } from 'vitest';
import { MODULES } from './modules.ts';
import { BOOKING_PATIENT_DATA } from './modules/booking/patient-data.ts';
import { partsOf, PATIENT_DATA, TABLE_COVERAGE } from './patient-data.ts';
import { coverageOf, definePatientData, PLATFORM_PATIENT_DATA } from './platform/patient-data.ts';

/** The list without one item, by type (two parts' types are never the same: their tables differ). */
type Without<List extends readonly unknown[], Item> = List extends readonly [infer Head, ...infer Rest]
  ? [Head, Item] extends [Item, Head]
    ? Without<Rest, Item>
    : [Head, ...Without<Rest, Item>]
  : [];

const ALL_PARTS = [PLATFORM_PATIENT_DATA, ...partsOf(MODULES)] as const;

describe("the coverage of the patient's data", () => {
  it('gathers the platform part, then the part of each module that declares one, in the order of modules.ts', () => {
    expect(PATIENT_DATA).toEqual([
      PLATFORM_PATIENT_DATA,
      ...MODULES.flatMap((module) => (module.patientData ? [module.patientData] : [])),
    ]);
    expect(PATIENT_DATA).toContain(BOOKING_PATIENT_DATA);
  });

  it('has every table claimed by exactly one part', () => {
    const claims = PATIENT_DATA.flatMap((part) => Object.keys(part.tables));
    expect(claims.filter((table, index) => claims.indexOf(table) !== index)).toEqual([]);
    expect(claims.sort()).toEqual(Object.keys(TABLE_COVERAGE).sort());
  });

  it('refuses at the type check a table that no part covers or that two parts claim', () => {
    expect(coverageOf(ALL_PARTS)).toEqual(TABLE_COVERAGE);

    const withoutBooking = ALL_PARTS.filter((part) => part !== BOOKING_PATIENT_DATA) as unknown as Without<
      typeof ALL_PARTS,
      typeof BOOKING_PATIENT_DATA
    >;
    // @ts-expect-error -- `booking` (a table of schema.ts) is covered by no part.
    expect(Object.keys(coverageOf(withoutBooking))).not.toContain('booking');

    const bookingAgain = definePatientData({
      tables: { booking: { holds: 'no patient data', why: 'a second module claiming the appointments' } },
    });
    // @ts-expect-error -- `booking` is claimed by two parts.
    coverageOf([...ALL_PARTS, bookingAgain]);

    const misnamed = definePatientData({
      tables: {
        clientLog: { holds: 'no patient data', why: "the web's error reports" },
        clientLogs: { holds: 'no patient data', why: 'a name that is no table of schema.ts' },
      },
    });
    // @ts-expect-error -- `clientLogs` is no table of schema.ts (and `clientLog` is claimed twice).
    coverageOf([...ALL_PARTS, misnamed]);
  });

  it("refuses at the type check a part that shows or erases rows without the export's query or the purge's step", () => {
    // @ts-expect-error -- the table is shown in the export's `bookings`, and the part brings no export query.
    definePatientData({
      tables: {
        booking: { holds: 'patient data', export: 'bookings', purge: { kept: 'a probe' } },
      },
    });
    // @ts-expect-error -- the table's rows are deleted, and the part brings no purge step.
    definePatientData({
      tables: {
        booking: { holds: 'patient data', export: { omitted: 'a probe' }, purge: 'deleted' },
      },
    });
    definePatientData({
      tables: {
        booking: { holds: 'patient data', export: 'bookings', purge: { kept: 'a probe' } },
      },
      // @ts-expect-error -- the export query answers another key than the one its table shows.
      export: async () => ({ treatments: [] }),
    });
  });
});
