import { describe, expect, it } from 'vitest';
import type { BookingBlock, BookingPlace } from './booking-block.ts';
import { bookableDays, bookableSlots, checkSlot, isBeforeCutoff, slotsOfDay } from './booking-schedule.ts';
import { COUNTRY_CODES, type CountryCode } from './enums.ts';

// The oracle, written apart from the code under test: each zone's UTC offset in hours (none observes daylight saving).
const UTC_OFFSET_HOURS: Record<CountryCode, number> = {
  CR: -6,
  MX: -6,
  PA: -5,
  HN: -6,
  GT: -6,
  DO: -4,
  SV: -6,
  TT: -4,
};

/** The instant of a wall-clock time in the country, from the oracle's offset. */
function instantIn(country: CountryCode, date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1, day, hour - UTC_OFFSET_HOURS[country], minute));
}

function scheduleIn(country: CountryCode): { block: BookingBlock; place: BookingPlace } {
  const place: BookingPlace = {
    id: `video-${country.toLowerCase()}`,
    country,
    kind: 'video',
    hours: [
      { days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '08:00', to: '12:00' },
      { days: ['mon', 'wed'], from: '14:00', to: '16:00' },
      { days: ['sat'], from: '09:00', to: '11:00' },
    ],
  };
  return {
    place,
    block: {
      slotMinutes: 30,
      capacity: 2,
      horizonDays: 10,
      minimumNoticeHours: 24,
      cancellationCutoffHours: 12,
      places: [place],
      // 1 December, a Tuesday: a holiday just after the month's end.
      closedDates: { [country]: ['2026-12-01'] },
    },
  };
}

describe.each(COUNTRY_CODES)('the slots of a service in %s', (country) => {
  const { block, place } = scheduleIn(country);
  // Friday 27 November 2026, 19:00 in the country (the next day already in UTC for most zones).
  const evening = instantIn(country, '2026-11-27', '19:00');

  it("counts days from today in the country's zone, not UTC's", () => {
    expect(evening.toISOString().slice(0, 10)).not.toBe('2026-11-26');
    expect(bookableDays(block, place, evening)).toEqual({ first: '2026-11-27', last: '2026-12-07' });
  });

  it('lays the slots of a day on the opening hours, in local time', () => {
    const monday = slotsOfDay(block, place, '2026-11-30');
    expect(monday.map((slot) => slot.time)).toEqual([
      ...['08:00', '08:30', '09:00', '09:30', '10:00', '10:30', '11:00', '11:30'],
      ...['14:00', '14:30', '15:00', '15:30'],
    ]);
    expect(monday[0]).toEqual({
      startsAt: instantIn(country, '2026-11-30', '08:00').toISOString(),
      endsAt: instantIn(country, '2026-11-30', '08:30').toISOString(),
      date: '2026-11-30',
      time: '08:00',
    });
    expect(slotsOfDay(block, place, '2026-12-02').at(-1)?.endsAt).toBe(
      instantIn(country, '2026-12-02', '16:00').toISOString(),
    );
  });

  it('offers nothing on the holiday after the month ends, nor on a day without hours', () => {
    expect(slotsOfDay(block, place, '2026-12-01')).toEqual([]);
    expect(slotsOfDay(block, place, '2026-11-29')).toEqual([]);
    expect(checkSlot(block, place, evening, instantIn(country, '2026-12-01', '09:00'))).toEqual({
      refusal: 'BOOKING_CLOSED_DAY',
    });
    expect(checkSlot(block, place, evening, instantIn(country, '2026-11-29', '09:00'))).toEqual({
      refusal: 'BOOKING_CLOSED_DAY',
    });
  });

  it('keeps the minimum notice: nothing before the same time tomorrow', () => {
    const morning = instantIn(country, '2026-11-27', '09:10');
    const slots = bookableSlots(block, place, morning, { to: '2026-11-28' });
    expect(slots.map((slot) => `${slot.date} ${slot.time}`)).toEqual([
      '2026-11-28 09:30',
      '2026-11-28 10:00',
      '2026-11-28 10:30',
    ]);
    expect(checkSlot(block, place, morning, instantIn(country, '2026-11-28', '09:00'))).toEqual({
      refusal: 'BOOKING_INSIDE_NOTICE',
    });
    expect(checkSlot(block, place, morning, instantIn(country, '2026-11-28', '09:30'))).toMatchObject({
      slot: { date: '2026-11-28', time: '09:30' },
    });
  });

  it('keeps the horizon: from today to ten days later, never the past', () => {
    const slots = bookableSlots(block, place, evening);
    // Friday evening plus 24 hours is past Saturday's hours; Sunday has none: Monday, the last of the month, is first.
    expect(slots[0]).toMatchObject({ date: '2026-11-30', time: '08:00' });
    expect(slots.at(-1)).toMatchObject({ date: '2026-12-07', time: '15:30' });
    expect(checkSlot(block, place, evening, instantIn(country, '2026-12-07', '08:00'))).toHaveProperty('slot');
    expect(checkSlot(block, place, evening, instantIn(country, '2026-12-08', '08:00'))).toEqual({
      refusal: 'BOOKING_OUTSIDE_HORIZON',
    });
    expect(checkSlot(block, place, evening, instantIn(country, '2026-11-26', '08:00'))).toEqual({
      refusal: 'BOOKING_OUTSIDE_HORIZON',
    });
  });

  it('refuses a time that is not a slot of the opening hours', () => {
    for (const time of ['07:30', '08:15', '12:00', '13:30', '16:00'])
      expect(checkSlot(block, place, evening, instantIn(country, '2026-11-30', time))).toEqual({
        refusal: 'BOOKING_OUTSIDE_HOURS',
      });
  });

  it('lets a booking change until its cut-off, twelve hours before it starts', () => {
    const startsAt = instantIn(country, '2026-11-30', '08:00');
    expect(isBeforeCutoff(block, place, instantIn(country, '2026-11-29', '19:59'), startsAt)).toBe(true);
    expect(isBeforeCutoff(block, place, instantIn(country, '2026-11-29', '20:00'), startsAt)).toBe(false);
  });
});
