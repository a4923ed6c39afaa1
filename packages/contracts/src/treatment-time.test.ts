import { describe, expect, it } from 'vitest';
import { treatmentEnd, treatmentTime } from './treatment-time.ts';

const month = { startDate: '2026-06-15', duration: { amount: 1, interval: 'month' as const } };

describe('treatment end', () => {
  it('adds the length to the start', () => {
    expect(treatmentEnd(month)).toBe('2026-07-15');
    expect(treatmentEnd({ startDate: '2026-01-01', duration: { amount: 2, interval: 'week' } })).toBe('2026-01-15');
    expect(treatmentEnd({ startDate: '2026-01-01', duration: { amount: 1, interval: 'year' } })).toBe('2027-01-01');
    expect(treatmentEnd({ startDate: null, duration: { amount: 2, interval: 'week' } })).toBeNull();
  });

  it('runs through its end day and has ended the day after', () => {
    expect(treatmentTime(month, '2026-07-15')).toEqual({ kind: 'running', until: '2026-07-15' });
    expect(treatmentTime(month, '2026-07-16')).toEqual({ kind: 'ended', on: '2026-07-15' });
    expect(treatmentTime(month, '2026-11-25')).toEqual({ kind: 'ended', on: '2026-07-15' });
    expect(treatmentTime({ ...month, startDate: null }, '2026-11-25')).toEqual({ kind: 'notStarted' });
  });
});
