// Step 'treatment': the medicine (from the plan's medicines for the patient's age), its presentation, and the treatment length.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, type ReactNode } from 'react';
import { useForm, type Control, type FieldPath, type FieldValues, type Resolver } from 'react-hook-form';
import { Button } from 'react-aria-components';
import { z } from 'zod';
import { TIME_INTERVALS } from '@portal/contracts/enums';
import { DurationSchema, type PlanProduct } from '@portal/contracts/patient-fields';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useT } from '../../../program/use-t.ts';
import type { StepProps } from '../../model.ts';
import { StepForm } from '../step-form.tsx';
import './paired-fields.css';

export type TimeInterval = (typeof TIME_INTERVALS)[number];
type T = ReturnType<typeof useT>;

/** A typed amount as the number the contracts check: '' -> undefined (required), '1,5' -> 1.5, 'abc' -> NaN (invalid). */
export function amountNumber(text: string | undefined): number | undefined {
  const trimmed = (text ?? '').trim();
  return trimmed === '' ? undefined : Number(trimmed.replace(',', '.'));
}

/** A time amount typed as text, checked by a contract schema of { amount: number, interval }. */
export function timeAmountSchema<S extends z.ZodType<unknown, { amount: number; interval: TimeInterval }>>(schema: S) {
  return (
    z
      .object({ amount: z.string().optional(), interval: z.enum(TIME_INTERVALS).optional() })
      // A blank amount or a missing interval goes on as undefined, for the contract's own 'required' message.
      .transform(
        (value) =>
          ({ amount: amountNumber(value.amount), interval: value.interval }) as {
            amount: number;
            interval: TimeInterval;
          },
      )
      .pipe(schema)
  );
}

/** Periods of a length (treatment length, rest time): 'Days', 'Weeks'... */
export function lengthIntervalOptions(t: T): { value: TimeInterval; text: string }[] {
  const text: Record<TimeInterval, string> = {
    day: t('signup.treatment.intervals.day'),
    week: t('signup.treatment.intervals.week'),
    month: t('signup.treatment.intervals.month'),
    year: t('signup.treatment.intervals.year'),
  };
  return TIME_INTERVALS.map((value) => ({ value, text: text[value] }));
}

interface AmountIntervalProps<T extends FieldValues> {
  control: Control<T>;
  /** The form's object of { amount, interval } ('duration', 'frequency', 'restTime'). */
  name: string;
  legend: ReactNode;
  amountLabel: string;
  intervalLabel: string;
  placeholder: string;
  options: { value: TimeInterval; text: string }[];
  isRequired?: boolean;
  /** A hint before the pair, or a note after it. */
  before?: ReactNode;
  after?: ReactNode;
}

/** A time amount as people say it: how many, and of what period ('6' 'Months', '2' 'per week'). */
export function AmountIntervalFieldset<T extends FieldValues>({
  control,
  name,
  legend,
  amountLabel,
  intervalLabel,
  placeholder,
  options,
  isRequired,
  before,
  after,
}: AmountIntervalProps<T>) {
  return (
    <fieldset className="field-group">
      <legend className="field__label">{legend}</legend>
      {before}
      <div className="field-pair">
        <FormTextField
          control={control}
          name={`${name}.amount` as FieldPath<T>}
          label={amountLabel}
          autoComplete="off"
          isRequired={isRequired}
        />
        <SelectField
          control={control}
          name={`${name}.interval` as FieldPath<T>}
          label={intervalLabel}
          placeholder={placeholder}
          options={options}
          isRequired={isRequired}
        />
      </div>
      {after}
    </fieldset>
  );
}

const durationSchema = timeAmountSchema(DurationSchema);

/** The form's schema for the medicine chosen so far: a presentation is asked for only when the medicine has several. */
function treatmentSchema(products: PlanProduct[], medicine: string | undefined) {
  const candidates = products.filter((product) => product.medicine === medicine);
  return z.object({
    medicine: z
      .string({ error: 'signup.treatment.medicine.required' })
      .refine((name) => products.some((product) => product.medicine === name), {
        error: 'signup.treatment.medicine.required',
      }),
    productId:
      candidates.length > 1
        ? z
            .number({ error: 'signup.treatment.presentation.required' })
            .refine((id) => candidates.some((product) => product.id === id), {
              error: 'signup.treatment.presentation.required',
            })
        : z.number().optional(),
    duration: durationSchema,
  });
}
type Values = z.input<ReturnType<typeof treatmentSchema>>;

