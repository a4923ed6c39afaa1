// The `booking` block of a bookable service in config.json (decision 058): where it is given (places per country, an
// address with a map link, a video call or the patient's home), when (weekly opening hours per place, in the place's
// country's own clock), how long and for how many at once, how far ahead and how late it may be booked and cancelled,
// and the days it is closed (each country's national holidays). check:programs adds what a schema cannot see.
import { z } from 'zod';
import { CountryCodeSchema } from './enums.ts';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export const WeekdaySchema = z.enum(WEEKDAYS);
export type Weekday = z.infer<typeof WeekdaySchema>;

/** A wall-clock time of the place's country, HH:mm (24-hour). */
export const ClockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
/** A calendar date, YYYY-MM-DD. */
export const CalendarDateSchema = z.iso.date();

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Opening hours on some weekdays: slots start at `from` and end by `to`. */
export const OpeningHoursSchema = z
  .strictObject({
    days: z.array(WeekdaySchema).min(1),
    from: ClockTimeSchema,
    to: ClockTimeSchema,
  })
  .refine((hours) => minutesOf(hours.from) < minutesOf(hours.to), { message: 'from must be before to', path: ['to'] });
export type OpeningHours = z.infer<typeof OpeningHoursSchema>;

/** address: a clinic or a laboratory; video: a video call; home: the patient's address (a nurse visits). */
export const BOOKING_PLACE_KINDS = ['address', 'video', 'home'] as const;
export const BookingPlaceKindSchema = z.enum(BOOKING_PLACE_KINDS);
export type BookingPlaceKind = z.infer<typeof BookingPlaceKindSchema>;

export const BookingPlaceIdSchema = z
  .string()
  .max(40)
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/);

export const BookingPlaceSchema = z
  .strictObject({
    /** Unique within the service; names the place in the calls and the bookings. */
    id: BookingPlaceIdSchema,
    country: CountryCodeSchema,
    kind: BookingPlaceKindSchema,
    /** The clinic's or laboratory's name (a partner's name: one string), for an address only. */
    name: z.string().min(1).max(80).optional(),
    /** Street address as the patient would give it to a taxi, for an address only. */
    address: z.string().min(1).max(160).optional(),
    /** A map link (https), for an address only. */
    mapUrl: z.url({ protocol: /^https$/ }).optional(),
    hours: z.array(OpeningHoursSchema).min(1),
  })
  .superRefine((place, context) => {
    const isAddress = place.kind === 'address';
    for (const field of ['name', 'address', 'mapUrl'] as const)
      if (isAddress !== (place[field] !== undefined))
        context.addIssue({ code: 'custom', path: [field], message: 'an address, and only an address, has one' });
    for (const day of WEEKDAYS) {
      const ranges = place.hours
        .filter((hours) => hours.days.includes(day))
        .map((hours) => [minutesOf(hours.from), minutesOf(hours.to)] as const)
        .sort((a, b) => a[0] - b[0]);
      for (let index = 1; index < ranges.length; index += 1)
        if (ranges[index]![0] < ranges[index - 1]![1])
          context.addIssue({ code: 'custom', path: ['hours'], message: `opening hours overlap on ${day}` });
    }
  });
export type BookingPlace = z.infer<typeof BookingPlaceSchema>;

export const BookingBlockSchema = z
  .strictObject({
    /** Length of one appointment, in minutes; slots follow one another from each opening time. */
    slotMinutes: z.number().int().min(10).max(240),
    /** Patients one slot of one place takes at once (a laboratory: several; a nurse: one). */
    capacity: z.number().int().min(1).max(50),
    /** How many days ahead a slot may be booked (today in the patient's country is day 0). */
    horizonDays: z.number().int().min(1).max(365),
    /** The least time between booking (or moving to) a slot and its start. */
    minimumNoticeHours: z.number().int().min(0).max(336),
    /** Until how long before its start a booking may be moved or cancelled. */
    cancellationCutoffHours: z.number().int().min(0).max(336),
    places: z.array(BookingPlaceSchema).min(1),
    /** Days with no appointments, per country: its national holidays. */
    closedDates: z.partialRecord(CountryCodeSchema, z.array(CalendarDateSchema)),
  })
  .superRefine((block, context) => {
    const ids = block.places.map((place) => place.id);
    if (new Set(ids).size !== ids.length)
      context.addIssue({ code: 'custom', path: ['places'], message: 'place ids repeat' });
    block.places.forEach((place, index) => {
      for (const hours of place.hours)
        if (minutesOf(hours.to) - minutesOf(hours.from) < block.slotMinutes)
          context.addIssue({
            code: 'custom',
            path: ['places', index, 'hours'],
            message: 'opening hours shorter than one slot',
          });
    });
  });
export type BookingBlock = z.infer<typeof BookingBlockSchema>;
