import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, type CountryCode } from './enums.ts';
import { COUNTRY_TIME_ZONES, todayInCountry } from './time-zones.ts';

describe('todayInCountry', () => {
  it('gives every country a zone the runtime knows', () => {
    for (const country of COUNTRY_CODES) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: COUNTRY_TIME_ZONES[country] })).not.toThrow();
    }
  });

  it('keeps Mexico on today at 19:00 local time, when UTC is already on tomorrow', () => {
    // 19:00 in Mexico City (UTC-6) on 20 November is 01:00 UTC on the 21st.
    const now = new Date('2026-11-21T01:00:00Z');
    expect(now.toISOString().slice(0, 10)).toBe('2026-11-21');
    expect(todayInCountry('MX', now)).toBe('2026-11-20');
  });

  it('turns to the next day at local midnight, not at UTC midnight', () => {
    expect(todayInCountry('MX', new Date('2026-11-21T05:59:59Z'))).toBe('2026-11-20');
    expect(todayInCountry('MX', new Date('2026-11-21T06:00:00Z'))).toBe('2026-11-21');
    // Trinidad and Tobago and the Dominican Republic are UTC-4.
    expect(todayInCountry('TT', new Date('2026-11-21T03:59:59Z'))).toBe('2026-11-20');
    expect(todayInCountry('DO', new Date('2026-11-21T04:00:00Z'))).toBe('2026-11-21');
  });

  it('agrees with UTC for every country at the test clock (noon UTC), so fixed-clock tests keep their dates', () => {
    for (const country of COUNTRY_CODES)
      expect(todayInCountry(country, new Date('2026-11-21T12:00:00Z'))).toBe('2026-11-21');
  });

  it('pads months and days, and crosses a year', () => {
    expect(todayInCountry('CR', new Date('2027-01-01T05:00:00Z'))).toBe('2026-12-31');
    expect(todayInCountry('CR', new Date('2027-01-01T06:00:00Z'))).toBe('2027-01-01');
    expect(todayInCountry('PA', new Date('2027-03-05T12:00:00Z'))).toBe('2027-03-05');
  });

  it("refuses a country without a zone rather than using the machine's", () => {
    expect(() => todayInCountry('XX' as CountryCode, new Date())).toThrow(/no time zone/);
  });
});
