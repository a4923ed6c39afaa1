// 'Create new password' / 'Enter a new password for {0}': strength meter, minimum 8, repeat must match.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Form } from 'react-aria-components';
import { PasswordAndRepeatSchema } from '@portal/contracts/identity';
import { passwordUserInputs } from '@portal/contracts/password-rules';
import { ApiError } from '../../../lib/api-client.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { useT } from '../../../program/use-t.ts';
import { resetPassword } from '../api/recovery-api.ts';
import { linkRefusalOf, type LinkRefusal } from './recovery-outcomes.tsx';
import { usePasswordStrength } from '../../../components/ui/password-strength.ts';
import {
  NewPasswordField,
  refuseWeakPassword,
  RepeatPasswordField,
} from '../../../components/ui/new-password-field.tsx';
import { PendingButton } from '../../../components/ui/pending-button.tsx';

interface Props {
  email: string;
  nonce: string;
  signature: string;
  onSaved: () => void;
  onExpired: (reason: LinkRefusal) => void;
}

export function NewPasswordForm({ email, nonce, signature, onSaved, onExpired }: Props) {
  const t = useT();
  const [saveFailed, setSaveFailed] = useState(false);
  const { control, handleSubmit, watch, setError, formState } = useForm<{ password: string; repeat: string }>({
    resolver: zodResolver(PasswordAndRepeatSchema),
    defaultValues: { password: '', repeat: '' },
  });
  const password = watch('password');
  const strength = usePasswordStrength(password, passwordUserInputs(email));

  const onSubmit = handleSubmit(async (values) => {
    setSaveFailed(false);
    if (refuseWeakPassword(strength, setError, 'password', 'passwordRecovery.newPassword.tooWeak')) return;
    try {
      await resetPassword(nonce, signature, values.password);
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.error?.code === 'RECOVERY_LINK_EXPIRED') onExpired(linkRefusalOf(error));
      // The server's refusal of the password itself (decision 041) goes on its field, as the meter's would.
      else if (!applyFieldErrors(error, setError, { code: 'VALIDATION_FAILED', shouldFocus: true }))
        setSaveFailed(true);
    }
  });

  return (
    <Form className="stack" onSubmit={onSubmit} validationBehavior="aria">
      <p className="lead">{t('passwordRecovery.newPassword.subtitle', { 0: email })}</p>
      {saveFailed ? <FormAlert tone="error">{t('passwordRecovery.newPassword.error')}</FormAlert> : null}
      <NewPasswordField
        control={control}
        name="password"
        label={t('passwordRecovery.newPassword.password.label')}
        strength={strength}
        autoFocus
      />
      <RepeatPasswordField control={control} name="repeat" label={t('passwordRecovery.newPassword.repeat.label')} />
      <PendingButton
        type="submit"
        className="button button--primary button--block"
        isPending={formState.isSubmitting}
        pendingLabel={t('passwordRecovery.newPassword.saving')}
      >
        {saveFailed ? t('passwordRecovery.newPassword.retry') : t('passwordRecovery.newPassword.save')}
      </PendingButton>
    </Form>
  );
}
