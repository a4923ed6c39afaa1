// Step 'personalInfo': first name, first surname, second surname (as the plan asks) and gender.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  FirstNameSchema,
  LastNameSchema,
  SecondSurnameSchema,
  SignupGenderSchema,
} from '@portal/contracts/patient-fields';
import { FormTextField } from '../../../../components/ui/form-text-field.tsx';
import { RadioField } from '../../../../components/ui/radio-field.tsx';
import { NameFields } from '../../../../patient/components/name-fields.tsx';
import { genderOptions } from '../../../../patient/gender.ts';
import { useT } from '../../../../program/use-t.ts';
import type { StepProps } from '../../../../patient/model.ts';
import { StepForm } from '../../../../patient/components/step-form.tsx';
import '../../../../patient/components/steps/person-fields.css';

type Mode = 'required' | 'optional' | 'hidden';

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

function personalInfoSchemaFor(secondSurname: Mode) {
  return z.object({
    firstName: FirstNameSchema,
    lastName: LastNameSchema,
    secondSurname:
      secondSurname === 'required'
        ? SecondSurnameSchema
        : secondSurname === 'optional'
          ? z.preprocess(blankToUndefined, SecondSurnameSchema.optional())
          : z.unknown().transform((): undefined => undefined),
    gender: SignupGenderSchema,
  });
}

export function PersonalInfoStep({ formId, draft, ctx, onDone }: StepProps) {
  const t = useT();
  const secondSurnameMode: Mode = ctx.plan?.fieldSettings.fields.secondSurname ?? 'optional';
  const schema = useMemo(() => personalInfoSchemaFor(secondSurnameMode), [secondSurnameMode]);
  const { control, handleSubmit, formState } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      firstName: draft.personalInfo?.firstName ?? '',
      lastName: draft.personalInfo?.lastName ?? '',
      secondSurname: draft.personalInfo?.secondSurname ?? '',
      gender: draft.personalInfo?.gender,
    },
  });
  const onSubmit = handleSubmit(({ firstName, lastName, secondSurname, gender }) => {
    onDone({ personalInfo: { firstName, lastName, secondSurname: secondSurname ?? undefined, gender } });
  });
  const optional = ` (${t('common.optional')})`;

  return (
    <StepForm id={formId} formState={formState} onSubmit={onSubmit} title={t('signup.personalInfo.title')}>
      <p className="step__subtitle">{t('signup.personalInfo.subtitle')}</p>
      <NameFields control={control} />
      {secondSurnameMode !== 'hidden' ? (
        <FormTextField
          control={control}
          name="secondSurname"
          label={`${t('signup.personalInfo.secondSurname.label')}${secondSurnameMode === 'optional' ? optional : ''}`}
          autoComplete="off"
          isRequired={secondSurnameMode === 'required'}
        />
      ) : null}
      <RadioField
        control={control}
        name="gender"
        label={t('signup.personalInfo.gender.label')}
        options={genderOptions(t)}
        isRequired
      />
    </StepForm>
  );
}
