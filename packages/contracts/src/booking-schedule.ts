// The slots of a bookable service (decision 058), pure: computed from the service's booking block in the IANA zone of
// the place's country (which is the patient's: a patient is offered the places of their own country), with
// @internationalized/date, never by adding hours to a UTC time by hand. The server alone decides what is bookable;
// the same rules answer "why not" with the refusal's error code. Without zod (type imports only).
import type { CalendarDate } from '@internationalized/date';
import {
  CalendarDateTime,
  fromDate,
  getDayOfWeek,
  parseDate,
  toCalendarDate,
  toZoned,
  type ZonedDateTime,
} from '@internationalized/date';
import type { BookingBlock, BookingPlace, Weekday } from './booking-block.ts';
import { COUNTRY_TIME_ZONES } from './time-zones.ts';

/** One slot: its instants (ISO, UTC) and what the patient's clock says (date YYYY-MM-DD, time HH:mm). */
export interface ScheduleSlot {
  startsAt: string;
  endsAt: string;
  date: string;
  time: string;
}

/** Why a slot cannot be booked: each is its own code of the error catalogue (errors.ts). */
export type ScheduleRefusal =
  'BOOKING_OUTSIDE_HORIZON' | 'BOOKING_INSIDE_NOTICE' | 'BOOKING_CLOSED_DAY' | 'BOOKING_OUTSIDE_HOURS';

// getDayOfWeek counts from the locale's first day: en-US weeks start on Sunday.
const WEEKDAYS_FROM_SUNDAY: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

export function timeZoneOfPlace(place: Pick<BookingPlace, 'country'>): string {
  return COUNTRY_TIME_ZONES[place.country];
}

function weekdayOf(date: CalendarDate): Weekday {
  return WEEKDAYS_FROM_SUNDAY[getDayOfWeek(date, 'en-US')]!;
}

const pad = (value: number) => String(value).padStart(2, '0');
const clockOf = (value: { hour: number; minute: number }) => `${pad(value.hour)}:${pad(value.minute)}`;

function atClock(date: CalendarDate, time: string): CalendarDateTime {
  return new CalendarDateTime(date.year, date.month, date.day, Number(time.slice(0, 2)), Number(time.slice(3, 5)));
}

/** The first and last day a slot may be on: today in the place's zone (at `now`), and `horizonDays` later. */
export function bookableDays(block: BookingBlock, place: BookingPlace, now: Date) {
  const first = toCalendarDate(fromDate(now, timeZoneOfPlace(place)));
  return { first: first.toString(), last: first.add({ days: block.horizonDays }).toString() };
}

/** Whether the place takes no appointments on the date: a holiday of its country or a weekday without hours. */
export function isClosedDay(block: BookingBlock, place: BookingPlace, date: string): boolean {
  if (block.closedDates[place.country]?.includes(date)) return true;
  const weekday = weekdayOf(parseDate(date));
  return !place.hours.some((hours) => hours.days.includes(weekday));
}

/**
 * A day's slots by zone, slot length, hours and date: the same day always has the same slots, and laying them out (two
 * zone conversions a slot) was nearly all of an availability call's time (60 days of slots: about 50 ms). Frozen, as
 * they are shared; forgotten all at once past DAY_SLOTS_KEPT entries (a day per service, place and date ahead).
 */
const daySlots = new Map<string, readonly ScheduleSlot[]>();
const DAY_SLOTS_KEPT = 20_000;

/** Every slot of the place's opening hours on the date (none on a closed day), in order. */
export function slotsOfDay(block: BookingBlock, place: BookingPlace, date: string): readonly ScheduleSlot[] {
  if (isClosedDay(block, place, date)) return [];
  const day = parseDate(date);
  const weekday = weekdayOf(day);
  const timeZone = timeZoneOfPlace(place);
  const ranges = place.hours.filter((hours) => hours.days.includes(weekday)).sort((a, b) => (a.from < b.from ? -1 : 1));
  const key = `${timeZone}|${block.slotMinutes}|${ranges.map((range) => `${range.from}-${range.to}`).join(',')}|${date}`;
  const known = daySlots.get(key);
  if (known) return known;
  const slots = layOutDay(block, day, timeZone, ranges);
  if (daySlots.size >= DAY_SLOTS_KEPT) daySlots.clear();
  daySlots.set(key, slots);
  return slots;
}

