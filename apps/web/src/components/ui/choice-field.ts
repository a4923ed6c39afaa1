// What the fields that offer a choice among options (RadioField, SelectField) take, and how they show the form's value.
import type { Control, FieldPath, FieldValues } from 'react-hook-form';

export interface ChoiceFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  /** The value in the form (as text) and the text on screen. */
  options: { value: string; text: string }[];
  description?: string;
  isRequired?: boolean;
}

/** The option a form value stands for: none while it is unset, else its text (a number or boolean as text). */
export function choiceKeyOf(value: string | number | boolean | null | undefined): string | null {
  return value === undefined || value === null ? null : String(value);
}
