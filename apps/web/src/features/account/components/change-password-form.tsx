// Change password: the current one (proof it is the patient), the new one with the strength meter.
// Every other session ends on the server; this one goes on.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Form } from 'react-aria-components';
import { ChangePasswordBodySchema, type ChangePasswordBody } from '@portal/contracts/account';
import { passwordUserInputs } from '@portal/contracts/password-rules';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { usePasswordStrength } from '../../../components/ui/password-strength.ts';
import { CurrentPasswordField } from './current-password-field.tsx';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { NewPasswordField, refuseWeakPassword } from '../../../components/ui/new-password-field.tsx';
import { applyFieldErrors, errorKeyOf } from '../../../lib/form-errors.ts';
import { useT } from '../../../program/use-t.ts';
import { changePassword } from '../api/account-api.ts';

export function ChangePasswordForm({ email }: { email: string }) {
  const t = useT();
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; key: string } | undefined>();
  const { control, handleSubmit, watch, setError, reset, formState } = useForm<ChangePasswordBody>({
    resolver: zodResolver(ChangePasswordBodySchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const strength = usePasswordStrength(watch('newPassword'), passwordUserInputs(email));

  const onSubmit = handleSubmit(async (values) => {
    setStatus(undefined);
    if (refuseWeakPassword(strength, setError, 'newPassword', 'passwordRecovery.newPassword.tooWeak')) return;
    try {
      await changePassword(values);
      reset();
      setStatus({ tone: 'success', key: 'account.password.changed' });
    } catch (error) {
      if (!applyFieldErrors<ChangePasswordBody>(error, setError)) setStatus({ tone: 'error', key: errorKeyOf(error) });
    }
  });

  return (
    <Form className="stack" onSubmit={onSubmit} validationBehavior="aria" aria-label={t('account.password.title')}>
      {status ? <FormAlert tone={status.tone}>{t(status.key)}</FormAlert> : null}
      <CurrentPasswordField control={control} name="currentPassword" label={t('account.password.current.label')} />
      <NewPasswordField
        control={control}
        name="newPassword"
        label={t('account.password.new.label')}
        strength={strength}
      />
      <div className="actions">
        <PendingButton type="submit" isPending={formState.isSubmitting} pendingLabel={t('common.saving')}>
          {t('account.password.submit')}
        </PendingButton>
      </div>
    </Form>
  );
}
