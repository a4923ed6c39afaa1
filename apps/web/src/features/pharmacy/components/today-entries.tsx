// What this counter recorded today, newest first, each with "Reverse" for a mistake (decision 060): the same day, the
// same pharmacy, with a reason from the contract's list; recorded by the server, never deleted. The list is the
// server's (decision 073): a reload keeps it, and its reversal buttons.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from 'react-aria-components';
import { z } from 'zod';
import type { ExchangeProgress } from '@portal/contracts/exchange-progress';
import { REVERSAL_REASONS, type ReversalReason } from '@portal/contracts/pharmacy-values';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { RadioField } from '../../../components/ui/radio-field.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { useT } from '../../../program/use-t.ts';
import { reversePurchase, reverseRedemption } from '../api/pharmacy-api.ts';
import { RegionError } from '../../../components/ui/region-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { updateCounterDay, useCounterDay, withReversal, type CounterDayEntry } from '../counter-entries.ts';
import { counterErrorText } from '../counter-errors.ts';

/** A reversal reason in words (literal keys, for the text checker). */
export function useReasonLabel() {
  const t = useT();
  return (reason: ReversalReason): string => {
    switch (reason) {
      case 'ENTERED_BY_MISTAKE':
        return t('pharmacy.reverse.reason.enteredByMistake');
      case 'WRONG_PRODUCT':
        return t('pharmacy.reverse.reason.wrongProduct');
      case 'WRONG_QUANTITY':
        return t('pharmacy.reverse.reason.wrongQuantity');
      case 'WRONG_PRICE':
        return t('pharmacy.reverse.reason.wrongPrice');
      case 'WRONG_PATIENT':
        return t('pharmacy.reverse.reason.wrongPatient');
      case 'SALE_CANCELLED':
        return t('pharmacy.reverse.reason.saleCancelled');
    }
  };
}

const ReverseFormSchema = z.object({ reason: z.enum(REVERSAL_REASONS, { error: 'pharmacy.reverse.reason.required' }) });
type ReverseForm = z.infer<typeof ReverseFormSchema>;

function ReverseDialog({
  apiKey,
  entry,
  onClose,
  onReversed,
}: {
  apiKey: string;
  entry: CounterDayEntry & { product: string };
  onClose: () => void;
  onReversed: (productId: number, progress: ExchangeProgress | null) => void;
}) {
  const t = useT();
  const reasonLabel = useReasonLabel();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | undefined>();
  const { control, handleSubmit, formState } = useForm<ReverseForm>({
    resolver: zodResolver(ReverseFormSchema),
    defaultValues: { reason: undefined as unknown as ReversalReason },
  });
  const submit = handleSubmit(async ({ reason }) => {
    setFailure(undefined);
    try {
      const answer =
        entry.kind === 'purchase'
          ? await reversePurchase(apiKey, entry.id, reason)
          : await reverseRedemption(apiKey, entry.id, reason);
      const reversedAt = 'purchase' in answer ? answer.purchase.reversedAt : answer.redemption.reversedAt;
      updateCounterDay(queryClient, apiKey, (day) =>
        withReversal(day, entry.kind, entry.id, reason, reversedAt ?? new Date().toISOString()),
      );
      onReversed(entry.productId, answer.progress);
      onClose();
    } catch (error) {
      setFailure(counterErrorText(error, t));
    }
  });
  return (
    <ConfirmDialog
      role="dialog"
      title={entry.kind === 'purchase' ? t('pharmacy.reverse.purchaseTitle') : t('pharmacy.reverse.redemptionTitle')}
      body={t('pharmacy.reverse.body', { product: entry.product, receipt: entry.receiptId })}
      error={failure}
      confirmLabel={t('pharmacy.reverse.confirm')}
      pendingLabel={t('pharmacy.reverse.pending')}
      isPending={formState.isSubmitting}
      onConfirm={submit}
      onCancel={onClose}
    >
      <RadioField
        control={control}
        name="reason"
        label={t('pharmacy.reverse.reason.label')}
        isRequired
        options={REVERSAL_REASONS.map((value) => ({ value, text: reasonLabel(value) }))}
      />
    </ConfirmDialog>
  );
}

export function TodayEntries({
  apiKey,
  onReversed,
}: {
  apiKey: string;
  onReversed: (productId: number, progress: ExchangeProgress | null) => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const reasonLabel = useReasonLabel();
  const day = useCounterDay(apiKey);
  const [reversing, setReversing] = useState<(CounterDayEntry & { product: string }) | undefined>();
  const time = new Intl.DateTimeFormat(language === 'es' ? 'es-419' : 'en-US', { timeStyle: 'short' });
  return (
    <section className="card counter-card stack" aria-labelledby="counter-today-title">
      <h2 id="counter-today-title" className="counter-card__title">
        {t('pharmacy.today.title')}
      </h2>
      {day.data === undefined ? (
        day.isError ? (
          <RegionError
            messageKey="pharmacy.today.loadError"
            isRetrying={day.isFetching}
            onRetry={() => void day.refetch()}
          />
        ) : (
          <Skeleton lines={3} label={t('pharmacy.today.loading')} />
        )
      ) : day.data.entries.length === 0 ? (
        <p>{t('pharmacy.today.none')}</p>
      ) : (
        <ul className="counter-entries">
          {day.data.entries
            .map((one) => ({ ...one, product: `${one.medicine} ${one.presentation[language]}` }))
            .map((entry) => (
              <li
                key={`${entry.kind}-${entry.id}`}
                className="counter-entry"
                data-reversed={entry.reversalReason ? '' : undefined}
              >
                <p className="counter-entry__what">
                  {entry.kind === 'purchase'
                    ? t('pharmacy.today.purchase', { quantity: entry.quantity, product: entry.product })
                    : t('pharmacy.today.redemption', { product: entry.product })}
                </p>
                <p className="counter-entry__detail">
                  {[
                    time.format(new Date(entry.recordedAt)),
                    t('pharmacy.today.receipt', { receipt: entry.receiptId }),
                    entry.total === null ? null : formatMoney(Number(entry.total), language, entry.currency),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                {entry.reversalReason ? (
                  <p className="counter-entry__reversed">
                    {t('pharmacy.today.reversed', { reason: reasonLabel(entry.reversalReason) })}
                  </p>
                ) : (
                  <Button
                    className="button button--ghost counter-button"
                    aria-label={t('pharmacy.today.reverseOf', { product: entry.product, receipt: entry.receiptId })}
                    onPress={() => setReversing(entry)}
                  >
                    {t('pharmacy.today.reverse')}
                  </Button>
                )}
              </li>
            ))}
        </ul>
      )}
      {reversing ? (
        <ReverseDialog
          apiKey={apiKey}
          entry={reversing}
          onClose={() => setReversing(undefined)}
          onReversed={onReversed}
        />
      ) : null}
    </section>
  );
}
