// A labelled text input without react-aria or a form library, for the screens that must stay small (the login
// route, decision 023). The same markup and look as TextField (text-field.tsx): label, optional
// description, the input row, and the error; the input names its description and error (aria-describedby) and says
// when it is invalid (aria-invalid). Validation messages are text keys, translated here.
import { forwardRef, useId, type ReactNode } from 'react';
import { useT } from '../../program/use-t.ts';

/** The props a text field takes, shared with TextField (text-field.tsx), which adds react-aria's extras. */
export interface TextFieldProps {
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
  /** Something inside the field's row, after the input (e.g. the show-password toggle). */
  adornment?: ReactNode;
}

export const PlainTextField = forwardRef<HTMLInputElement, TextFieldProps>(function PlainTextField(
  { label, name, type = 'text', value, onChange, onBlur, errorKey, description, autoComplete, isRequired, adornment },
  ref,
) {
  const t = useT();
  const id = useId();
  const describedBy = [description ? `${id}-description` : '', errorKey ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {description ? (
        <span id={`${id}-description`} className="field__description">
          {description}
        </span>
      ) : null}
      <div className="field__row">
        <input
          ref={ref}
          id={id}
          className="field__input"
          name={name}
          type={type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          autoComplete={autoComplete}
          aria-required={isRequired || undefined}
          aria-invalid={errorKey ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {adornment}
      </div>
      {errorKey ? (
        <span id={`${id}-error`} className="field__error">
          {t(errorKey)}
        </span>
      ) : null}
    </div>
  );
});
