// Adherence measures (decision 079): hand-worked sequences a reader can check (the same table is in the decision
// record), then properties over any supplies (fast-check): PDC in [0, 1], the order of arrival changes nothing, one more
// supply never lowers it, a reversed supply is an absent one, the gap is never negative and a long gap is not persistent.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADHERENT_PDC,
  adherenceOf,
  type AdherenceDosePeriod,
  type AdherenceSupply,
  daysSupplyOf,
} from './adherence.ts';
import { addDays } from './refill.ts';

type Dose = NonNullable<AdherenceDosePeriod['dose']>;
const perDay = (unitAmount: string, amount = 1): Dose => ({
  unitAmount,
  frequency: { amount, interval: 'day' },
  restTime: null,
  duration: { amount: 1, interval: 'year' },
});
const ONE_A_DAY = perDay('1');
const TWO_A_DAY = perDay('1', 2);
const HALF_A_DAY = perDay('0,5');
const ONE_A_WEEK: Dose = { ...ONE_A_DAY, frequency: { amount: 1, interval: 'week' } };
const TWENTY_ONE_ON_SEVEN_OFF: Dose = {
  ...ONE_A_DAY,
  restTime: { amount: 7, interval: 'day' },
  duration: { amount: 21, interval: 'day' },
};
const from = (day: string, dose: Dose | null): AdherenceDosePeriod => ({ from: day, dose });
const SINCE_2026 = [from('2026-01-01', ONE_A_DAY)];

let ids = 0;
const bought = (on: string, packages = 1, extra: Partial<AdherenceSupply> = {}): AdherenceSupply => ({
  kind: 'purchase',
  id: (ids += 1),
  on,
  packages,
  reversed: false,
  ...extra,
});

interface Row {
  name: string;
  supplies: AdherenceSupply[];
  doses: AdherenceDosePeriod[];
  unitsPerPackage: number;
  today: string;
  periodDays?: number;
  expected: {
    daysCovered: number;
    daysInPeriod: number;
    coveredUntil: string | null;
    gapDays: number | null;
    persistent: boolean | null;
  };
}

