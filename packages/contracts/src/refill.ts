// The refill estimate (decision 061): until when a patient's medicine should last, from the treatment's dose and
// frequency, the presentation's unit count and what the patient got at the program's pharmacies (purchases and free
// units). One pure function for the API's answer and the worker's reminder. Without zod: the web may import it.
//
// The supplies are laid end to end, as pharmacies measure refill adherence ("days covered" with carry-over): a box
// bought before the last one ran out starts where it ends, a box bought after a gap starts on its own day, and nothing
// is taken before the treatment starts. The arithmetic is exact (whole "ticks", BigInt), so a box of 30 tablets at one
// a day bought on the 1st lasts until the 30th, never the 29th by a rounding. Where the treatment gives no steady
// daily use (no dose, a rest period between cycles, not started) there is no estimate, never a guessed one; nor for a
// treatment whose length has run out (the patient's day past its end): the home would otherwise say "ended" and "should
// last until" of one medicine (issue 38).
import { treatmentTime } from './treatment-time.ts';

/** How many days before the last day of the supply the reminder comes (the mail, and the calendar's alarm). */
export const REFILL_REMINDER_DAYS_BEFORE = 3;
/** The hour of the patient's day from which the day's reminder mails go (nobody wants one at 2 a.m.). */
export const REFILL_REMINDER_HOUR = 9;
/** Supplies older than this are not read (a year of history and the longest box a program sells fit well within). */
export const REFILL_LOOKBACK_DAYS = 400;
/** An estimate whose last day is further back than this is not shown any more (the patient surely bought elsewhere). */
export const REFILL_SHOWN_AFTER_RUN_OUT_DAYS = 30;

export type RefillInterval = 'day' | 'week' | 'month' | 'year';

/** What the treatment says of the dose (its contract's fields, as the API reads them). */
export interface RefillDose {
  /** Units of the product per administration, as the treatment holds it ("1", "0.5", "1,5", "20.00"). */
  unitAmount: string;
  /** How many administrations per interval ("2 per day", "1 per week"). */
  frequency: { amount: number; interval: string };
  /** A rest between cycles: the use is not steady, so there is no estimate. */
  restTime: { amount: number; interval: string } | null;
  /** YYYY-MM-DD; null when the treatment has not started. */
  startDate: string | null;
  /** The treatment's length from its start: after it, the treatment has ended and there is no estimate. */
  duration: { amount: number; interval: string };
}

/** One thing the patient got at a pharmacy: a purchase of `packages` boxes, or a free unit (one box) of the 4+1. */
export interface RefillSupply {
  kind: 'purchase' | 'freeUnit';
  id: number;
  /** The day it was bought or redeemed, in the patient's country (YYYY-MM-DD). */
  on: string;
  packages: number;
  /** A reversed purchase or redemption was the counter's mistake: it supplies nothing. */
  reversed: boolean;
}

export type RefillNoEstimateReason =
  /** The dose or the frequency gives no daily use (no dose, an unknown interval, a rest between cycles). */
  | 'noDailyUse'
  /** The presentation's unit count is unknown. */
  | 'noUnitCount'
  /** The treatment has not started: the supply's first day is unknown. */
  | 'notStarted'
  /** The treatment's length ran out before the patient's today (treatment-time.ts). */
  | 'ended'
  /** Nothing bought (or all of it reversed). */
  | 'noSupply';

export type RefillEstimate =
  | {
      kind: 'estimate';
      /** The last day with a full day's dose (YYYY-MM-DD). */
      lastsUntil: string;
      /** When the reminder is due: REFILL_REMINDER_DAYS_BEFORE days before the last day. */
      remindOn: string;
      /** The newest supply the estimate counts: the reminder is sent once for it. */
      basedOn: { kind: RefillSupply['kind']; id: number };
      /** How many supplies it counts: the calendar event's SEQUENCE, so a newer file moves the event it replaces. */
      suppliesCounted: number;
    }
  | { kind: 'none'; reason: RefillNoEstimateReason };

const DAY_MS = 24 * 60 * 60 * 1000;

/** An interval's length in days, as a fraction: a month is the Gregorian average (365.25 / 12), a year 365.25. */
const INTERVAL_DAYS: Record<RefillInterval, { num: bigint; den: bigint }> = {
  day: { num: 1n, den: 1n },
  week: { num: 7n, den: 1n },
  month: { num: 1461n, den: 48n },
  year: { num: 1461n, den: 4n },
};

const isInterval = (value: string): value is RefillInterval => Object.hasOwn(INTERVAL_DAYS, value);

/** An interval's length in days as an exact fraction (a month 365.25 / 12); undefined for an unknown interval. */
export function intervalDaysOf(interval: string): { num: bigint; den: bigint } | undefined {
  return isInterval(interval) ? INTERVAL_DAYS[interval] : undefined;
}

/** A calendar date (YYYY-MM-DD) as a day number (days since 1970-01-01); NaN when it is not a real date. */
export function dayNumberOf(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return Number.NaN;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const back = new Date(time);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day)
    return Number.NaN;
  return time / DAY_MS;
}

/** A day number back as its calendar date (YYYY-MM-DD). */
export function dateOfDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** A date `days` later (or earlier, when negative). */
export function addDays(date: string, days: number): string {
  return dateOfDayNumber(dayNumberOf(date) + days);
}

