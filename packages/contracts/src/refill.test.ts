// The refill estimate (decision 061): examples of each rule, then its properties over any dose and supplies
// (fast-check): laid end to end, never earlier for one more box, a reversed supply changes nothing, the order of the
// supplies changes nothing, and no estimate where the treatment gives no daily use.
import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dailyUseOf,
  dayNumberOf,
  estimateRefill,
  REFILL_REMINDER_DAYS_BEFORE,
  refillCalendarUid,
  type RefillDose,
  type RefillSupply,
} from './refill.ts';
import { refillIcs } from './refill-ics.ts';

const DAILY: RefillDose = {
  unitAmount: '1',
  frequency: { amount: 1, interval: 'day' },
  restTime: null,
  startDate: '2026-01-15',
  duration: { amount: 5, interval: 'year' },
};
/** A day within every example's treatment. */
const TODAY = '2026-11-28';
let ids = 0;
const bought = (on: string, packages = 1, extra: Partial<RefillSupply> = {}): RefillSupply => ({
  kind: 'purchase',
  id: (ids += 1),
  on,
  packages,
  reversed: false,
  ...extra,
});
const lastsUntil = (dose: RefillDose, unitsPerPackage: number | null, supplies: RefillSupply[]) => {
  const estimate = estimateRefill({ today: TODAY, dose, unitsPerPackage, supplies });
  return estimate.kind === 'estimate' ? estimate.lastsUntil : estimate.reason;
};

