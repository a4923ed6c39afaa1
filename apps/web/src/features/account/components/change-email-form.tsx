// Change the login e-mail: a confirmation link goes to the new address; nothing changes until it is opened.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Form } from 'react-aria-components';
import { ChangeEmailBodySchema, type ChangeEmailBody } from '@portal/contracts/account';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { EmailField } from '../../../components/ui/form-text-field.tsx';
import { CurrentPasswordField } from './current-password-field.tsx';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { useT } from '../../../program/use-t.ts';
import { changeEmail } from '../api/account-api.ts';
import { applyFieldErrors, errorKeyOf } from '../../../lib/form-errors.ts';

export function ChangeEmailForm() {
  const t = useT();
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | undefined>();
  const { control, handleSubmit, setError, reset, formState } = useForm<ChangeEmailBody>({
    resolver: zodResolver(ChangeEmailBodySchema),
    defaultValues: { newEmail: '', currentPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setStatus(undefined);
    try {
      await changeEmail(values);
      reset();
      setStatus({ tone: 'success', text: t('account.email.sent', { newEmail: values.newEmail }) });
    } catch (error) {
      if (!applyFieldErrors<ChangeEmailBody>(error, setError)) setStatus({ tone: 'error', text: t(errorKeyOf(error)) });
    }
  });

  return (
    <Form className="stack" onSubmit={onSubmit} validationBehavior="aria" aria-label={t('account.email.title')}>
      <p>{t('account.email.hint')}</p>
      {status ? <FormAlert tone={status.tone}>{status.text}</FormAlert> : null}
      <EmailField control={control} name="newEmail" label={t('account.email.new.label')} isRequired />
      <CurrentPasswordField control={control} name="currentPassword" label={t('account.password.current.label')} />
      <div className="actions">
        <PendingButton type="submit" isPending={formState.isSubmitting} pendingLabel={t('common.saving')}>
          {t('account.email.submit')}
        </PendingButton>
      </div>
    </Form>
  );
}
