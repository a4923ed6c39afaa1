// Step 'doctor': the treating doctor's first and last name, required or optional as the plan says; never # @ % $.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { DoctorFirstNameSchema, DoctorLastNameSchema } from '@portal/contracts/patient-fields';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { useT } from '../../../program/use-t.ts';
import type { StepProps } from '../../model.ts';
import { StepForm } from '../step-form.tsx';
import './paired-fields.css';

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
/** Optional names: blank is fine, anything typed still follows the contract. */
const optionalName = <S extends z.ZodType>(schema: S) => z.preprocess(blankToUndefined, schema.optional());

function doctorSchema(isRequired: boolean) {
  return z.object({
    firstName: isRequired ? DoctorFirstNameSchema : optionalName(DoctorFirstNameSchema),
    lastName: isRequired ? DoctorLastNameSchema : optionalName(DoctorLastNameSchema),
  });
}

interface Values {
  firstName: string;
  lastName: string;
}

export function DoctorStep({ formId, draft, ctx, onDone }: StepProps) {
  const t = useT();
  const isRequired = (ctx.plan?.fieldSettings.fields.doctorName ?? 'required') === 'required';
  const schema = useMemo(() => doctorSchema(isRequired), [isRequired]);
  const { control, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(schema, undefined, { raw: true }) as Resolver<Values>,
    defaultValues: {
      firstName: draft.treatment?.doctor?.firstName ?? '',
      lastName: draft.treatment?.doctor?.lastName ?? '',
    },
  });

  const onSubmit = handleSubmit((values) => {
    const { firstName, lastName } = schema.parse(values);
    const doctor = { ...(firstName ? { firstName } : {}), ...(lastName ? { lastName } : {}) };
    onDone({ treatment: { ...draft.treatment, doctor } });
  });

  const names = [
    { name: 'firstName', label: t('signup.doctor.firstName.label') },
    { name: 'lastName', label: t('signup.doctor.lastName.label') },
  ] as const;

  return (
    <StepForm id={formId} formState={formState} onSubmit={onSubmit} title={t('signup.doctor.title')}>
      <p>{t('signup.doctor.subtitle')}</p>
      {names.map((field) => (
        <FormTextField
          key={field.name}
          control={control}
          name={field.name}
          label={field.label}
          autoComplete="off"
          isRequired={isRequired}
          isOptional={!isRequired}
        />
      ))}
    </StepForm>
  );
}
