// A labelled text input (react-aria) whose validation messages are text keys, translated here.
import { forwardRef } from 'react';
import { Input, TextField as AriaTextField } from 'react-aria-components';
import { FieldFrame } from './field-frame.tsx';
import type { TextFieldProps } from './plain-text-field.tsx';

interface Props extends TextFieldProps {
  autoFocus?: boolean;
  /** Shown and focusable but not editable (e.g. an e-mail the program already fixed). */
  isReadOnly?: boolean;
}

export const TextField = forwardRef<HTMLInputElement, Props>(function TextField(
  {
    label,
    name,
    type = 'text',
    value,
    onChange,
    onBlur,
    errorKey,
    description,
    autoComplete,
    isRequired,
    autoFocus,
    isReadOnly,
    adornment,
  },
  ref,
) {
  return (
    <AriaTextField
      className="field"
      name={name}
      type={type}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      isInvalid={Boolean(errorKey)}
      isRequired={isRequired}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      isReadOnly={isReadOnly}
      validationBehavior="aria"
    >
      <FieldFrame label={label} description={description} errorKey={errorKey}>
        <div className="field__row">
          <Input ref={ref} className="field__input" />
          {adornment}
        </div>
      </FieldFrame>
    </AriaTextField>
  );
});
