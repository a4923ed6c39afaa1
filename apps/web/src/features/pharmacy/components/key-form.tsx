// The key step (decision 060): the pharmacy's key typed or pasted once on this device, checked by its checksum before
// any call (a mistyped or cut key is refused at once), then by the server, and only then kept.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Form } from 'react-aria-components';
import { z } from 'zod';
import { parsePharmacyKey } from '@portal/contracts/pharmacy-key';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useT } from '../../../program/use-t.ts';
import { getPharmacy, pharmacyMeQuery } from '../api/pharmacy-api.ts';
import { counterErrorText } from '../counter-errors.ts';
import { counterKeyStore } from '../counter-key.ts';
import { CounterActions } from './counter-actions.tsx';
import { CounterTextField, parsedText } from './counter-fields.tsx';

const KeyFormSchema = z.object({
  key: parsedText(parsePharmacyKey, { required: 'pharmacy.key.required', mistyped: 'pharmacy.key.mistyped' }),
});
type KeyForm = z.infer<typeof KeyFormSchema>;

export function KeyStep() {
  const t = useT();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | undefined>();
  const ended = counterKeyStore.endReason();
  const { control, handleSubmit, setError, formState } = useForm<KeyForm>({
    resolver: zodResolver(KeyFormSchema),
    defaultValues: { key: '' },
  });
  const onSubmit = handleSubmit(async ({ key }) => {
    setFailure(undefined);
    try {
      const pharmacy = await getPharmacy(key);
      queryClient.setQueryData(pharmacyMeQuery(key).queryKey, pharmacy);
      counterKeyStore.save(key);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401)
        setError('key', { message: 'pharmacy.key.refused' }, { shouldFocus: true });
      else setFailure(counterErrorText(error, t));
    }
  });
  return (
    <section className="card counter-card stack" aria-labelledby="counter-key-title">
      <h2 id="counter-key-title" className="counter-card__title">
        {t('pharmacy.key.title')}
      </h2>
      {ended === 'refused' ? <FormAlert tone="error">{t('pharmacy.key.refusedBefore')}</FormAlert> : null}
      {ended === 'removed' ? <FormAlert tone="info">{t('pharmacy.key.removed')}</FormAlert> : null}
      <p>{t('pharmacy.key.intro')}</p>
      <Form className="stack" onSubmit={onSubmit} validationBehavior="aria" aria-labelledby="counter-key-title">
        {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
        <CounterTextField
          control={control}
          name="key"
          label={t('pharmacy.key.label')}
          description={t('pharmacy.key.hint')}
        />
        <CounterActions
          isSubmitting={formState.isSubmitting}
          submitLabel={t('pharmacy.key.submit')}
          pendingLabel={t('pharmacy.key.checking')}
        />
      </Form>
    </section>
  );
}
