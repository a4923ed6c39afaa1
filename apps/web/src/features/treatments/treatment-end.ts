// When a treatment's length runs out, and whether it has, on the patient's calendar (the country's "today", not the
// browser's or UTC's: decision 033).
import type { CountryCode } from '@portal/contracts/enums';
import { todayInCountry } from '@portal/contracts/time-zones';
import type { TreatmentView } from '@portal/contracts/treatments';

/** The day a treatment's length runs out (start + duration), YYYY-MM-DD; null before it has started. */
export function treatmentEnd(item: Pick<TreatmentView, 'startDate' | 'duration'>): string | null {
  if (!item.startDate) return null;
  const end = new Date(`${item.startDate}T00:00:00Z`);
  const { amount, interval } = item.duration;
  if (interval === 'day') end.setUTCDate(end.getUTCDate() + amount);
  else if (interval === 'week') end.setUTCDate(end.getUTCDate() + amount * 7);
  else if (interval === 'month') end.setUTCMonth(end.getUTCMonth() + amount);
  else end.setUTCFullYear(end.getUTCFullYear() + amount);
  return end.toISOString().slice(0, 10);
}

export type TreatmentTime = { kind: 'notStarted' } | { kind: 'running'; until: string } | { kind: 'ended'; on: string };

/** Where a treatment stands on `today` (YYYY-MM-DD): "until {end}" runs through that day, and is over after it. */
export function treatmentTime(item: Pick<TreatmentView, 'startDate' | 'duration'>, today: string): TreatmentTime {
  const end = treatmentEnd(item);
  if (!end) return { kind: 'notStarted' };
  return end < today ? { kind: 'ended', on: end } : { kind: 'running', until: end };
}

/** The patient's today: their country's, or the program's default country's while the profile loads. */
export function patientToday(country: CountryCode | undefined, fallback: CountryCode, now: Date = new Date()): string {
  return todayInCountry(country ?? fallback, now);
}