/** The dose in hundredths of a unit ("1,5" is 150); undefined when it is not a positive amount with at most 2 decimals. */
function hundredthsOf(unitAmount: string): bigint | undefined {
  const match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(unitAmount.trim());
  if (!match) return undefined;
  const value = BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  return value > 0n ? value : undefined;
}

/**
 * The treatment's steady use as an exact rate: one day is `ticksPerDay` ticks and one unit of the product lasts
 * `ticksPerUnit` ticks. Undefined when the treatment gives no steady daily use.
 */
export function dailyUseOf(
  dose: Pick<RefillDose, 'unitAmount' | 'frequency' | 'restTime'>,
): { ticksPerDay: bigint; ticksPerUnit: bigint; unitsPerDay: number } | undefined {
  if (dose.restTime && dose.restTime.amount > 0) return undefined;
  const hundredths = hundredthsOf(dose.unitAmount);
  const { amount, interval } = dose.frequency;
  if (hundredths === undefined || !Number.isInteger(amount) || amount < 1 || !isInterval(interval)) return undefined;
  const { num, den } = INTERVAL_DAYS[interval];
  // Units per day = hundredths / 100 × amount / (num / den); so a unit lasts 100 × num / (hundredths × amount × den) days.
  const ticksPerDay = hundredths * BigInt(amount) * den;
  const ticksPerUnit = 100n * num;
  return { ticksPerDay, ticksPerUnit, unitsPerDay: Number(ticksPerDay) / Number(ticksPerUnit) };
}

const maxOf = (left: bigint, right: bigint) => (left > right ? left : right);

/** Supplies in the order they are used: by day, then purchases before free units, then by id (any input order). */
export function bySupplyOrder(left: RefillSupply, right: RefillSupply): number {
  if (left.on !== right.on) return left.on < right.on ? -1 : 1;
  if (left.kind !== right.kind) return left.kind === 'purchase' ? -1 : 1;
  return left.id - right.id;
}

/**
 * Until when the supplies last at the treatment's dose, and when to remind. `unitsPerPackage` is the presentation's
 * unit count in the product's unit (tablets in a box, IU in a pen). Reversed supplies and supplies on an invalid day
 * count for nothing.
 */
export function estimateRefill(input: {
  dose: RefillDose;
  unitsPerPackage: number | null;
  supplies: readonly RefillSupply[];
  /** The patient's day (YYYY-MM-DD, their country's): a treatment that ended before it has no estimate. */
  today: string;
}): RefillEstimate {
  if (treatmentTime(input.dose, input.today).kind === 'ended') return { kind: 'none', reason: 'ended' };
  const use = dailyUseOf(input.dose);
  if (!use) return { kind: 'none', reason: 'noDailyUse' };
  const { unitsPerPackage } = input;
  if (unitsPerPackage === null || !Number.isInteger(unitsPerPackage) || unitsPerPackage < 1)
    return { kind: 'none', reason: 'noUnitCount' };
  const startDay = input.dose.startDate === null ? Number.NaN : dayNumberOf(input.dose.startDate);
  if (Number.isNaN(startDay)) return { kind: 'none', reason: 'notStarted' };
  const supplies = input.supplies
    .filter(
      (supply) =>
        !supply.reversed &&
        Number.isInteger(supply.packages) &&
        supply.packages > 0 &&
        !Number.isNaN(dayNumberOf(supply.on)),
    )
    .sort(bySupplyOrder);
  const newest = supplies.at(-1);
  if (!newest) return { kind: 'none', reason: 'noSupply' };

  let coveredUntil: bigint | undefined;
  for (const supply of supplies) {
    const firstDay = BigInt(Math.max(dayNumberOf(supply.on), startDay)) * use.ticksPerDay;
    const begins = coveredUntil === undefined ? firstDay : maxOf(coveredUntil, firstDay);
    coveredUntil = begins + BigInt(supply.packages) * BigInt(unitsPerPackage) * use.ticksPerUnit;
  }
  // The last day with a whole day's dose; at least the newest supply's own day (less than a day's dose in it).
  const lastDay = Math.max(Number(coveredUntil! / use.ticksPerDay) - 1, dayNumberOf(newest.on));
  return {
    kind: 'estimate',
    lastsUntil: dateOfDayNumber(lastDay),
    remindOn: dateOfDayNumber(lastDay - REFILL_REMINDER_DAYS_BEFORE),
    basedOn: { kind: newest.kind, id: newest.id },
    suppliesCounted: supplies.length,
  };
}

/**
 * The iCalendar UID of a medicine's refill reminder: one per patient plan and product, the same in the mail and the
 * screen's file, so that a calendar keeps one event per medicine and a newer file (a higher SEQUENCE) moves it.
 */
export function refillCalendarUid(programSlug: string, planPatientId: number, productId: number): string {
  return `refill-${planPatientId}-${productId}-${programSlug}@portal`;
}

/** A calendar date (YYYY-MM-DD) as the portal writes dates in both languages, mm/dd/yyyy (spec section 9). */
export function formatMonthDayYear(date: string): string {
  const [year, month, day] = date.split('-');
  return `${month}/${day}/${year}`;
}
