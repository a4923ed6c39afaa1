// Step 'address': the exact address line, and a location searched in the gazetteer and chosen from the results.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Form } from 'react-aria-components';
import { z } from 'zod';
import { AddressSchema, LocationSchema } from '@portal/contracts/signup';
import { ErrorSummary } from '../../../../components/ui/error-summary.tsx';
import { useT } from '../../../../program/use-t.ts';
import type { StepProps } from '../../../../patient/model.ts';
import { AddressFields } from '../../../../patient/components/address-fields.tsx';

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
    <Form id={formId} className="stack" onSubmit={onSubmit} validationBehavior="aria">
      <ErrorSummary errors={formState.errors} submitCount={formState.submitCount} />
      <h2 className="step__title">{t('signup.address.title')}</h2>
      <p>{t('signup.address.subtitle')}</p>
      <AddressFields control={control} country={country} language={ctx.language} isRequired />
    </Form>
  );
}
