// Adherence measures (decision 079): PDC over a period, the current gap and persistence, from a treatment's dose history,
// the presentation's unit count and what the patient got (purchases and free units). Pure, without zod: the web may
// import it. The days' supply reuses the refill estimate's exact arithmetic (refill.ts, decision 061).
import { addDays, bySupplyOrder, dailyUseOf, dateOfDayNumber, dayNumberOf, intervalDaysOf } from './refill.ts';

/** The Pharmacy Quality Alliance's threshold: a PDC of 80 % or more is adherent. */
export const ADHERENT_PDC = 0.8;
/** The measurement period: the last 365 days, today included. */
export const DEFAULT_PDC_PERIOD_DAYS = 365;
/** The longest uncovered run a persistent patient may have (the program may set its own). */
export const DEFAULT_ALLOWED_GAP_DAYS = 60;

/** The dose in effect from a day on (the treatment's history): null = no live treatment from that day (deleted). */
export interface AdherenceDosePeriod {
  /** YYYY-MM-DD, the patient's country's day the dose took effect. */
  from: string;
  dose: {
    unitAmount: string;
    frequency: { amount: number; interval: string };
    restTime: { amount: number; interval: string } | null;
    duration: { amount: number; interval: string };
  } | null;
}

/** One thing the patient got: a purchase of `packages` boxes, or a free unit (one box). */
export interface AdherenceSupply {
  kind: 'purchase' | 'freeUnit';
  id: number;
  /** YYYY-MM-DD, the patient's country's day. */
  on: string;
  packages: number;
  /** A reversed supply counts as never made. */
  reversed: boolean;
}

/** The dose period in effect on a day: the latest `from` on or before it (for equal `from`, the last one given). */
function doseOn(day: string, doses: readonly AdherenceDosePeriod[]): AdherenceDosePeriod['dose'] {
  let found: AdherenceDosePeriod | undefined;
  for (const period of doses) {
    if (Number.isNaN(dayNumberOf(period.from)) || period.from > day) continue;
    if (!found || period.from >= found.from) found = period;
  }
  return found ? found.dose : null;
}

/** The share of days the patient takes the medicine, as an exact fraction: (duration + rest) / duration is its inverse. */
function cycleStretchOf(dose: NonNullable<AdherenceDosePeriod['dose']>): { num: bigint; den: bigint } | undefined {
  const rest = dose.restTime;
  if (!rest || rest.amount === 0) return { num: 1n, den: 1n };
  const restDays = intervalDaysOf(rest.interval);
  const takingDays = intervalDaysOf(dose.duration.interval);
  const { amount: restAmount } = rest;
  const { amount: takingAmount } = dose.duration;
  if (!restDays || !takingDays || !Number.isInteger(restAmount) || restAmount < 0) return undefined;
  if (!Number.isInteger(takingAmount) || takingAmount < 1) return undefined;
  // D = a × dn / dd taking days, R = r × rn / rd resting days; (D + R) / D = (a·dn·rd + r·rn·dd) / (a·dn·rd).
  const taking = BigInt(takingAmount) * takingDays.num * restDays.den;
  const resting = BigInt(restAmount) * restDays.num * takingDays.den;
  return { num: taking + resting, den: taking };
}

/** Whole days one supply lasts at the dose in effect on its day; null when no live treatment then, no daily use, or no unit count. */
export function daysSupplyOf(
  supply: AdherenceSupply,
  doses: readonly AdherenceDosePeriod[],
  unitsPerPackage: number | null,
): number | null {
  if (unitsPerPackage === null || !Number.isInteger(unitsPerPackage) || unitsPerPackage < 1) return null;
  if (!Number.isInteger(supply.packages) || supply.packages < 1 || Number.isNaN(dayNumberOf(supply.on))) return null;
  const dose = doseOn(supply.on, doses);
  if (!dose) return null;
  const use = dailyUseOf({ unitAmount: dose.unitAmount, frequency: dose.frequency, restTime: null });
  const stretch = cycleStretchOf(dose);
  if (!use || !stretch) return null;
  // Days = units × ticksPerUnit / ticksPerDay, stretched by the cycle; floored, at least one day.
  const units = BigInt(supply.packages) * BigInt(unitsPerPackage);
  const days = (units * use.ticksPerUnit * stretch.num) / (use.ticksPerDay * stretch.den);
  return Math.max(1, Number(days));
}

export interface AdherenceMeasures {
  /** PDC over the period, in [0,1]; null when no counted supply in the period (nothing to measure). */
  pdc: number | null;
  /** pdc >= ADHERENT_PDC; null with pdc null. */
  adherent: boolean | null;
  /** pdc = daysCovered / daysInPeriod; both 0 when pdc is null. */
  daysCovered: number;
  daysInPeriod: number;
  /** Last day covered by the supplies laid end to end (YYYY-MM-DD); null with no counted supply. */
  coveredUntil: string | null;
  /** Days since the supply ran out (0 while covered today); null with no counted supply. */
  gapDays: number | null;
  /** No gap longer than allowedGapDays since the first counted supply (the current gap included); null with none. */
  persistent: boolean | null;
  /** The first day a gap grew longer than allowedGapDays (null while persistent, or with no counted supply). */
  persistenceEndedOn: string | null;
  firstSupplyOn: string | null;
  lastSupplyOn: string | null;
  /** Counted supplies on or before today, whether inside the period or not. */
  suppliesCounted: number;
}

