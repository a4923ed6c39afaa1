// A phone as two answers: the country's dial code and the number (the patient's contact, their caregiver's, the profile).
import { useMemo } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import type { Language } from '@portal/contracts/enums';
import { FormTextField } from '../../components/ui/form-text-field.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { useT } from '../../program/use-t.ts';
import { dialCodeOptions } from '../dial-codes.ts';

interface Props<T extends FieldValues> {
  control: Control<T>;
  /** The form's phone, an object of `country` (the dial code's) and `phoneNumber` (as the contract's phones). */
  name: FieldPath<T>;
  /** Default: the enrolment's question of the person's own phone (signup.contact.phone.label). */
  numberLabel?: string;
  /** The language the countries are named in. */
  language: Language;
  /** Default: the person's own national number (`tel-national`). */
  autoComplete?: string;
  /** The layout of the pair (each screen lays it out its own way). */
  className: string;
}

export function PhoneFields<T extends FieldValues>({
  control,
  name,
  numberLabel,
  language,
  autoComplete = 'tel-national',
  className,
}: Props<T>) {
  const t = useT();
  const options = useMemo(() => dialCodeOptions(language), [language]);
  const partOf = (part: 'country' | 'phoneNumber') => `${name}.${part}` as FieldPath<T>;
  return (
    <div className={className}>
      <SelectField
        control={control}
        name={partOf('country')}
        label={t('signup.contact.countryCode.label')}
        placeholder={t('common.select')}
        options={options}
        isRequired
      />
      <FormTextField
        control={control}
        name={partOf('phoneNumber')}
        label={numberLabel ?? t('signup.contact.phone.label')}
        type="tel"
        autoComplete={autoComplete}
        isRequired
      />
    </div>
  );
}
