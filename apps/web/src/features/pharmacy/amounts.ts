// Amounts as a counter types them (decision 060): "12500", "12,500.00", "12 500,5" are all 12500.00 or 12500.50; the
// server takes the contract's form (AMOUNT_PATTERN: digits, '.', up to 2 decimals).
import { AMOUNT_PATTERN } from '@portal/contracts/money';

/** The amount in the contract's form, or undefined when the text is not one. */
export function amountFromTyped(typed: string): string | undefined {
  let text = typed.replace(/[\s\u00a0]/g, '');
  // A comma followed by one or two digits at the end, and no point: a decimal comma.
  if (!text.includes('.') && /,\d{1,2}$/.test(text)) text = text.replace(/,(\d{1,2})$/, '.$1');
  // Any other comma groups thousands (only in groups of three).
  if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(text)) text = text.replaceAll(',', '');
  return AMOUNT_PATTERN.test(text) ? text : undefined;
}
