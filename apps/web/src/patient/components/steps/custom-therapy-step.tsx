// Step 'customTherapy': whether the patient has a custom-therapy code and, if so, the code.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { TherapyCodeSchema } from '@portal/contracts/patient-fields';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { YesNoField } from '../../../components/ui/radio-field.tsx';
import { useT } from '../../../program/use-t.ts';
import type { StepProps } from '../../model.ts';
import { StepForm } from '../step-form.tsx';
import './paired-fields.css';

// An unanswered question says 'Select an option' (no text of its own yet); the code follows the contract.
const Schema = z.discriminatedUnion(
  'hasCode',
  [
    z.object({ hasCode: z.literal(true), code: TherapyCodeSchema }),
    z.object({ hasCode: z.literal(false), code: z.unknown().optional() }),
  ],
  { error: 'signup.customTherapy.question.required' },
);

interface Values {
  hasCode?: boolean;
  code: string;
}

export function CustomTherapyStep({ formId, draft, onDone }: StepProps) {
  const t = useT();
  const { control, handleSubmit, formState, watch } = useForm<Values>({
    resolver: zodResolver(Schema, undefined, { raw: true }) as Resolver<Values>,
    defaultValues: {
      hasCode: draft.treatment?.customTherapy?.hasCode,
      code: draft.treatment?.customTherapy?.code ?? '',
    },
  });
  const hasCode = watch('hasCode');

  const onSubmit = handleSubmit((values) => {
    const parsed = Schema.parse(values);
    onDone({
      treatment: {
        ...draft.treatment,
        customTherapy: parsed.hasCode ? { hasCode: true, code: parsed.code } : { hasCode: false },
      },
    });
  });

  return (
    <StepForm id={formId} formState={formState} onSubmit={onSubmit} title={t('signup.customTherapy.title')}>
      <YesNoField
        control={control}
        name="hasCode"
        label={t('signup.customTherapy.question')}
        description={t('signup.customTherapy.hint')}
        yesText={t('signup.customTherapy.yes')}
        noText={t('signup.customTherapy.no')}
        isRequired
      />
      {hasCode === true ? (
        <FormTextField
          control={control}
          name="code"
          label={t('signup.customTherapy.code.label')}
          autoComplete="off"
          isRequired
        />
      ) : null}
    </StepForm>
  );
}
