import { describe, expect, it } from 'vitest';
import { coarseTimeAgo, formatDate, formatDateInWords, formatMoney } from './format.ts';

describe('formatting', () => {
  it('shows money with two decimals', () => {
    expect(formatMoney(1234.5, 'en')).toBe('1,234.50');
    expect(formatMoney(3, 'es')).toMatch(/^3[.,]00$/);
    expect(formatMoney(10.005, 'en', 'USD')).toBe('$10.01');
  });

  it('shows dates as mm/dd/yyyy without time-zone shifts', () => {
    expect(formatDate('1980-02-03')).toBe('02/03/1980');
    expect(formatDate('2026-12-31T23:59:59Z'.slice(0, 10))).toBe('12/31/2026');
    expect(formatDate(new Date(2026, 0, 5))).toBe('01/05/2026');
  });

  it('says a date in words, so 03/12 is never read as 12 March by mistake', () => {
    expect(formatDateInWords('1985-03-12', 'es')).toBe('12 de marzo de 1985');
    expect(formatDateInWords('1985-03-12', 'en')).toBe('March 12, 1985');
    expect(formatDateInWords('1985-02-30', 'es')).toBe('');
    expect(formatDateInWords('incomplete', 'en')).toBe('');
  });

  it('says how long ago coarsely: now, whole minutes, hours, days, never in the future', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const ago = (ms: number) => coarseTimeAgo(new Date(now.getTime() - ms), now);
    expect(ago(0)).toEqual({ value: 0, unit: 'second' });
    expect(ago(59_999)).toEqual({ value: 0, unit: 'second' });
    expect(ago(-30_000)).toEqual({ value: 0, unit: 'second' });
    expect(ago(60_000)).toEqual({ value: -1, unit: 'minute' });
    expect(ago(59 * 60_000 + 59_000)).toEqual({ value: -59, unit: 'minute' });
    expect(ago(2 * 3_600_000 + 5 * 60_000)).toEqual({ value: -2, unit: 'hour' });
    expect(ago(3 * 86_400_000 + 3_600_000)).toEqual({ value: -3, unit: 'day' });
    expect(coarseTimeAgo('2026-11-21T11:55:00.000Z', now)).toEqual({ value: -5, unit: 'minute' });
  });
});
