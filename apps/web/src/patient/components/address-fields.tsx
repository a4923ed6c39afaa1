// The address as the enrolment asks it and the profile edits it: a location searched in the gazetteer and chosen from
// the results, then the exact address line.
import { useWatch, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { CountryCode, Language } from '@portal/contracts/enums';
import type { Location } from '@portal/contracts/patient-fields';
import { FormTextField } from '../../components/ui/form-text-field.tsx';
import { LocationSearchField } from '../../components/ui/location-search-field.tsx';
import { useT } from '../../program/use-t.ts';
import { locationSearchQuery } from '../api/places-api.ts';

/** The form's `address` (line and chosen location), searched in the country's places named in `language`. */
export function AddressFields<T extends FieldValues & { address: { line: string; location?: Location } }>({
  control,
  country,
  language,
  isRequired = false,
}: {
  control: Control<T>;
  country: CountryCode | undefined;
  language: Language;
  isRequired?: boolean;
}) {
  const t = useT();
  const location = useWatch({ control, name: 'address.location' as FieldPath<T> }) as Location | undefined;
  return (
    <>
      <LocationSearchField
        control={control}
        name={'address.location' as FieldPath<T>}
        searchQuery={(text) => locationSearchQuery(country, language, text)}
        initialLabel={location?.label ?? ''}
        isRequired={isRequired}
      />
      <FormTextField
        control={control}
        name={'address.line' as FieldPath<T>}
        label={t('signup.address.line.label')}
        description={t('signup.address.line.hint')}
        autoComplete="street-address"
        isRequired={isRequired}
      />
    </>
  );
}
