// Step 'details': the dose (unit amount, checked with the server), the frequency and the optional rest time.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { TIME_INTERVALS, type ProductUnit } from '@portal/contracts/enums';
import { FrequencySchema, RestTimeSchema, UnitAmountSchema, unitAmountText } from '@portal/contracts/patient-fields';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { useT } from '../../../program/use-t.ts';
import type { StepProps } from '../../model.ts';
import { useStepPending } from '../../hooks/use-step-pending.ts';
import { isDoseApproved } from '../../api/plan-api.ts';
import {
  AmountIntervalFieldset,
  amountNumber,
  lengthIntervalOptions,
  timeAmountSchema,
  type TimeInterval,
} from './treatment-step.tsx';
import { StepForm } from '../step-form.tsx';
import './paired-fields.css';

const Schema = z.object({
  unitAmount: UnitAmountSchema,
  frequency: timeAmountSchema(FrequencySchema),
  // Optional: a blank amount means no rest time (whatever period is chosen).
  restTime: z
    .object({ amount: z.string().optional(), interval: z.enum(TIME_INTERVALS).optional() })
    .transform((value, ctx) => {
      if ((value.amount ?? '').trim() === '') return undefined;
      const result = RestTimeSchema.safeParse({ amount: amountNumber(value.amount), interval: value.interval });
      if (result.success) return result.data;
      for (const issue of result.error.issues)
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    }),
});
type Values = z.input<typeof Schema>;

type T = ReturnType<typeof useT>;

function unitLabel(t: T, unit: ProductUnit): string {
  switch (unit) {
    case 'tabs':
      return t('signup.treatment.units.tabs');
    case 'caps':
      return t('signup.treatment.units.caps');
    case 'injection':
      return t('signup.treatment.units.injection');
    case 'autoinjection':
      return t('signup.treatment.units.autoinjection');
    case 'vials':
      return t('signup.treatment.units.vials');
    case 'prefilledsyringe':
      return t('signup.treatment.units.prefilledsyringe');
    case 'prefilledpen':
      return t('signup.treatment.units.prefilledpen');
    case 'UI':
      return t('signup.treatment.units.UI');
  }
}

function frequencyIntervalOptions(t: T): { value: TimeInterval; text: string }[] {
  const text: Record<TimeInterval, string> = {
    day: t('signup.details.frequency.intervals.day'),
    week: t('signup.details.frequency.intervals.week'),
    month: t('signup.details.frequency.intervals.month'),
    year: t('signup.details.frequency.intervals.year'),
  };
  return TIME_INTERVALS.map((value) => ({ value, text: text[value] }));
}

const sameAmount = (a: string | undefined, b: string | undefined) =>
  (a ?? '').trim().replace(',', '.') === (b ?? '').trim().replace(',', '.');

export function DetailsStep({ formId, draft, ctx, onDone, onPendingChange }: StepProps) {
  const t = useT();
  const [checkFailed, setCheckFailed] = useState(false);
  const [noProduct, setNoProduct] = useState(false);
  const product = ctx.products?.find((candidate) => candidate.id === draft.treatment?.productId);
  const previous = draft.treatment?.frequency;
  const { control, handleSubmit, setError, formState, watch } = useForm<Values>({
    resolver: zodResolver(Schema, undefined, { raw: true }),
    defaultValues: {
      unitAmount: draft.treatment?.unitAmount ?? '',
      frequency: { amount: previous?.amount ?? '', interval: previous?.interval },
      restTime: { amount: draft.treatment?.restTime?.amount ?? '', interval: draft.treatment?.restTime?.interval },
    },
  });

  // Spec: 'a warning shows on frequency change' (when a frequency was given before and now differs).
  const frequency = watch('frequency');
  const frequencyChanged =
    Boolean(previous?.amount && previous.interval) &&
    (!sameAmount(frequency?.amount, previous?.amount) || frequency?.interval !== previous?.interval);

  useStepPending(formState.isSubmitting, onPendingChange);
  const onSubmit = handleSubmit(async (values) => {
    setCheckFailed(false);
    const parsed = Schema.parse(values);
    const supportPlanId = ctx.plan?.id ?? draft.supportPlanId;
    const productId = draft.treatment?.productId;
    // Only reachable when the treatment step was skipped: the medicine is needed to check the dose.
    setNoProduct(supportPlanId === undefined || productId === undefined);
    if (supportPlanId === undefined || productId === undefined) return;
    try {
      const approved = await isDoseApproved({
        supportPlanId,
        productId,
        unitAmount: unitAmountText(parsed.unitAmount),
        birthDate: draft.birthDate,
      });
      if (!approved) {
        setError('unitAmount', { type: 'server', message: 'signup.details.doseNotApproved' }, { shouldFocus: true });
        return;
      }
    } catch {
      setCheckFailed(true);
      return;
    }
    onDone({
      treatment: {
        ...draft.treatment,
        unitAmount: parsed.unitAmount,
        frequency: { amount: (values.frequency.amount ?? '').trim(), interval: parsed.frequency.interval },
        restTime: parsed.restTime
          ? { amount: (values.restTime.amount ?? '').trim(), interval: parsed.restTime.interval }
          : undefined,
      },
    });
  });

  const doseLabel = product
    ? `${t('signup.details.dose.label')} (${unitLabel(t, product.unit)})`
    : t('signup.details.dose.label');

  return (
    <StepForm id={formId} formState={formState} onSubmit={onSubmit} title={t('signup.details.title')}>
      <p>{t('signup.details.subtitle')}</p>
      {noProduct ? <FormAlert tone="error">{t('signup.treatment.medicine.required')}</FormAlert> : null}
      {checkFailed ? (
        <FormAlert tone="error">
          <p style={{ margin: 0 }}>{t('signup.details.doseCannotValidate')}</p>
          <div className="actions" style={{ marginTop: 'var(--space-2)' }}>
            <PendingButton type="submit" variant="ghost" isPending={formState.isSubmitting}>
              {t('common.retry')}
            </PendingButton>
          </div>
        </FormAlert>
      ) : null}
      <FormTextField
        control={control}
        name="unitAmount"
        label={doseLabel}
        description={product ? `${product.medicine} · ${product.presentation[ctx.language]}` : undefined}
        autoComplete="off"
        isRequired
      />
      <AmountIntervalFieldset
        control={control}
        name="frequency"
        legend={t('signup.details.frequency.label')}
        amountLabel={t('signup.details.frequency.times.label')}
        intervalLabel={t('signup.details.frequency.interval.label')}
        placeholder={t('common.select')}
        options={frequencyIntervalOptions(t)}
        isRequired
        after={
          frequencyChanged ? (
            <FormAlert tone="info" focusOnShow={false}>
              {t('signup.details.frequency.changed')}
            </FormAlert>
          ) : null
        }
      />
      <AmountIntervalFieldset
        control={control}
        name="restTime"
        legend={`${t('signup.details.restTime.label')} (${t('common.optional')})`}
        amountLabel={t('signup.treatment.length.amount.label')}
        intervalLabel={t('signup.treatment.length.interval.label')}
        placeholder={t('signup.details.restTime.none')}
        options={lengthIntervalOptions(t)}
        before={
          <p className="field__description" style={{ margin: 0 }}>
            {t('signup.details.restTime.hint')}
          </p>
        }
      />
      {formState.isSubmitting ? (
        <p className="check-status" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('signup.details.doseChecking')}
        </p>
      ) : null}
    </StepForm>
  );
}
