// The person's names as the enrolment asks them and the profile edits them: one spelling of the fields, their
// autocomplete and their texts.
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from '../../components/ui/form-text-field.tsx';
import { useT } from '../../program/use-t.ts';

/** The names every person gives, both required (the second surname differs by screen and plan), in their order. */
const NAMES = [
  { name: 'firstName', labelKey: 'signup.personalInfo.firstName.label', autoComplete: 'given-name' },
  { name: 'lastName', labelKey: 'signup.personalInfo.lastName.label', autoComplete: 'family-name' },
] as const;

export function NameFields<T extends FieldValues & { firstName: string; lastName: string }>({
  control,
}: {
  control: Control<T>;
}) {
  const t = useT();
  return NAMES.map((field) => (
    <FormTextField
      key={field.name}
      control={control}
      name={field.name as FieldPath<T>}
      label={t(field.labelKey)}
      autoComplete={field.autoComplete}
      isRequired
    />
  ));
}