describe('the refill estimate, by example', () => {
  it('lasts a box of 30 tablets at one a day from the day it was bought to the 30th day, and reminds 3 days before', () => {
    const purchase = bought('2026-11-01');
    expect(estimateRefill({ today: TODAY, dose: DAILY, unitsPerPackage: 30, supplies: [purchase] })).toEqual({
      kind: 'estimate',
      lastsUntil: '2026-11-30',
      remindOn: '2026-11-27',
      basedOn: { kind: 'purchase', id: purchase.id },
      suppliesCounted: 1,
    });
    expect(REFILL_REMINDER_DAYS_BEFORE).toBe(3);
  });

  it('reads the dose and the frequency: two tablets twice a day, one injection a week, a pen of 300 IU at 20 IU a day', () => {
    expect(
      lastsUntil({ ...DAILY, unitAmount: '2', frequency: { amount: 2, interval: 'day' } }, 60, [bought('2026-11-01')]),
    ).toBe('2026-11-15');
    // One auto-injector a week: bought on a Monday, the next is due the Monday after.
    expect(lastsUntil({ ...DAILY, frequency: { amount: 1, interval: 'week' } }, 1, [bought('2026-11-02', 2)])).toBe(
      '2026-11-15',
    );
    expect(lastsUntil({ ...DAILY, unitAmount: '20.00' }, 300, [bought('2026-11-01')])).toBe('2026-11-15');
    // Half a tablet a day, written with a comma as the sign-up allows: a box of 14 lasts 28 days.
    expect(lastsUntil({ ...DAILY, unitAmount: '0,5' }, 14, [bought('2026-11-01')])).toBe('2026-11-28');
    // Four doses a month: a pen of 4 doses lasts a month (the Gregorian average month, 30.44 days).
    expect(lastsUntil({ ...DAILY, frequency: { amount: 4, interval: 'month' } }, 4, [bought('2026-11-01')])).toBe(
      '2026-11-30',
    );
  });

  it('adds several purchases end to end: a box bought before the last ran out starts where it ends', () => {
    // 30 + 30 tablets, the second bought on day 20: it lasts from 12/01 to 12/30.
    expect(lastsUntil(DAILY, 30, [bought('2026-11-01'), bought('2026-11-20')])).toBe('2026-12-30');
    // Two boxes in one purchase are the same as two purchases that day.
    expect(lastsUntil(DAILY, 30, [bought('2026-11-01', 2)])).toBe('2026-12-30');
    // A box bought after a gap starts on its own day: the days without medicine are not carried.
    expect(lastsUntil(DAILY, 30, [bought('2026-06-01'), bought('2026-11-01')])).toBe('2026-11-30');
  });

  it('counts a free unit of the 4+1 as a box, and a reversed purchase or redemption as nothing', () => {
    const free = bought('2026-11-20', 1, { kind: 'freeUnit' });
    const estimate = estimateRefill({
      today: TODAY,
      dose: DAILY,
      unitsPerPackage: 30,
      supplies: [bought('2026-11-01'), free],
    });
    expect(estimate).toMatchObject({ lastsUntil: '2026-12-30', basedOn: { kind: 'freeUnit', id: free.id } });
    const mistaken = bought('2026-11-20', 3, { reversed: true });
    expect(
      estimateRefill({ today: TODAY, dose: DAILY, unitsPerPackage: 30, supplies: [bought('2026-11-01'), mistaken] }),
    ).toMatchObject({ lastsUntil: '2026-11-30', suppliesCounted: 1 });
    expect(lastsUntil(DAILY, 30, [mistaken])).toBe('noSupply');
  });

  it('gives none for a treatment that has ended: "ended on 07/15" and "should last until 03/12/2027" never together', () => {
    const sixMonths = { ...DAILY, startDate: '2026-01-15', duration: { amount: 6, interval: 'month' } };
    const box = [bought('2026-06-01', 10)];
    const on = (today: string) => estimateRefill({ today, dose: sixMonths, unitsPerPackage: 30, supplies: box });
    // Its last day (07/15) still has one; the day after, none.
    expect(on('2026-07-15')).toMatchObject({ kind: 'estimate' });
    expect(on('2026-07-16')).toEqual({ kind: 'none', reason: 'ended' });
    expect(on('2026-11-28')).toEqual({ kind: 'none', reason: 'ended' });
  });

  it('starts no earlier than the treatment: a box bought before the start lasts from the start', () => {
    expect(lastsUntil({ ...DAILY, startDate: '2026-11-10' }, 30, [bought('2026-11-01')])).toBe('2026-12-09');
  });

  it('gives no estimate, never a wrong one, where the treatment gives no daily use', () => {
    const box = [bought('2026-11-01')];
    expect(lastsUntil({ ...DAILY, unitAmount: '0' }, 30, box)).toBe('noDailyUse');
    expect(lastsUntil({ ...DAILY, unitAmount: 'una' }, 30, box)).toBe('noDailyUse');
    expect(lastsUntil({ ...DAILY, unitAmount: '' }, 30, box)).toBe('noDailyUse');
    expect(lastsUntil({ ...DAILY, frequency: { amount: 0, interval: 'day' } }, 30, box)).toBe('noDailyUse');
    expect(lastsUntil({ ...DAILY, frequency: { amount: 1, interval: 'fortnight' } }, 30, box)).toBe('noDailyUse');
    // Three weeks on and one of rest: the use is not steady, and where in the cycle the patient is, nobody knows.
    expect(lastsUntil({ ...DAILY, restTime: { amount: 1, interval: 'week' } }, 30, box)).toBe('noDailyUse');
    expect(lastsUntil({ ...DAILY, startDate: null }, 30, box)).toBe('notStarted');
    expect(lastsUntil(DAILY, null, box)).toBe('noUnitCount');
    expect(lastsUntil(DAILY, 30, [])).toBe('noSupply');
    expect(dailyUseOf({ ...DAILY, unitAmount: '1.5', frequency: { amount: 2, interval: 'day' } })?.unitsPerDay).toBe(3);
  });

  it('writes the reminder as an all-day event that ical.js reads, with its alarms at 9:00', () => {
    const uid = refillCalendarUid('alivio', 12, 1101);
    const text = refillIcs(
      {
        calendarUid: uid,
        sequence: 2,
        lastsUntil: '2026-12-03',
        summary: 'Comprar Migralen 50 mg; Alivio',
        description: 'Su Migralen 50 mg debería alcanzarle hasta el 12/03/2026.',
      },
      new Date('2026-11-27T12:00:00Z'),
    );
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe(uid);
    expect(event.sequence).toBe(2);
    expect(event.summary).toBe('Comprar Migralen 50 mg; Alivio');
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe('2026-12-03');
    expect(event.endDate.toString()).toBe('2026-12-04');
    const triggers = event.component
      .getAllSubcomponents('valarm')
      .map(
        (alarm) => (alarm.getFirstPropertyValue('trigger') as InstanceType<typeof ICAL.Duration>).toSeconds() / 3600,
      );
    // 9:00 three days before (-72 h + 9 h), and 9:00 on the day.
    expect(triggers).toEqual([-63, 9]);
    expect(text.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Properties

const dayArb = fc.integer({ min: 0, max: 360 }).map((offset) => addDays('2026-01-01', offset));
const supplyArb = fc.record({
  kind: fc.constantFrom('purchase' as const, 'freeUnit' as const),
  id: fc.integer({ min: 1, max: 1_000_000 }),
  on: dayArb,
  packages: fc.integer({ min: 1, max: 6 }),
  reversed: fc.boolean(),
});
const suppliesArb = fc.uniqueArray(supplyArb, { maxLength: 8, selector: (supply) => `${supply.kind}${supply.id}` });
const doseArb = fc.record({
  unitAmount: fc.oneof(fc.integer({ min: 1, max: 4 }).map(String), fc.constantFrom('0.5', '1.5', '2,5', '20.00', '80')),
  frequency: fc.record({
    amount: fc.integer({ min: 1, max: 6 }),
    interval: fc.constantFrom('day', 'week', 'month', 'year'),
  }),
  restTime: fc.constant(null),
  startDate: fc.integer({ min: 0, max: 200 }).map((offset) => addDays('2025-12-01', offset)),
  duration: fc.constant({ amount: 5, interval: 'year' }),
});
const unitsArb = fc.integer({ min: 1, max: 300 });

describe('the refill estimate, for any dose and supplies', () => {
  it('answers the same whatever the order of the supplies', () => {
    fc.assert(
      fc.property(doseArb, unitsArb, suppliesArb, fc.integer(), (dose, units, supplies, seed) => {
        const shuffled = [...supplies].sort((a, b) => ((a.id * 31 + seed) % 7) - ((b.id * 31 + seed) % 7));
        expect(estimateRefill({ today: TODAY, dose, unitsPerPackage: units, supplies: shuffled })).toEqual(
          estimateRefill({ today: TODAY, dose, unitsPerPackage: units, supplies }),
        );
      }),
    );
  });

  it('ignores reversed supplies entirely', () => {
    fc.assert(
      fc.property(doseArb, unitsArb, suppliesArb, (dose, units, supplies) => {
        const kept = supplies.filter((supply) => !supply.reversed);
        expect(estimateRefill({ today: TODAY, dose, unitsPerPackage: units, supplies })).toEqual(
          estimateRefill({ today: TODAY, dose, unitsPerPackage: units, supplies: kept }),
        );
      }),
    );
  });

  it('never moves the date earlier for one more box, and never later than all the boxes from the first day', () => {
    fc.assert(
      fc.property(doseArb, unitsArb, suppliesArb, supplyArb, (dose, units, supplies, extra) => {
        const more = { ...extra, id: 2_000_000, reversed: false };
        const before = estimateRefill({ today: TODAY, dose, unitsPerPackage: units, supplies });
        const after = estimateRefill({ today: TODAY, dose, unitsPerPackage: units, supplies: [...supplies, more] });
        expect(after.kind).toBe('estimate');
        if (after.kind !== 'estimate') return;
        if (before.kind === 'estimate') expect(after.lastsUntil >= before.lastsUntil).toBe(true);
        // Never before the newest supply's day; never past every unit taken from the newest supply's day (or the start).
        const counted = [...supplies, more].filter((supply) => !supply.reversed);
        const newest = counted
          .map((supply) => supply.on)
          .sort()
          .at(-1)!;
        expect(after.lastsUntil >= newest).toBe(true);
        const totalUnits = counted.reduce((sum, supply) => sum + supply.packages * units, 0);
        const days = totalUnits / dailyUseOf(dose)!.unitsPerDay;
        const latest = Math.max(dayNumberOf(newest), dayNumberOf(dose.startDate)) + Math.ceil(days);
        expect(dayNumberOf(after.lastsUntil)).toBeLessThanOrEqual(latest);
        expect(after.remindOn).toBe(addDays(after.lastsUntil, -REFILL_REMINDER_DAYS_BEFORE));
      }),
    );
  });

  it('lasts exactly the boxes over the daily use when bought in one go on a day of the treatment', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 4 }),
        unitsArb,
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 300 }),
        (perDose, timesPerDay, units, packages, offset) => {
          const on = addDays('2026-01-01', offset);
          const dose = {
            ...DAILY,
            unitAmount: String(perDose),
            frequency: { amount: timesPerDay, interval: 'day' },
            startDate: '2026-01-01',
          };
          const days = Math.floor((packages * units) / (perDose * timesPerDay));
          const expected = addDays(on, Math.max(days - 1, 0));
          expect(lastsUntil(dose, units, [bought(on, packages)])).toBe(expected);
        },
      ),
    );
  });

  it('has no estimate for a rest between cycles or a dose that is not a positive amount, whatever was bought', () => {
    fc.assert(
      fc.property(
        doseArb,
        unitsArb,
        suppliesArb,
        fc.oneof(
          fc.record({ restTime: fc.record({ amount: fc.integer({ min: 1, max: 9 }), interval: fc.constant('week') }) }),
          fc.record({ unitAmount: fc.constantFrom('0', '0.00', '-1', 'abc', '1.234', '') }),
        ),
        (dose, units, supplies, change) => {
          expect(
            estimateRefill({ today: TODAY, dose: { ...dose, ...change }, unitsPerPackage: units, supplies }),
          ).toEqual({
            kind: 'none',
            reason: 'noDailyUse',
          });
        },
      ),
    );
  });
});
