// A TextField bound to react-hook-form: the one way forms put a text input on screen.
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { TextField } from './text-field.tsx';
import { useT } from '../../program/use-t.ts';

interface Props<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  description?: string;
  isRequired?: boolean;
  autoFocus?: boolean;
  isReadOnly?: boolean;
  /** The label says the question may be left blank ("(optional)"). */
  isOptional?: boolean;
  adornment?: ReactNode;
}

export function FormTextField<T extends FieldValues>({ control, name, label, isOptional, ...props }: Props<T>) {
  const t = useT();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          label={isOptional ? `${label} (${t('common.optional')})` : label}
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          errorKey={fieldState.error?.message}
          ref={field.ref}
        />
      )}
    />
  );
}

/** An e-mail address: the e-mail keyboard, and the browser offers the person's own. */
export function EmailField<T extends FieldValues>(props: Omit<Props<T>, 'type' | 'autoComplete'>) {
  return <FormTextField {...props} type="email" autoComplete="email" />;
}
