import { describe, expect, it } from 'vitest';
import { treatmentTime } from '@portal/contracts/treatment-time';
import { patientToday } from './treatment-end.ts';

const month = { startDate: '2026-06-15', duration: { amount: 1, interval: 'month' as const } };

describe("the patient's today", () => {
  it("counts days on the patient's calendar: 19:00 in Mexico City is still the day before in UTC terms", () => {
    const now = new Date('2026-07-16T01:00:00Z');
    expect(patientToday('MX', 'CR', now)).toBe('2026-07-15');
    expect(treatmentTime(month, patientToday('MX', 'CR', now)).kind).toBe('running');
    expect(patientToday(undefined, 'PA', now)).toBe('2026-07-15');
  });
});