// Boxes of 30 tablets at one a day unless the row says otherwise; 2026 is not a leap year (Jan 31, Feb 28, Mar 31).
const ROWS: Row[] = [
  {
    // 3 boxes laid back to back: Jan 1–30, Jan 31–Mar 1, Mar 2–31; period Jan 1–Mar 31 = 90 days, all covered.
    name: 'monthly boxes of 30, on time',
    supplies: [bought('2026-01-01'), bought('2026-01-31'), bought('2026-03-02')],
    doses: SINCE_2026,
    unitsPerPackage: 30,
    today: '2026-03-31',
    expected: { daysCovered: 90, daysInPeriod: 90, coveredUntil: '2026-03-31', gapDays: 0, persistent: true },
  },
  {
    // Jan 15's box starts when Jan 1's runs out: Jan 1–Mar 1 = 60 of 90 days; Mar 2–31 uncovered, gap 30.
    name: 'stockpiling: a box bought early starts the day after the previous one runs out',
    supplies: [bought('2026-01-01'), bought('2026-01-15')],
    doses: SINCE_2026,
    unitsPerPackage: 30,
    today: '2026-03-31',
    expected: { daysCovered: 60, daysInPeriod: 90, coveredUntil: '2026-03-01', gapDays: 30, persistent: true },
  },
  {
    // Jan 1–30 and Apr 2–May 1; period Jan 1–Apr 30 = 120 days, covered 30 + 29 = 59; Jan 31–Apr 1 uncovered = 61 > 60.
    name: 'a gap of 61 days: not persistent, even once covered again',
    supplies: [bought('2026-01-01'), bought('2026-04-02')],
    doses: SINCE_2026,
    unitsPerPackage: 30,
    today: '2026-04-30',
    expected: { daysCovered: 59, daysInPeriod: 120, coveredUntil: '2026-05-01', gapDays: 0, persistent: false },
  },
  {
    // 21 days on, 7 off: a box of 21 lasts 21 × 28 / 21 = 28 days; Jan 1–28, Jan 29–Feb 25 = 56 of 56.
    name: 'rest periods, 21 days on and 7 off',
    supplies: [bought('2026-01-01'), bought('2026-01-29')],
    doses: [from('2026-01-01', TWENTY_ONE_ON_SEVEN_OFF)],
    unitsPerPackage: 21,
    today: '2026-02-25',
    expected: { daysCovered: 56, daysInPeriod: 56, coveredUntil: '2026-02-25', gapDays: 0, persistent: true },
  },
  {
    // Jan 1 at 1 a day: 30 days (Jan 1–30); Mar 1 at 2 a day: 15 days (Mar 1–15); 45 of 90; gap Mar 16–31 = 16.
    name: 'a dose change mid-way: each box at the dose in effect on its day',
    supplies: [bought('2026-01-01'), bought('2026-03-01')],
    doses: [from('2026-01-01', ONE_A_DAY), from('2026-03-01', TWO_A_DAY)],
    unitsPerPackage: 30,
    today: '2026-03-31',
    expected: { daysCovered: 45, daysInPeriod: 90, coveredUntil: '2026-03-15', gapDays: 16, persistent: true },
  },
  {
    // Window Mar 2–31; Feb 15's box covers Feb 15–Mar 16, Mar 10's starts Mar 17 (–Apr 15); period Mar 10–31 = 22, all covered.
    name: 'carry-in: a box bought before the period covers its days inside it',
    supplies: [bought('2026-02-15'), bought('2026-03-10')],
    doses: SINCE_2026,
    unitsPerPackage: 30,
    today: '2026-03-31',
    periodDays: 30,
    expected: { daysCovered: 22, daysInPeriod: 22, coveredUntil: '2026-04-15', gapDays: 0, persistent: true },
  },
  {
    // Window Mar 2–31; a box on Mar 2 covers Mar 2–31 = 30 of 30; Jan 1's box (Jan 1–30) is outside; Jan 31–Mar 1 = 30 uncovered.
    name: "a purchase on the period's first day",
    supplies: [bought('2026-01-01'), bought('2026-03-02')],
    doses: SINCE_2026,
    unitsPerPackage: 30,
    today: '2026-03-31',
    periodDays: 30,
    expected: { daysCovered: 30, daysInPeriod: 30, coveredUntil: '2026-03-31', gapDays: 0, persistent: true },
  },
  {
    // Period Jan 1–Mar 31 = 90; Jan 1–30 plus today, Mar 31 = 31 days; the new box runs to Apr 29; Jan 31–Mar 30 = 59.
    name: "a purchase on the period's last day (today)",
    supplies: [bought('2026-01-01'), bought('2026-03-31')],
    doses: SINCE_2026,
    unitsPerPackage: 30,
    today: '2026-03-31',
    periodDays: 90,
    expected: { daysCovered: 31, daysInPeriod: 90, coveredUntil: '2026-04-29', gapDays: 0, persistent: true },
  },
  {
    // Half a tablet a day: 30 tablets last 60 days, Jan 1–Mar 1; 60 of 90; gap Mar 2–31 = 30.
    name: 'a half-tablet dose ("0,5")',
    supplies: [bought('2026-01-01')],
    doses: [from('2026-01-01', HALF_A_DAY)],
    unitsPerPackage: 30,
    today: '2026-03-31',
    expected: { daysCovered: 60, daysInPeriod: 90, coveredUntil: '2026-03-01', gapDays: 30, persistent: true },
  },
  {
    // One pen a week, 4 pens a box = 28 days: Jan 1–28, Jan 29–Feb 25, Feb 26–Mar 25 = 84 of 90; gap Mar 26–31 = 6.
    name: 'a weekly injection pen, 4 to a box',
    supplies: [bought('2026-01-01'), bought('2026-01-29'), bought('2026-02-26')],
    doses: [from('2026-01-01', ONE_A_WEEK)],
    unitsPerPackage: 4,
    today: '2026-03-31',
    expected: { daysCovered: 84, daysInPeriod: 90, coveredUntil: '2026-03-25', gapDays: 6, persistent: true },
  },
  {
    // Deleted Feb 1–28: Feb 10's box counts nowhere; Jan 1–30 and Mar 1–30 = 60 of 90; gap today only = 1; Jan 31–Feb 28 = 29.
    name: 'a treatment deleted, a purchase meanwhile, then the treatment again',
    supplies: [bought('2026-01-01'), bought('2026-02-10'), bought('2026-03-01')],
    doses: [from('2026-01-01', ONE_A_DAY), from('2026-02-01', null), from('2026-03-01', ONE_A_DAY)],
    unitsPerPackage: 30,
    today: '2026-03-31',
    expected: { daysCovered: 60, daysInPeriod: 90, coveredUntil: '2026-03-30', gapDays: 1, persistent: true },
  },
  {
    // Jan 31's box reversed: only Jan 1–30 = 30 of 90; gap Jan 31–Mar 31 = 60, not more than 60: persistent.
    name: 'a reversed purchase counts as never made',
    supplies: [bought('2026-01-01'), bought('2026-01-31', 1, { reversed: true })],
    doses: SINCE_2026,
    unitsPerPackage: 30,
    today: '2026-03-31',
    expected: { daysCovered: 30, daysInPeriod: 90, coveredUntil: '2026-01-30', gapDays: 60, persistent: true },
  },
  {
    // 3 boxes Jan 1–Mar 31 (90 of 90), then the free unit of the same day: Apr 1–30.
    name: 'a free unit is a supply, after the same day’s purchases',
    supplies: [bought('2026-01-01', 1, { kind: 'freeUnit' }), bought('2026-01-01', 3)],
    doses: SINCE_2026,
    unitsPerPackage: 30,
    today: '2026-03-31',
    expected: { daysCovered: 90, daysInPeriod: 90, coveredUntil: '2026-04-30', gapDays: 0, persistent: true },
  },
  {
    // Window Mar 2–31 holds no supply: no PDC; Jan 1's box covered Jan 1–30, gap Jan 31–Mar 31 = 60.
    name: 'only a supply older than the period: no PDC, but a gap',
    supplies: [bought('2026-01-01')],
    doses: SINCE_2026,
    unitsPerPackage: 30,
    today: '2026-03-31',
    periodDays: 30,
    expected: { daysCovered: 0, daysInPeriod: 0, coveredUntil: '2026-01-30', gapDays: 60, persistent: true },
  },
  {
    // Dec 20 is before the first dose period, Apr 1 after today: nothing counts.
    name: 'a supply before the treatment and one after today count nowhere',
    supplies: [bought('2025-12-20'), bought('2026-04-01')],
    doses: SINCE_2026,
    unitsPerPackage: 30,
    today: '2026-03-31',
    expected: { daysCovered: 0, daysInPeriod: 0, coveredUntil: null, gapDays: null, persistent: null },
  },
];

