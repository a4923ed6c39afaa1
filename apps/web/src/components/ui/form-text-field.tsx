// A TextField bound to react-hook-form: the one way forms put a text input on screen.
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { TextField } from './text-field.tsx';

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
  adornment?: ReactNode;
}

export function FormTextField<T extends FieldValues>({ control, name, ...props }: Props<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
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
