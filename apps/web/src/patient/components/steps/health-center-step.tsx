// Step 'healthCenter': where the patient is treated: the name (required) and, as the plan says, public or private.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { HealthCenterNameSchema, HealthCenterTypeSchema } from '@portal/contracts/patient-fields';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { RadioField } from '../../../components/ui/radio-field.tsx';
import { useT } from '../../../program/use-t.ts';
import type { StepProps } from '../../model.ts';
import { StepForm } from '../step-form.tsx';
import './paired-fields.css';

type Mode = 'required' | 'optional' | 'hidden';

function healthCenterSchema(typeMode: Mode) {
  return z.object({
    name: HealthCenterNameSchema,
    type: typeMode === 'required' ? HealthCenterTypeSchema : HealthCenterTypeSchema.optional(),
  });
}

interface Values {
  name: string;
  type?: 'PUBLIC' | 'PRIVATE';
}

export function HealthCenterStep({ formId, draft, ctx, onDone }: StepProps) {
  const t = useT();
  const typeMode: Mode = ctx.plan?.fieldSettings.fields.healthCenterType ?? 'required';
  const schema = useMemo(() => healthCenterSchema(typeMode), [typeMode]);
  const { control, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(schema, undefined, { raw: true }) as Resolver<Values>,
    defaultValues: { name: draft.treatment?.healthCenter?.name ?? '', type: draft.treatment?.healthCenter?.type },
  });

  const onSubmit = handleSubmit((values) => {
    const { name, type } = schema.parse(values);
    onDone({
      treatment: { ...draft.treatment, healthCenter: { name, ...(typeMode !== 'hidden' && type ? { type } : {}) } },
    });
  });

  return (
    <StepForm id={formId} formState={formState} onSubmit={onSubmit} title={t('signup.healthCenter.title')}>
      <p>{t('signup.healthCenter.subtitle')}</p>
      <FormTextField
        control={control}
        name="name"
        label={t('signup.healthCenter.name.label')}
        autoComplete="off"
        isRequired
      />
      {typeMode !== 'hidden' ? (
        <RadioField
          control={control}
          name="type"
          label={
            typeMode === 'optional'
              ? `${t('signup.healthCenter.type.label')} (${t('common.optional')})`
              : t('signup.healthCenter.type.label')
          }
          options={[
            { value: 'PUBLIC', text: t('signup.healthCenter.type.public') },
            { value: 'PRIVATE', text: t('signup.healthCenter.type.private') },
          ]}
          orientation="horizontal"
          isRequired={typeMode === 'required'}
        />
      ) : null}
    </StepForm>
  );
}
