// A checkbox (react-aria) bound to react-hook-form, with its error under it.
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Checkbox } from 'react-aria-components';
import { useId } from 'react';
import { useT } from '../../program/use-t.ts';

interface Props<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
}

export function CheckboxField<T extends FieldValues>({ control, name, label }: Props<T>) {
  const t = useT();
  const errorId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className="field">
          <Checkbox
            className="checkbox"
            name={field.name}
            isSelected={field.value === true}
            onChange={field.onChange}
            onBlur={field.onBlur}
            isInvalid={Boolean(fieldState.error)}
            inputRef={field.ref}
            aria-describedby={fieldState.error ? errorId : undefined}
          >
            <span className="checkbox__box" aria-hidden="true" />
            <span>{label}</span>
          </Checkbox>
          {fieldState.error?.message ? (
            <p id={errorId} className="field__error">
              {t(fieldState.error.message)}
            </p>
          ) : null}
        </div>
      )}
    />
  );
}
