// Each country's time zone, and "today" where the patient lives (decision 033). Without zod: the web's entry may
// import it (decision 021). A patient in Mexico at 19:00 is still on today's date although UTC is on tomorrow's.
import type { CountryCode } from './enums.ts';

/** The IANA zone of each country of COUNTRY_CODES (enums.ts); none of them observes daylight saving time today. */
export const COUNTRY_TIME_ZONES = {
  CR: 'America/Costa_Rica',
  MX: 'America/Mexico_City',
  PA: 'America/Panama',
  HN: 'America/Tegucigalpa',
  GT: 'America/Guatemala',
  DO: 'America/Santo_Domingo',
  SV: 'America/El_Salvador',
  TT: 'America/Port_of_Spain',
} as const satisfies Record<CountryCode, string>;

// Building a formatter costs far more than using one: one per zone, built on first use.
const formattersByZone = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formattersByZone.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    formattersByZone.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar date (YYYY-MM-DD) at `now` in the country's zone: the patient's "today". */
export function todayInCountry(country: CountryCode, now: Date = new Date()): string {
  const timeZone: string | undefined = COUNTRY_TIME_ZONES[country];
  // Without a zone Intl would fall back to the machine's own, silently: an unknown country is a programming error.
  if (!timeZone) throw new Error(`no time zone for country ${String(country)}`);
  const parts = formatterOf(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}
