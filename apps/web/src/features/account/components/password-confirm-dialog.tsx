// A dialog that asks for the account's password before a call that must not run on a stolen token alone ("download
// my data", "close my account"; decisions 019 and 044): the password field, its refusals and the call's failure.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { CloseAccountBodySchema, ExportDataBodySchema } from '@portal/contracts/account';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { applyFieldErrors, errorKeyOf } from '../../../lib/form-errors.ts';
import { useT } from '../../../program/use-t.ts';
import { CurrentPasswordField } from './current-password-field.tsx';

/** Both bodies are the password alone; each call keeps its own schema. */
type PasswordBody = { currentPassword: string };

interface Props {
  schema: typeof ExportDataBodySchema | typeof CloseAccountBodySchema;
  title: string;
  body: string;
  passwordLabel: string;
  confirmLabel: string;
  pendingLabel: string;
  cancelLabel?: string;
  variant?: 'danger' | 'primary';
  role?: 'alertdialog' | 'dialog';
  /** The message key of a failure the server gave no message for (default: errors.general). */
  failureKey?: string;
  /** Moves the focus to the password when the server refuses it. */
  focusRefusedField?: boolean;
  /** The confirmed call; a throw is shown in the dialog, which stays open. */
  onConfirm: (currentPassword: string) => Promise<void>;
  onCancel: () => void;
}

export function PasswordConfirmDialog({
  schema,
  passwordLabel,
  failureKey,
  focusRefusedField = false,
  onConfirm,
  ...dialog
}: Props) {
  const t = useT();
  const [errorKey, setErrorKey] = useState<string | undefined>();
  const { control, handleSubmit, setError, formState } = useForm<PasswordBody>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '' },
  });
  const onSubmit = handleSubmit(async ({ currentPassword }) => {
    setErrorKey(undefined);
    try {
      await onConfirm(currentPassword);
    } catch (error) {
      if (!applyFieldErrors<PasswordBody>(error, setError, { shouldFocus: focusRefusedField }))
        setErrorKey(errorKeyOf(error, failureKey));
    }
  });
  return (
    <ConfirmDialog
      {...dialog}
      error={errorKey ? t(errorKey) : undefined}
      isPending={formState.isSubmitting}
      onConfirm={onSubmit}
    >
      <CurrentPasswordField control={control} name="currentPassword" label={passwordLabel} autoFocus />
    </ConfirmDialog>
  );
}
