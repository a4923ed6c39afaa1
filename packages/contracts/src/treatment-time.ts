// When a treatment's length runs out, and where it stands on the patient's day (decision 033: the country's "today",
// not the browser's or UTC's). One definition for the screens (treatments, the home) and the API's refill estimate,
// which gives none for a treatment that has ended (issue 38). Without zod: the web may import it.

/** What a treatment says of its time: its first day (YYYY-MM-DD, null before it has started) and its length. */
export interface TreatmentSpan {
  startDate: string | null;
  duration: { amount: number; interval: string };
}

/** The day a treatment's length runs out (start + duration), YYYY-MM-DD; null before it has started. */
export function treatmentEnd(item: TreatmentSpan): string | null {
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
export function treatmentTime(item: TreatmentSpan, today: string): TreatmentTime {
  const end = treatmentEnd(item);
  if (!end) return { kind: 'notStarted' };
  return end < today ? { kind: 'ended', on: end } : { kind: 'running', until: end };
}