/** One counted supply laid on the calendar: the day numbers it covers, both included. */
interface LaidSupply {
  on: number;
  start: number;
  end: number;
}

/**
 * PDC, gap and persistence on `today` (the patient's country's day). A supply counts when it is not reversed, is dated
 * on or before today and has a days' supply (a live dose on its day, a unit count); the others count nowhere.
 */
export function adherenceOf(input: {
  supplies: readonly AdherenceSupply[];
  doses: readonly AdherenceDosePeriod[];
  unitsPerPackage: number | null;
  today: string;
  periodDays?: number;
  allowedGapDays?: number;
}): AdherenceMeasures {
  const today = dayNumberOf(input.today);
  if (Number.isNaN(today)) throw new RangeError(`adherenceOf: today is not a date: ${input.today}`);
  const periodDays = input.periodDays ?? DEFAULT_PDC_PERIOD_DAYS;
  const allowedGapDays = input.allowedGapDays ?? DEFAULT_ALLOWED_GAP_DAYS;
  if (!Number.isInteger(periodDays) || periodDays < 1) throw new RangeError('adherenceOf: periodDays must be >= 1');

  const laid: LaidSupply[] = [];
  let previousEnd = Number.NEGATIVE_INFINITY;
  const counted = input.supplies
    .filter((supply) => !supply.reversed && supply.on <= input.today && !Number.isNaN(dayNumberOf(supply.on)))
    .sort(bySupplyOrder);
  for (const supply of counted) {
    const days = daysSupplyOf(supply, input.doses, input.unitsPerPackage);
    if (days === null) continue;
    const on = dayNumberOf(supply.on);
    const start = Math.max(on, previousEnd + 1);
    previousEnd = start + days - 1;
    laid.push({ on, start, end: previousEnd });
  }
  const first = laid[0];
  const last = laid.at(-1);
  if (!first || !last) {
    return {
      pdc: null,
      adherent: null,
      daysCovered: 0,
      daysInPeriod: 0,
      coveredUntil: null,
      gapDays: null,
      persistent: null,
      persistenceEndedOn: null,
      firstSupplyOn: null,
      lastSupplyOn: null,
      suppliesCounted: 0,
    };
  }

  // The period: the last periodDays days through today, from the first counted supply inside it.
  const windowStart = today - periodDays + 1;
  const firstInside = laid.find((supply) => supply.on >= windowStart);
  let daysCovered = 0;
  let daysInPeriod = 0;
  if (firstInside) {
    const periodStart = firstInside.on;
    daysInPeriod = today - periodStart + 1;
    for (const supply of laid) {
      const from = Math.max(supply.start, periodStart);
      const to = Math.min(supply.end, today);
      if (to >= from) daysCovered += to - from + 1;
    }
  }
  const pdc = daysInPeriod > 0 ? daysCovered / daysInPeriod : null;

  const gapDays = Math.max(0, today - last.end);
  let longestGap = gapDays;
  for (let index = 1; index < laid.length; index += 1)
    longestGap = Math.max(longestGap, laid[index]!.start - laid[index - 1]!.end - 1);
  // The day persistence ended: the first gap, in order, longer than allowed, on the day it grew past it.
  let persistenceEndedOn: string | null = null;
  for (let index = 1; index < laid.length && persistenceEndedOn === null; index += 1)
    if (laid[index]!.start - laid[index - 1]!.end - 1 > allowedGapDays)
      persistenceEndedOn = dateOfDayNumber(laid[index - 1]!.end + allowedGapDays + 1);
  if (persistenceEndedOn === null && gapDays > allowedGapDays)
    persistenceEndedOn = dateOfDayNumber(last.end + allowedGapDays + 1);

  return {
    pdc,
    adherent: pdc === null ? null : pdc >= ADHERENT_PDC,
    daysCovered,
    daysInPeriod,
    coveredUntil: dateOfDayNumber(last.end),
    gapDays,
    persistent: longestGap <= allowedGapDays,
    persistenceEndedOn,
    firstSupplyOn: dateOfDayNumber(first.on),
    lastSupplyOn: dateOfDayNumber(last.on),
    suppliesCounted: laid.length,
  };
}

/** The first day of the measurement period's window on `today` (before the first supply inside it moves it later). */
export function pdcWindowStartOf(today: string, periodDays = DEFAULT_PDC_PERIOD_DAYS): string {
  return addDays(today, 1 - periodDays);
}
