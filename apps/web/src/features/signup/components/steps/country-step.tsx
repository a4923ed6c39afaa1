// Step 'country': where the patient lives; it chooses the support plan (and so every later step's settings).
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SignupCountrySchema } from '@portal/contracts/patient-fields';
import { countriesQuery } from '../../../../patient/api/places-api.ts';
import { SelectField } from '../../../../components/ui/select-field.tsx';
import { useT } from '../../../../program/use-t.ts';
import type { StepProps } from '../../../../patient/model.ts';
import { StepForm } from '../../../../patient/components/step-form.tsx';

const Schema = z.object({ country: SignupCountrySchema });

export function CountryStep({ formId, draft, ctx, onDone }: StepProps) {
  const t = useT();
  const countries = useQuery(countriesQuery(ctx.language));
  const { control, handleSubmit, formState } = useForm<z.input<typeof Schema>>({
    resolver: zodResolver(Schema),
    defaultValues: { country: draft.country },
  });
  const served = (countries.data ?? []).filter((country) => ctx.program.countries.includes(country.code));
  const onSubmit = handleSubmit(({ country }) => {
    const plan = ctx.program.supportPlans.find((candidate) => candidate.country === country);
    onDone({ country, supportPlanId: plan?.id });
  });
  return (
    <StepForm id={formId} formState={formState} onSubmit={onSubmit} title={t('signup.country.title')}>
      {countries.isError ? <p className="form-alert form-alert--error">{t('signup.country.loadError')}</p> : null}
      <SelectField
        control={control}
        name="country"
        label={t('signup.country.label')}
        placeholder={t('signup.country.placeholder')}
        description={t('signup.country.hint')}
        options={served.map((country) => ({ value: country.code, text: country.name }))}
        isRequired
      />
    </StepForm>
  );
}
