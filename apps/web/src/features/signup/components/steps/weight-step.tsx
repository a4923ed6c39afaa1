// Step 'weight': the patient's weight in the plan's unit (kg or lb, switchable), required or optional per plan.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { WeightSchema } from '@portal/contracts/patient-fields';
import { FormTextField } from '../../../../components/ui/form-text-field.tsx';
import { RadioField } from '../../../../components/ui/radio-field.tsx';
import { useT } from '../../../../program/use-t.ts';
import type { StepProps } from '../../../../patient/model.ts';
import { StepForm } from '../../../../patient/components/step-form.tsx';
import '../../../../patient/components/steps/person-fields.css';

type Unit = 'kg' | 'lb';
const WEIGHT_TEXT = /^\d{1,4}(\.\d+)?$/;

/** The form keeps text; the contract's WeightSchema checks the number. Optional + blank gives undefined. */
function weightFormSchemaFor(required: boolean) {
  return z
    .object({ value: z.string().optional(), unit: z.enum(['kg', 'lb'], { error: 'signup.weight.required' }) })
    .transform((form, ctx) => {
      const text = (form.value ?? '').trim().replace(',', '.');
      if (text === '') {
        if (required) {
          ctx.addIssue({ code: 'custom', path: ['value'], message: 'signup.weight.required' });
          return z.NEVER;
        }
        return { text: undefined, unit: form.unit };
      }
      const invalid = form.unit === 'kg' ? 'signup.weight.invalidKg' : 'signup.weight.invalidLb';
      const parsed = WEIGHT_TEXT.test(text)
        ? WeightSchema.safeParse({ value: Number(text), unit: form.unit })
        : undefined;
      if (!parsed?.success) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: parsed?.error.issues[0]?.message ?? invalid });
        return z.NEVER;
      }
      return { text, unit: parsed.data.unit };
    });
}

export function WeightStep({ formId, draft, ctx, onDone }: StepProps) {
  const t = useT();
  const settings = ctx.plan?.fieldSettings;
  const required = (settings?.fields.weight ?? 'required') === 'required';
  const schema = useMemo(() => weightFormSchemaFor(required), [required]);
  const { control, handleSubmit, formState } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { value: draft.weight?.value ?? '', unit: draft.weight?.unit ?? settings?.weightUnit ?? 'kg' },
  });
  const unit = (useWatch({ control, name: 'unit' }) ?? 'kg') as Unit;
  const onSubmit = handleSubmit(({ text, unit: chosen }) => {
    onDone({ weight: text === undefined ? { unit: chosen } : { value: text, unit: chosen } });
  });
  const unitShort = unit === 'kg' ? t('signup.weight.unit.kg') : t('signup.weight.unit.lb');
  const kgName = `${t('signup.weight.unitName.kg')} (${t('signup.weight.unit.kg')})`;
  const lbName = `${t('signup.weight.unitName.lb')} (${t('signup.weight.unit.lb')})`;

  return (
    <StepForm id={formId} formState={formState} onSubmit={onSubmit} title={t('signup.weight.title')}>
      <p className="step__subtitle">{t('signup.weight.subtitle')}</p>
      <div className="weight-field">
        <FormTextField
          control={control}
          name="value"
          label={`${t('signup.weight.label')} (${unitShort})${required ? '' : ` (${t('common.optional')})`}`}
          autoComplete="off"
          isRequired={required}
          adornment={
            <span className="weight-field__unit" aria-hidden="true">
              {unitShort}
            </span>
          }
        />
      </div>
      <RadioField
        control={control}
        name="unit"
        label={`${t('signup.weight.label')}: ${t('signup.weight.unitName.kg')} / ${t('signup.weight.unitName.lb')}`}
        orientation="horizontal"
        options={[
          { value: 'kg', text: kgName },
          { value: 'lb', text: lbName },
        ]}
        isRequired
      />
    </StepForm>
  );
}
