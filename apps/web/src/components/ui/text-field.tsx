// A labelled text input (react-aria) whose validation messages are text keys, translated here.
import { forwardRef, type ReactNode } from 'react';
import { Input, TextField as AriaTextField } from 'react-aria-components';
import { FieldFrame } from './field-frame.tsx';

interface Props {
  label: string;
  name: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** A text key (from a contract's message) or undefined when the field is valid. */
  errorKey?: string;
  description?: string;
  autoComplete?: string;
  isRequired?: boolean;
  autoFocus?: boolean;
  /** Shown and focusable but not editable (e.g. an e-mail the program already fixed). */
  isReadOnly?: boolean;
  /** Something inside the field's row, after the input (e.g. the show-password toggle). */
  adornment?: ReactNode;
}

export const TextField = forwardRef<HTMLInputElement, Props>(function TextField(
  { label, name, type = 'text', value, onChange, onBlur, errorKey, description, autoComplete, isRequired, autoFocus, isReadOnly, adornment },
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