function layOutDay(
  block: BookingBlock,
  day: CalendarDate,
  timeZone: string,
  ranges: BookingPlace['hours'],
): readonly ScheduleSlot[] {
  const date = day.toString();
  const slots: ScheduleSlot[] = [];
  for (const range of ranges) {
    const closing = atClock(day, range.to);
    let start = atClock(day, range.from);
    let end = start.add({ minutes: block.slotMinutes });
    while (end.compare(closing) <= 0) {
      slots.push({
        startsAt: toZoned(start, timeZone, 'compatible').toDate().toISOString(),
        endsAt: toZoned(end, timeZone, 'compatible').toDate().toISOString(),
        date,
        time: clockOf(start),
      });
      start = end;
      end = start.add({ minutes: block.slotMinutes });
    }
  }
  return Object.freeze(slots.map((slot) => Object.freeze(slot)));
}

/** The earliest start the minimum notice allows, as a zoned time of the place. */
function earliestStart(block: BookingBlock, place: BookingPlace, now: Date): ZonedDateTime {
  return fromDate(now, timeZoneOfPlace(place)).add({ hours: block.minimumNoticeHours });
}

/**
 * The slots that may be booked now between two dates (inclusive, clipped to the horizon): open days, inside the
 * opening hours, past the minimum notice. Whether a slot still has room is the database's to say.
 */
export function bookableSlots(
  block: BookingBlock,
  place: BookingPlace,
  now: Date,
  range: { from?: string; to?: string } = {},
): ScheduleSlot[] {
  const { first, last } = bookableDays(block, place, now);
  const from = range.from && range.from > first ? range.from : first;
  const to = range.to && range.to < last ? range.to : last;
  const earliest = earliestStart(block, place, now).toDate().getTime();
  const slots: ScheduleSlot[] = [];
  for (let day = parseDate(from); day.toString() <= to; day = day.add({ days: 1 }))
    for (const slot of slotsOfDay(block, place, day.toString()))
      if (Date.parse(slot.startsAt) >= earliest) slots.push(slot);
  return slots;
}

/**
 * Why a slot starting at `startsAt` cannot be booked now, or undefined with the slot when it can: outside the horizon
 * (before today or past its last day), on a closed day, not a slot of the opening hours, or inside the notice.
 */
export function checkSlot(
  block: BookingBlock,
  place: BookingPlace,
  now: Date,
  startsAt: Date,
): { refusal: ScheduleRefusal } | { slot: ScheduleSlot } {
  const local = fromDate(startsAt, timeZoneOfPlace(place));
  const date = toCalendarDate(local).toString();
  const { first, last } = bookableDays(block, place, now);
  if (date < first || date > last) return { refusal: 'BOOKING_OUTSIDE_HORIZON' };
  if (isClosedDay(block, place, date)) return { refusal: 'BOOKING_CLOSED_DAY' };
  const slot = slotsOfDay(block, place, date).find(
    (candidate) => Date.parse(candidate.startsAt) === startsAt.getTime(),
  );
  if (!slot) return { refusal: 'BOOKING_OUTSIDE_HOURS' };
  if (startsAt.getTime() < earliestStart(block, place, now).toDate().getTime())
    return { refusal: 'BOOKING_INSIDE_NOTICE' };
  return { slot };
}

/** Until when a booking starting at `startsAt` may be moved or cancelled: its cancellation cut-off. */
export function cutoffOf(block: BookingBlock, place: Pick<BookingPlace, 'country'>, startsAt: Date): Date {
  return fromDate(startsAt, timeZoneOfPlace(place)).subtract({ hours: block.cancellationCutoffHours }).toDate();
}

/** Whether a booking starting at `startsAt` may still be moved or cancelled: before its cancellation cut-off. */
export function isBeforeCutoff(block: BookingBlock, place: Pick<BookingPlace, 'country'>, now: Date, startsAt: Date) {
  return now.getTime() < cutoffOf(block, place, startsAt).getTime();
}
