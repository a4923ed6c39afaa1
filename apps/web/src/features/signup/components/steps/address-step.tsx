// Step 'address': the exact address line, and a location searched in the gazetteer and chosen from the results.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { AddressSchema, LocationSchema } from '@portal/contracts/patient-fields';
import { useT } from '../../../../program/use-t.ts';
import type { StepProps } from '../../../../patient/model.ts';
import { AddressFields } from '../../../../patient/components/address-fields.tsx';
import { StepForm } from '../../../../patient/components/step-form.tsx';

const Schema = z.object({
  address: z.object({
    // Typing without choosing leaves no location: 'Search and choose a location'.
    location: LocationSchema,
    line: AddressSchema.shape.line,
  }),
});

export function AddressStep({ formId, draft, ctx, onDone }: StepProps) {
  const t = useT();
  const country = ctx.plan?.country ?? draft.country;
  const { control, handleSubmit, formState } = useForm<z.input<typeof Schema>, unknown, z.output<typeof Schema>>({
    resolver: zodResolver(Schema),
    defaultValues: { address: { line: draft.address?.line ?? '', location: draft.address?.location } },
  });

  const onSubmit = handleSubmit(({ address }) => {
    onDone({ address });
  });

  return (
    <StepForm id={formId} formState={formState} onSubmit={onSubmit} title={t('signup.address.title')}>
      <p>{t('signup.address.subtitle')}</p>
      <AddressFields control={control} country={country} language={ctx.language} isRequired />
    </StepForm>
  );
}
