// The counter forms' typed values: a key or a code checked by its own parser, and the receipt's number, which both a
// purchase and a free unit's hand-over take (its schema and its field); and the field each of them is typed in.
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { z } from 'zod';
import { RECEIPT_ID_MAX_LENGTH, RECEIPT_ID_PATTERN } from '@portal/contracts/pharmacy-values';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { useT } from '../../../program/use-t.ts';

/** A value typed at the counter that must read as what it is (a key, a code): required, then checked by its parser. */
export function parsedText(parse: (text: string) => unknown, messages: { required: string; mistyped: string }) {
  return z
    .string()
    .trim()
    .min(1, messages.required)
    .refine((text) => parse(text) !== undefined, messages.mistyped);
}

/** The receipt's number, as the contract takes it (with the product, one sale per pharmacy). */
export const receiptField = z
  .string()
  .trim()
  .min(1, 'pharmacy.receipt.required')
  .max(RECEIPT_ID_MAX_LENGTH, 'pharmacy.receipt.invalid')
  .regex(RECEIPT_ID_PATTERN, 'pharmacy.receipt.invalid');

/**
 * A text typed at the counter (the key, a patient's code, a price, a receipt's number): required, and with the
 * browser's autofill off, since what it would offer was typed for another patient or another sale.
 */
export function CounterTextField<T extends FieldValues>(props: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  description?: string;
  autoFocus?: boolean;
}) {
  return <FormTextField {...props} autoComplete="off" isRequired />;
}

/** The `receiptId` field of a counter form. */
export function ReceiptField<T extends { receiptId: string }>({
  control,
  description,
}: {
  control: Control<T>;
  description?: string;
}) {
  const t = useT();
  return (
    <CounterTextField
      control={control}
      // `receiptId` is a path of every T the constraint allows; TypeScript cannot see it through the generic.
      name={'receiptId' as FieldPath<T>}
      label={t('pharmacy.receipt.label')}
      description={description}
    />
  );
}
