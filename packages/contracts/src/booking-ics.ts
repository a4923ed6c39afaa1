// An appointment as an iCalendar file (RFC 5545), for the screen's "add to calendar" and the booking e-mails (decision
// 058): the UID stays across moves, SEQUENCE rises with each change, the time is given in the appointment's own zone
// (TZID, with its VTIMEZONE: none of the portal's zones observes daylight saving time), METHOD says what the file does.
// Without zod.
import { fromDate } from '@internationalized/date';
import { icsFile, icsLocalStamp, icsText as text, icsUtcStamp as utcStamp } from './ics.ts';

export interface IcsAppointment {
  calendarUid: string;
  sequence: number;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  summary: string;
  location: string;
  description: string;
  /** The organiser's address (the program's support e-mail). */
  organizerEmail: string;
  organizerName: string;
}

/** PUBLISH: a file to add (download); REQUEST: an invitation (booked or moved); CANCEL: the appointment is off. */
export type IcsMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL';

/** The wall-clock time of an instant in the zone, as iCalendar's local form (20261203T103000). */
function localStamp(instant: string, timeZone: string): string {
  return icsLocalStamp(fromDate(new Date(instant), timeZone));
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The zone's offset at the instant, as iCalendar writes it (-0600). */
function offsetOf(instant: string, timeZone: string): string {
  const minutes = Math.round(fromDate(new Date(instant), timeZone).offset / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  return `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;
}

/** The appointment as an .ics file's text (CRLF line ends). */
export function appointmentIcs(appointment: IcsAppointment, method: IcsMethod, now: Date): string {
  const { timeZone } = appointment;
  const offset = offsetOf(appointment.startsAt, timeZone);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Portal//Booking//ES',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:${appointment.calendarUid}`,
    `SEQUENCE:${appointment.sequence}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART;TZID=${timeZone}:${localStamp(appointment.startsAt, timeZone)}`,
    `DTEND;TZID=${timeZone}:${localStamp(appointment.endsAt, timeZone)}`,
    `SUMMARY:${text(appointment.summary)}`,
    `LOCATION:${text(appointment.location)}`,
    `DESCRIPTION:${text(appointment.description)}`,
    `ORGANIZER;CN=${text(appointment.organizerName)}:mailto:${appointment.organizerEmail}`,
    `STATUS:${method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return icsFile(lines);
}