export function TreatmentStep({ formId, draft, ctx, onDone, onChange }: StepProps) {
  const t = useT();
  // Medicines added before in this enrolment are listed (and can be removed when the caller lets them change), never offered again.
  const added = (draft.treatments ?? []).map((item) => ({
    item,
    product: ctx.products?.find((product) => product.id === item.productId),
  }));
  const products = ctx.products?.filter((product) => !added.some(({ item }) => item.productId === product.id));
  const initial = products?.find((product) => product.id === draft.treatment?.productId);
  // The form keeps what was typed (raw); the schema depends on the medicine chosen.
  const resolver: Resolver<Values> = (values, context, options) =>
    zodResolver(treatmentSchema(products ?? [], values.medicine), undefined, { raw: true })(values, context, options);
  const { control, handleSubmit, formState, watch } = useForm<Values>({
    resolver,
    defaultValues: {
      medicine: initial?.medicine,
      productId: initial?.id,
      duration: { amount: draft.treatment?.duration?.amount ?? '', interval: draft.treatment?.duration?.interval },
    },
  });
  const medicine = watch('medicine');
  const medicines = useMemo(
    () =>
      [...new Set((products ?? []).map((product) => product.medicine))].sort((a, b) =>
        a.localeCompare(b, ctx.language),
      ),
    [products, ctx.language],
  );
  const presentations = (products ?? []).filter((product) => product.medicine === medicine);

  const onSubmit = handleSubmit((values) => {
    const candidates = (products ?? []).filter((product) => product.medicine === values.medicine);
    const product =
      candidates.length === 1 ? candidates[0] : candidates.find((candidate) => candidate.id === values.productId);
    if (!product) return;
    // The draft keeps the amount as typed (text).
    onDone({
      treatment: {
        ...draft.treatment,
        productId: product.id,
        duration: { amount: (values.duration.amount ?? '').trim(), interval: values.duration.interval },
      },
    });
  });

  return (
    <StepForm id={formId} formState={formState} onSubmit={onSubmit} title={t('signup.treatment.title')}>
      <p>{t('signup.treatment.subtitle')}</p>
      {added.length > 0 && onChange ? (
        <section className="stack" aria-labelledby={`${formId}-added`}>
          <h3 id={`${formId}-added`} className="field__label" style={{ margin: 0 }}>
            {t('signup.treatment.added.title')}
          </h3>
          <ul className="added-list">
            {added.map(({ item, product }) => (
              <li key={item.productId}>
                <span>{product ? `${product.medicine} · ${product.presentation[ctx.language]}` : null}</span>
                <Button
                  className="button button--ghost"
                  onPress={() =>
                    onChange?.({
                      treatments: (draft.treatments ?? []).filter((other) => other.productId !== item.productId),
                    })
                  }
                >
                  {t('signup.treatment.added.remove', { medicine: product?.medicine ?? '' })}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {products === undefined ? (
        <p className="check-status" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('common.loading')}
        </p>
      ) : products.length === 0 ? (
        <FormAlert tone="info">{t('signup.treatment.noProducts')}</FormAlert>
      ) : (
        <>
          <SelectField
            control={control}
            name="medicine"
            label={t('signup.treatment.medicine.label')}
            placeholder={t('signup.treatment.medicine.placeholder')}
            options={medicines.map((name) => ({ value: name, text: name }))}
            isRequired
          />
          {presentations.length > 1 ? (
            <SelectField
              control={control}
              name="productId"
              label={t('signup.treatment.presentation.label')}
              placeholder={t('common.select')}
              options={presentations.map((product) => ({
                value: String(product.id),
                text: product.presentation[ctx.language],
              }))}
              isNumeric
              isRequired
            />
          ) : presentations.length === 1 ? (
            <div className="field">
              <p className="field__label" style={{ margin: 0 }}>
                {t('signup.treatment.presentation.label')}
              </p>
              <p className="field-readonly">{presentations[0]!.presentation[ctx.language]}</p>
            </div>
          ) : null}
          <AmountIntervalFieldset
            control={control}
            name="duration"
            legend={t('signup.treatment.length.label')}
            amountLabel={t('signup.treatment.length.amount.label')}
            intervalLabel={t('signup.treatment.length.interval.label')}
            placeholder={t('common.select')}
            options={lengthIntervalOptions(t)}
            isRequired
          />
        </>
      )}
    </StepForm>
  );
}
