// Money at the pharmacy counter (decision 059): exact decimals, as strings in JSON and `numeric` in the database, never
// floats; each amount in the currency of the pharmacy's country. zod-free: the web formats the same strings.
import type { CountryCode } from './enums.ts';

/** ISO 4217 currency of each program country (Panama and El Salvador use the US dollar). */
export const COUNTRY_CURRENCIES = {
  CR: 'CRC',
  MX: 'MXN',
  PA: 'USD',
  HN: 'HNL',
  GT: 'GTQ',
  DO: 'DOP',
  SV: 'USD',
  TT: 'TTD',
} as const satisfies Record<CountryCode, string>;
export type CurrencyCode = (typeof COUNTRY_CURRENCIES)[CountryCode];

/** An amount as a caller writes it: up to 9 integer digits and 2 decimals, `.` as the separator. */
export const AMOUNT_PATTERN = /^(0|[1-9][0-9]{0,8})(\.[0-9]{1,2})?$/;

/** Cents of an amount that matches AMOUNT_PATTERN (integers: exact up to far beyond any price). */
export function centsOf(amount: string): number {
  const [whole, fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** An amount of cents with exactly 2 decimals: `1234.50`. */
export function amountOf(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** A line's discount and total: the percentage of the gross, rounded half up to the cent, in integer arithmetic. */
export function priceLine(
  unitPrice: string,
  quantity: number,
  discountPercent: number,
): { gross: string; discountAmount: string; total: string } {
  const grossCents = centsOf(unitPrice) * quantity;
  const discountCents = Math.floor((grossCents * discountPercent + 50) / 100);
  return {
    gross: amountOf(grossCents),
    discountAmount: amountOf(discountCents),
    total: amountOf(grossCents - discountCents),
  };
}
