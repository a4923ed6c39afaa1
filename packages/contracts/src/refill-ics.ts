// A medicine's refill reminder as an iCalendar file (decision 061), for the home's "add a reminder to my calendar" and
// the reminder e-mail: an all-day event on the last day the supply should last, with two alarms at REFILL_REMINDER_HOUR
// (REFILL_REMINDER_DAYS_BEFORE days before, when there is still time to buy, and on the day itself). All-day dates
// and alarms relative to the day's start are "floating" in RFC 5545: the device's own day and hour, which is the
// patient's. One UID per plan and product; SEQUENCE rises with each supply, so a newer file moves the event. Without zod.
import { icsDate, icsFile, icsText, icsUtcStamp } from './ics.ts';
import { addDays, REFILL_REMINDER_DAYS_BEFORE, REFILL_REMINDER_HOUR } from './refill.ts';

export interface IcsRefill {
  calendarUid: string;
  sequence: number;
  /** YYYY-MM-DD: the last day the supply should last. */
  lastsUntil: string;
  /** "Buy Migralen 50 mg (Alivio)", in the patient's language. */
  summary: string;
  description: string;
}

/** The refill reminder as an .ics file's text (METHOD:PUBLISH: a file to add, not an invitation; CRLF line ends). */
export function refillIcs(refill: IcsRefill, now: Date): string {
  const alarm = (trigger: string) => [
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${icsText(refill.summary)}`,
    `TRIGGER:${trigger}`,
    'END:VALARM',
  ];
  return icsFile([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Portal//Refill//ES',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${refill.calendarUid}`,
    `SEQUENCE:${refill.sequence}`,
    `DTSTAMP:${icsUtcStamp(now)}`,
    `DTSTART;VALUE=DATE:${icsDate(refill.lastsUntil)}`,
    `DTEND;VALUE=DATE:${icsDate(addDays(refill.lastsUntil, 1))}`,
    `SUMMARY:${icsText(refill.summary)}`,
    `DESCRIPTION:${icsText(refill.description)}`,
    // A reminder, not a busy day.
    'TRANSP:TRANSPARENT',
    ...alarm(`-PT${REFILL_REMINDER_DAYS_BEFORE * 24 - REFILL_REMINDER_HOUR}H`),
    ...alarm(`PT${REFILL_REMINDER_HOUR}H`),
    'END:VEVENT',
    'END:VCALENDAR',
  ]);
}
