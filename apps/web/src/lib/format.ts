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
