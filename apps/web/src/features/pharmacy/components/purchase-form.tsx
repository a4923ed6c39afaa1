// Recording a purchase at the counter (decision 060): quantity, unit price, the receipt's number and the day. The server
// applies the program's discount and answers the totals and the 4+1 progress; the form shows them and is ready for
// the next sale. One Idempotency-Key per attempt, so a second tap or a retried request records once.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Form } from 'react-aria-components';
import { z } from 'zod';
import type { PurchaseAnswer } from '@portal/contracts/pharmacy';
import { PURCHASE_QUANTITY_MAX } from '@portal/contracts/pharmacy-values';
import { DateField } from '../../../components/ui/date-field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { useT } from '../../../program/use-t.ts';
import { recordPurchase } from '../api/pharmacy-api.ts';
import { amountFromTyped } from '../amounts.ts';
import { counterErrorText, fieldErrorsOf, isReceiptRefusal } from '../counter-errors.ts';
import { localDay } from '../counter-entries.ts';
import { useAttemptKey } from '../use-attempt-key.ts';
import { CounterActions } from './counter-actions.tsx';
import { CounterTextField, ReceiptField, receiptField } from './counter-fields.tsx';

const PurchaseFormSchema = z.object({
  quantity: z
    .string()
    .trim()
    .regex(/^\d{1,2}$/, 'pharmacy.purchase.quantity.invalid')
    .refine((text) => Number(text) >= 1 && Number(text) <= PURCHASE_QUANTITY_MAX, 'pharmacy.purchase.quantity.invalid'),
  unitPrice: z
    .string()
    .trim()
    .min(1, 'pharmacy.purchase.unitPrice.required')
    .refine((text) => amountFromTyped(text) !== undefined, 'pharmacy.purchase.unitPrice.invalid'),
  receiptId: receiptField,
  purchasedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'pharmacy.purchase.date.invalid'),
});
type PurchaseForm = z.infer<typeof PurchaseFormSchema>;

/** The instant of a purchase made on `day`: now for today, midday (the device's zone) for an earlier day. */
export function purchasedAtOf(day: string, now = new Date()): string {
  return day === localDay(now) ? now.toISOString() : new Date(`${day}T12:00:00`).toISOString();
}

/** A year back from today (the oldest purchase the server takes), as YYYY-MM-DD. */
function aYearAgo(): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - 1);
  date.setDate(date.getDate() + 1);
  return localDay(date);
}

interface Props {
  apiKey: string;
  code: string;
  productId: number;
  productName: string;
  currency: string;
  onRecorded: (answer: PurchaseAnswer) => void;
  onCancel: () => void;
}

export function PurchaseForm({ apiKey, code, productId, productName, currency, onRecorded, onCancel }: Props) {
  const t = useT();
  const attempts = useAttemptKey();
  const [failure, setFailure] = useState<string | undefined>();
  const { control, handleSubmit, setError, formState } = useForm<PurchaseForm>({
    resolver: zodResolver(PurchaseFormSchema),
    defaultValues: { quantity: '1', unitPrice: '', receiptId: '', purchasedOn: localDay() },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFailure(undefined);
    const body = {
      code,
      productId,
      quantity: Number(values.quantity),
      unitPrice: amountFromTyped(values.unitPrice)!,
      receiptId: values.receiptId,
      purchasedAt: purchasedAtOf(values.purchasedOn),
    };
    // The same sale sent again keeps its key, whatever instant the day gave it.
    const attempt = attempts.keyFor({ ...body, purchasedAt: values.purchasedOn });
    try {
      const answer = await recordPurchase(apiKey, body, attempt);
      attempts.settle();
      onRecorded(answer);
    } catch (error) {
      if (isReceiptRefusal(error)) {
        setError('receiptId', { message: 'pharmacy.errors.receiptReused' }, { shouldFocus: true });
        return;
      }
      const fields = fieldErrorsOf(error);
      // The server's name for the day is the instant; a product the code is not for has no field here.
      if (fields.purchasedAt) setError('purchasedOn', { message: fields.purchasedAt }, { shouldFocus: true });
      if (fields.productId) setFailure(t(fields.productId));
      else if (!applyFieldErrors<PurchaseForm>(error, setError, { code: 'VALIDATION_FAILED', shouldFocus: true }))
        if (!fields.purchasedAt) setFailure(counterErrorText(error, t));
    }
  });
  return (
    <Form
      className="stack counter-form"
      onSubmit={onSubmit}
      validationBehavior="aria"
      aria-label={t('pharmacy.purchase.title', { product: productName })}
    >
      <h3 className="counter-form__title">{t('pharmacy.purchase.title', { product: productName })}</h3>
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      <div className="counter-form__fields">
        <FormTextField control={control} name="quantity" label={t('pharmacy.purchase.quantity.label')} isRequired />
        <CounterTextField
          control={control}
          name="unitPrice"
          label={t('pharmacy.purchase.unitPrice.label', { currency })}
          description={t('pharmacy.purchase.unitPrice.hint')}
        />
        <ReceiptField control={control} />
        <DateField
          control={control}
          name="purchasedOn"
          label={t('pharmacy.purchase.date.label')}
          minValue={aYearAgo()}
          maxValue={localDay()}
          isRequired
        />
      </div>
      <CounterActions
        isSubmitting={formState.isSubmitting}
        submitLabel={t('pharmacy.purchase.submit')}
        pendingLabel={t('pharmacy.purchase.pending')}
        onCancel={onCancel}
      />
    </Form>
  );
}