describe('adherenceOf, by hand', () => {
  it.each(ROWS)('$name', ({ supplies, doses, unitsPerPackage, today, periodDays, expected }) => {
    const measures = adherenceOf({ supplies, doses, unitsPerPackage, today, ...(periodDays ? { periodDays } : {}) });
    expect(measures).toMatchObject(expected);
    const pdc = expected.daysInPeriod === 0 ? null : expected.daysCovered / expected.daysInPeriod;
    expect(measures.pdc).toBe(pdc);
    expect(measures.adherent).toBe(pdc === null ? null : pdc >= ADHERENT_PDC);
  });

  it('counts supplies outside the period, and names the first and last', () => {
    const measures = adherenceOf({
      supplies: [bought('2026-01-01'), bought('2026-03-10'), bought('2026-03-20', 1, { reversed: true })],
      doses: SINCE_2026,
      unitsPerPackage: 30,
      today: '2026-03-31',
      periodDays: 30,
    });
    expect(measures).toMatchObject({ suppliesCounted: 2, firstSupplyOn: '2026-01-01', lastSupplyOn: '2026-03-10' });
  });
});

describe('daysSupplyOf', () => {
  it('is at least one day, and none without a unit count or a live dose', () => {
    const box = bought('2026-01-01');
    expect(daysSupplyOf(box, [from('2026-01-01', perDay('100'))], 30)).toBe(1);
    expect(daysSupplyOf(box, SINCE_2026, null)).toBeNull();
    expect(daysSupplyOf(box, [from('2026-01-01', null)], 30)).toBeNull();
    expect(daysSupplyOf(box, [from('2026-01-02', ONE_A_DAY)], 30)).toBeNull();
    expect(daysSupplyOf(box, [from('2026-01-01', { ...ONE_A_DAY, unitAmount: 'x' })], 30)).toBeNull();
  });

  it('stretches a cycle exactly: a month on, a month off doubles a box', () => {
    const monthOnMonthOff: Dose = {
      ...ONE_A_DAY,
      restTime: { amount: 1, interval: 'month' },
      duration: { amount: 1, interval: 'month' },
    };
    expect(daysSupplyOf(bought('2026-01-01'), [from('2026-01-01', monthOnMonthOff)], 30)).toBe(60);
  });
});

