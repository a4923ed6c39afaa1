// The frame every form field shares: label, optional description, the control(s), and the error message.
// It goes inside a react-aria field (TextField, Select, RadioGroup, DatePicker), whose context links the
// label, description and error to the control for screen readers.
import type { ReactNode } from 'react';
import { FieldError, Label, Text } from 'react-aria-components';
import { useT } from '../../program/use-t.ts';

interface Props {
  label: string;
  description?: string;
  /** A text key (a contract's validation message), translated here; undefined when the field is valid. */
  errorKey?: string;
  children: ReactNode;
}

export function FieldFrame({ label, description, errorKey, children }: Props) {
  const t = useT();
  return (
    <>
      <Label className="field__label">{label}</Label>
      {description ? (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      ) : null}
      {children}
      <FieldError className="field__error">{errorKey ? t(errorKey) : null}</FieldError>
    </>
  );
}
