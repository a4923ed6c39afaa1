// The identification's questions, its type and its number (the patient's own at enrolment, their caregiver's); the
// types named in the page's language.
import { useCallback } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import type { IdentificationType } from '@portal/contracts/enums';
import { FormTextField } from '../../components/ui/form-text-field.tsx';
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

/** The two questions' labels, for the person they are about (literal keys, for the text checker). */
function useIdentificationLabels(whose: 'patient' | 'caregiver') {
  const t = useT();
  return whose === 'patient'
    ? { type: t('signup.idNumber.type.label'), number: t('signup.idNumber.label') }
    : { type: t('signup.caregiver.idType.label'), number: t('signup.caregiver.idNumber.label') };
}

/** The form's identification, an object of `type` and `number` (as the contract's), asked of the patient or their caregiver. */
export function IdentificationFields<T extends FieldValues>({
  control,
  name,
  types,
  whose,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  types: readonly IdentificationType[];
  whose: 'patient' | 'caregiver';
}) {
  const t = useT();
  const labels = useIdentificationLabels(whose);
  return (
    <>
      <IdentificationTypeField
        control={control}
        name={`${name}.type` as FieldPath<T>}
        label={labels.type}
        types={types}
      />
      <FormTextField
        control={control}
        name={`${name}.number` as FieldPath<T>}
        label={labels.number}
        description={t('signup.idNumber.hint')}
        autoComplete="off"
        isRequired
      />
    </>
  );
}
