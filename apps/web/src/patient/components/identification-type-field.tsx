// The identification's questions, its type and its number (the patient's own at enrolment, their caregiver's); the
// types named in the page's language.
import { useCallback } from 'react';
import { useWatch, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { CountryCode, IdentificationType } from '@portal/contracts/enums';
import { nationalDocumentOf } from '@portal/contracts/identification-numbers';
import { FormTextField } from '../../components/ui/form-text-field.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { useT } from '../../program/use-t.ts';

/** The shown name of an identification type in a country, as its people call it (literal keys, for the text checker). */
export function useIdentificationTypeLabel() {
  const t = useT();
  return useCallback(
    (type: IdentificationType, country?: CountryCode): string => {
      switch (country ? nationalDocumentOf(country, type) : undefined) {
        case 'mxCurp':
          return t('signup.identification.types.curp');
        case 'hnDni':
          return t('signup.identification.types.dni');
        case 'svDui':
          return t('signup.identification.types.dui');
        case 'ttNationalId':
          return t('signup.identification.types.nationalId');
        case 'crCedula': // the cédula: IDENTIFICATION's own name
        case 'paCedula':
        case 'doCedula':
        case 'gtDpi': // its own type, IDENTIFICATION_GT
        case 'crDimex': // FOREIGN, as named
        case undefined:
          break;
      }
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

/** The number's hint for a document: its length and an example as the document shows it (literal keys). */
function useIdentificationHint() {
  const t = useT();
  return useCallback(
    (type: IdentificationType | undefined, country: CountryCode | undefined): string => {
      switch (type && country ? nationalDocumentOf(country, type) : undefined) {
        case 'mxCurp':
          return t('signup.idNumber.hints.mxCurp');
        case 'gtDpi':
          return t('signup.idNumber.hints.gtDpi');
        case 'hnDni':
          return t('signup.idNumber.hints.hnDni');
        case 'svDui':
          return t('signup.idNumber.hints.svDui');
        case 'crCedula':
          return t('signup.idNumber.hints.crCedula');
        case 'crDimex':
          return t('signup.idNumber.hints.crDimex');
        case 'doCedula':
          return t('signup.idNumber.hints.doCedula');
        case 'paCedula':
          return t('signup.idNumber.hints.paCedula');
        case 'ttNationalId':
          return t('signup.idNumber.hints.ttNationalId');
        case undefined:
          return t('signup.idNumber.hint');
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
  /** The plan's country: each names its documents as its people do (CURP, DPI, DNI, DUI, cédula). */
  country?: CountryCode;
}

export function IdentificationTypeField<T extends FieldValues>({ control, name, label, types, country }: Props<T>) {
  const t = useT();
  const typeLabel = useIdentificationTypeLabel();
  return (
    <SelectField
      control={control}
      name={name}
      label={label}
      placeholder={t('common.select')}
      options={types.map((type) => ({ value: type, text: typeLabel(type, country) }))}
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
  country,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  types: readonly IdentificationType[];
  whose: 'patient' | 'caregiver';
  /** The plan's country: the types' names and the number's hint (length, example) follow its documents. */
  country?: CountryCode;
}) {
  const labels = useIdentificationLabels(whose);
  const hintOf = useIdentificationHint();
  const type = useWatch({ control, name: `${name}.type` as FieldPath<T> }) as IdentificationType | undefined;
  return (
    <>
      <IdentificationTypeField
        control={control}
        name={`${name}.type` as FieldPath<T>}
        label={labels.type}
        types={types}
        country={country}
      />
      <FormTextField
        control={control}
        name={`${name}.number` as FieldPath<T>}
        label={labels.number}
        description={hintOf(type, country)}
        autoComplete="off"
        isRequired
      />
    </>
  );
}