// Properties: one dose since well before any supply; supplies in 2026, today late in 2026.
const TODAY = '2026-12-31';
const DOSES = [from('2025-01-01', ONE_A_DAY)];
const supplyArb = fc.record({
  kind: fc.constantFrom<'purchase' | 'freeUnit'>('purchase', 'freeUnit'),
  day: fc.integer({ min: 0, max: 400 }),
  packages: fc.integer({ min: 1, max: 4 }),
  reversed: fc.boolean(),
});
const suppliesArb = fc.array(supplyArb, { maxLength: 12 }).map((list) =>
  list.map((item, index): AdherenceSupply => ({
    kind: item.kind,
    id: index + 1,
    on: addDays('2026-01-01', item.day),
    packages: item.packages,
    reversed: item.reversed,
  })),
);
const optionsArb = fc.record({
  periodDays: fc.integer({ min: 1, max: 400 }),
  allowedGapDays: fc.integer({ min: 0, max: 90 }),
});
const measure = (supplies: readonly AdherenceSupply[], options: { periodDays: number; allowedGapDays: number }) =>
  adherenceOf({ supplies, doses: DOSES, unitsPerPackage: 30, today: TODAY, ...options });

describe('adherenceOf, properties', () => {
  it('PDC is in [0, 1], and is daysCovered / daysInPeriod', () => {
    fc.assert(
      fc.property(suppliesArb, optionsArb, (supplies, options) => {
        const { pdc, daysCovered, daysInPeriod } = measure(supplies, options);
        if (pdc === null) return daysCovered === 0 && daysInPeriod === 0;
        return pdc >= 0 && pdc <= 1 && pdc === daysCovered / daysInPeriod && daysInPeriod <= options.periodDays;
      }),
    );
  });

  it('does not depend on the order in which supplies arrive', () => {
    fc.assert(
      fc.property(
        suppliesArb.chain((supplies) =>
          fc.tuple(fc.constant(supplies), fc.shuffledSubarray(supplies, { minLength: supplies.length })),
        ),
        optionsArb,
        ([supplies, shuffled], options) => {
          expect(measure(shuffled, options)).toEqual(measure(supplies, options));
        },
      ),
    );
  });

  it('a reversed supply is the same as an absent one', () => {
    fc.assert(
      fc.property(suppliesArb, optionsArb, (supplies, options) => {
        const kept = supplies.filter((supply) => !supply.reversed);
        expect(measure(supplies, options)).toEqual(measure(kept, options));
      }),
    );
  });

  it('one more supply never lowers daysCovered, nor the PDC when dated on or after the first supply inside the period', () => {
    fc.assert(
      fc.property(suppliesArb, supplyArb, optionsArb, (supplies, extra, options) => {
        const before = measure(supplies, options);
        const added: AdherenceSupply = {
          kind: extra.kind,
          id: supplies.length + 1,
          on: addDays('2026-01-01', extra.day),
          packages: extra.packages,
          reversed: false,
        };
        const after = measure([...supplies, added], options);
        expect(after.daysCovered).toBeGreaterThanOrEqual(before.daysCovered);
        const periodStart = before.daysInPeriod > 0 ? addDays(TODAY, 1 - before.daysInPeriod) : null;
        const windowStart = addDays(TODAY, 1 - options.periodDays);
        if (before.pdc !== null && periodStart !== null && (added.on >= periodStart || added.on < windowStart))
          expect(after.pdc!).toBeGreaterThanOrEqual(before.pdc);
      }),
    );
  });

  it('the gap is never negative, and a gap longer than allowed is never persistent', () => {
    fc.assert(
      fc.property(suppliesArb, optionsArb, (supplies, options) => {
        const { gapDays, persistent, coveredUntil } = measure(supplies, options);
        if (coveredUntil === null) return gapDays === null && persistent === null;
        return gapDays! >= 0 && (gapDays! <= options.allowedGapDays || persistent === false);
      }),
    );
  });
});
