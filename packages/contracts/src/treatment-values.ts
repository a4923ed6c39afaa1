// The pieces of a treatment that the patient's fields and the treatments' contract share, apart from patient-fields.ts:
// a screen that shows treatments (the home, decision 052) does not load the fields' code (its phone numbers' data).
import { z } from 'zod';

/** Age in whole years on `today` of a person born on `birthDate` (both YYYY-MM-DD). */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** The number a unit amount text stands for; 0 when it is not a finite number. */
export function parseUnitAmount(text: string): number {
  const parsed = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(parsed) ? parsed : 0;
}

export const HealthCenterTypeSchema = z.enum(['PUBLIC', 'PRIVATE'], { error: 'signup.healthCenter.type.required' });
