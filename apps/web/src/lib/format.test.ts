import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from './format.ts';

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
});
