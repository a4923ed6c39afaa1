// The patient's "today" on their country's calendar (decision 033), for where a treatment stands
// (`@portal/contracts/treatment-time`, one definition with the API's refill estimate).
import type { CountryCode } from '@portal/contracts/enums';
import { todayInCountry } from '@portal/contracts/time-zones';

/** The patient's today: their country's, or the program's default country's while the profile loads. */
export function patientToday(country: CountryCode | undefined, fallback: CountryCode, now: Date = new Date()): string {
  return todayInCountry(country ?? fallback, now);
}
