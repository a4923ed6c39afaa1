// How the purchases' screens write a pharmacy and the year's savings.
import type { Language } from '@portal/contracts/enums';
import type { ProductPurchases } from '@portal/contracts/purchases';
import { formatMoney } from '../../../lib/format.ts';
import type { useT } from '../../../program/use-t.ts';

/** "Farmacia Demo CR – Escazú": the pharmacy with its branch (or chain) when it has one. */
export function pharmacyName(pharmacy: { name: string; chain: string | null; branch: string | null }): string {
  return [pharmacy.name, pharmacy.branch ?? pharmacy.chain].filter(Boolean).join(' – ');
}

/** The year's savings in each currency ("₡1,200.00 + $10.00"), or the text for none. */
export function savingsText(
  savings: ProductPurchases['savingsThisYear'],
  language: Language,
  t: ReturnType<typeof useT>,
): string {
  const amounts = savings.filter((saving) => Number(saving.amount) > 0);
  if (amounts.length === 0) return t('purchases.savings.none');
  return t('purchases.savings.amount', {
    amount: amounts.map((saving) => formatMoney(Number(saving.amount), language, saving.currency)).join(' + '),
  });
}
