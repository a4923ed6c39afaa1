// Display formats of spec section 9: money with 2 decimals, dates mm/dd/yyyy.
import { MONEY_DECIMALS } from '@portal/contracts/constants';
import type { Language } from '@portal/contracts/enums';

export function formatMoney(amount: number, language: Language, currency?: string): string {
  const locale = language === 'es' ? 'es-419' : 'en-US';
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: MONEY_DECIMALS,
    maximumFractionDigits: MONEY_DECIMALS,
    ...(currency ? { style: 'currency', currency, currencyDisplay: 'narrowSymbol' } : {}),
  }).format(amount);
}

/** mm/dd/yyyy. A 'yyyy-mm-dd' text is read as that calendar day (no time-zone shift). */
export function formatDate(value: Date | string): string {
  let year: number;
  let month: number;
  let day: number;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) {
    [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  } else {
    const date = typeof value === 'string' ? new Date(value) : value;
    year = date.getFullYear();
    month = date.getMonth() + 1;
    day = date.getDate();
  }
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(month)}/${pad(day)}/${year}`;
}

/**
 * A 'yyyy-mm-dd' date in words in the language ("12 de marzo de 1985", "March 12, 1985"): shown beside mm/dd/yyyy
 * where a misread day and month would matter (decision 053). Empty when the text is not a calendar date.
 */
export function formatDateInWords(value: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.slice(0, 10));
  if (!match) return '';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return '';
  return new Intl.DateTimeFormat(language === 'es' ? 'es' : 'en-US', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/**
 * How long ago, coarsely, for Intl.RelativeTimeFormat (react-intl's formatRelativeTime): "now" under a minute, then
 * whole minutes, hours and days, always rounded down and never in the future (a clock a little ahead reads "now").
 */
export function coarseTimeAgo(
  value: Date | string,
  now: Date,
): { value: number; unit: 'second' | 'minute' | 'hour' | 'day' } {
  const elapsedMs = Math.max(0, now.getTime() - new Date(value).getTime());
  const minutes = Math.floor(elapsedMs / 60_000);
  // 0 seconds is "now" with numeric: 'auto' (0 minutes would be "this minute").
  if (minutes < 1) return { value: 0, unit: 'second' };
  if (minutes < 60) return { value: -minutes, unit: 'minute' };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { value: -hours, unit: 'hour' };
  return { value: -Math.floor(hours / 24), unit: 'day' };
}

/** A country's name in the reader's language (Intl's region names), or its code where the browser has none. */
export function countryName(country: string, language: Language): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}
