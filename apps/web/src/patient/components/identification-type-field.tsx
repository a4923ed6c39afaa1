// The identification type's question (the patient's own at enrolment, their caregiver's), its options named in the
// page's language.
import { useCallback } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import type { IdentificationType } from '@portal/contracts/enums';
import { SelectField } from '../../components/ui/select-field.tsx';
import { useT } from '../../program/use-t.ts';

/** The shown name of an identification type (literal keys, for the text checker). */
function useIdentificationTypeLabel() {
  const t = useT();
  return useCallback(
    (type: IdentificationType): string => {
      switch (type) {
        case 'IDENTIFICATION':
          return t('signup.identification.types.identification');
        case 'IDENTIFICATION_GT':
          return t('signup.identification.types.identificationGt');
        case 'LICENSE':
          return t('signup.identification.types.license');
        case 'SOCIAL_SECURITY':
          return t('signup.identification.types.socialSecurity');
        case 'PASSPORT':
          return t('signup.identification.types.passport');
        case 'TYPE_OTHER':
          return t('signup.identification.types.typeOther');
        case 'TYPE_MINOR':
          return t('signup.identification.types.typeMinor');
        case 'FOREIGN':
          return t('signup.identification.types.foreign');
      }
    },
    [t],
  );
}

interface Props<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  /** The plan's identification types, in its order. */
  types: readonly IdentificationType[];
}

export function IdentificationTypeField<T extends FieldValues>({ control, name, label, types }: Props<T>) {
  const t = useT();
  const typeLabel = useIdentificationTypeLabel();
  return (
    <SelectField
      control={control}
      name={name}
      label={label}
      placeholder={t('common.select')}
      options={types.map((type) => ({ value: type, text: typeLabel(type) }))}
      isRequired
    />
  );
}
