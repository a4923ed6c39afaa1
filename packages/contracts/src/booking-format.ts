// How an appointment's time reads (decision 058), on the screens and in the e-mails: always in the appointment's own
// zone (the patient's country's), in the patient's language and that country's 12/24-hour habit, the day named in
// full for screen readers and eyes alike ("jueves, 3 de diciembre, 10:30 a. m."). Without zod.
import type { Language } from './enum-lists.ts';

/** The locale of a patient: their language as spoken in their country (es-CR, en-TT), for Intl's habits. */
export function localeOf(language: Language, country: string | undefined): string {
  return country ? `${language}-${country}` : language === 'es' ? 'es-419' : 'en-US';
}

export function formatDay(instant: string, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone }).format(
    new Date(instant),
  );
}

export function formatTime(instant: string, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(instant));
}

/** The day and the time in full: "jueves, 3 de diciembre, 10:30 a. m.". */
export function formatWhen(instant: string, timeZone: string, locale: string): string {
  return `${formatDay(instant, timeZone, locale)}, ${formatTime(instant, timeZone, locale)}`;
}
