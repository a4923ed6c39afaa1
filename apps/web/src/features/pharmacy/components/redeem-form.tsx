// Giving the patient a free unit (decision 060): the receipt's number of the hand-over; the server checks that a free
// unit is there (NO_FREE_UNIT otherwise, with why) and answers the progress starting again.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Form } from 'react-aria-components';
import { z } from 'zod';
import type { RedemptionAnswer } from '@portal/contracts/pharmacy';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { useT } from '../../../program/use-t.ts';
import { redeemFreeUnit } from '../api/pharmacy-api.ts';
import { counterErrorText, isReceiptRefusal } from '../counter-errors.ts';
import { useAttemptKey } from '../use-attempt-key.ts';
import { CounterActions } from './counter-actions.tsx';
import { ReceiptField, receiptField } from './counter-fields.tsx';

const RedeemFormSchema = z.object({ receiptId: receiptField });
type RedeemForm = z.infer<typeof RedeemFormSchema>;

interface Props {
  apiKey: string;
  code: string;
  productId: number;
  productName: string;
  onRedeemed: (answer: RedemptionAnswer) => void;
  onCancel: () => void;
}

export function RedeemForm({ apiKey, code, productId, productName, onRedeemed, onCancel }: Props) {
  const t = useT();
  const attempts = useAttemptKey();
  const [failure, setFailure] = useState<string | undefined>();
  const { control, handleSubmit, setError, formState } = useForm<RedeemForm>({
    resolver: zodResolver(RedeemFormSchema),
    defaultValues: { receiptId: '' },
  });
  const onSubmit = handleSubmit(async ({ receiptId }) => {
    setFailure(undefined);
    const body = { code, productId, receiptId };
    try {
      const answer = await redeemFreeUnit(apiKey, body, attempts.keyFor(body));
      attempts.settle();
      onRedeemed(answer);
    } catch (error) {
      if (isReceiptRefusal(error))
        setError('receiptId', { message: 'pharmacy.errors.receiptReused' }, { shouldFocus: true });
      else if (!applyFieldErrors<RedeemForm>(error, setError, { code: 'VALIDATION_FAILED', shouldFocus: true }))
        setFailure(counterErrorText(error, t));
    }
  });
  const title = t('pharmacy.redeem.title', { product: productName });
  return (
    <Form className="stack counter-form" onSubmit={onSubmit} validationBehavior="aria" aria-label={title}>
      <h3 className="counter-form__title">{title}</h3>
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      <ReceiptField control={control} description={t('pharmacy.redeem.receiptHint')} />
      <CounterActions
        isSubmitting={formState.isSubmitting}
        submitLabel={t('pharmacy.redeem.submit')}
        pendingLabel={t('pharmacy.redeem.pending')}
        onCancel={onCancel}
      />
    </Form>
  );
}
