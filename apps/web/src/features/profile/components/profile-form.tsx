// Edits what the patient may change (PUT /api/v1/user): names' spelling, gender, language, contact data and address.
// The body is checked with the contract's ProfileUpdateBodySchema; the server's field errors land on the fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Button, Form } from 'react-aria-components';
import { ProfileUpdateBodySchema, type ProfileUpdate } from '@portal/contracts/profile';
import type { UserProfile } from '@portal/contracts/identity';
import { LocationSchema, type Location } from '@portal/contracts/patient-fields';
import type { Language } from '@portal/contracts/enums';
import { ErrorSummary } from '../../../components/ui/error-summary.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { EmailField, FormTextField } from '../../../components/ui/form-text-field.tsx';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { RadioField } from '../../../components/ui/radio-field.tsx';
import { NameFields } from '../../../patient/components/name-fields.tsx';
import { genderOptions } from '../../../patient/gender.ts';
import { applyFieldErrors, errorKeyOf } from '../../../lib/form-errors.ts';
import { useT } from '../../../program/use-t.ts';
import { useUpdateProfile } from '../api/profile-api.ts';
import { AddressFields } from '../../../patient/components/address-fields.tsx';
import { PhoneFields } from '../../../patient/components/phone-fields.tsx';
import { useLanguage } from '../../../lib/language.tsx';
import type { ProfileEditField } from '../profile-edit-field.ts';

interface FormValues {
  firstName: string;
  lastName: string;
  secondSurname: string;
  gender: 'FEMALE' | 'MALE' | 'OTHER';
  language: Language;
  emailAlternative: string;
  phone: { country: string; phoneNumber: string };
  phoneAlternative: string;
  address: { line: string; location?: Location };
}

/** An address left wholly empty is "no address"; half an address is checked (and refused) by the contract. */
function bodyOf(values: FormValues) {
  const hasAddress = values.address.line.trim() !== '' || values.address.location !== undefined;
  return { ...values, address: hasAddress ? values.address : null };
}

/** The contract checks the form (its messages are text keys); the form keeps its own values until submission. */
const resolver: Resolver<FormValues> = async (values, context, options) => {
  const result = await zodResolver(ProfileUpdateBodySchema)(bodyOf(values) as never, context, options as never);
  return Object.keys(result.errors).length > 0
    ? { values: {}, errors: result.errors as never }
    : { values, errors: {} };
};

function defaultsOf(user: UserProfile): FormValues {
  const location = LocationSchema.safeParse(user.address?.location);
  return {
    firstName: user.firstName,
    lastName: user.firstSurname,
    secondSurname: user.secondSurname ?? '',
    gender: user.gender,
    language: user.language,
    emailAlternative: user.emailAlternative ?? '',
    phone: { country: user.phone?.country ?? user.country, phoneNumber: user.phone?.phoneNumber ?? '' },
    phoneAlternative: user.phoneAlternative?.phoneNumber ?? '',
    address: {
      line: typeof user.address?.line === 'string' ? user.address.line : '',
      ...(location.success ? { location: location.data } : {}),
    },
  };
}

/** onDone: saved or cancelled, and the language the profile now has (the caller switches the screens to it). */
export function ProfileForm({
  user,
  onDone,
  focusField,
}: {
  user: UserProfile;
  onDone: (saved: boolean, language: Language) => void;
  /** The field to focus when the form opens (a link promised it). */
  focusField?: ProfileEditField;
}) {
  const t = useT();
  // Countries and places are named in the screen's language (the profile's language is the e-mails').
  const { language } = useLanguage();
  const update = useUpdateProfile();
  const [serverErrorKey, setServerErrorKey] = useState<string | undefined>();
  const { control, handleSubmit, formState, setError, setFocus } = useForm<FormValues>({
    resolver,
    defaultValues: defaultsOf(user),
  });
  useEffect(() => {
    if (focusField) setFocus(focusField);
    // Once, when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = handleSubmit(async (values) => {
    setServerErrorKey(undefined);
    try {
      const body: ProfileUpdate = ProfileUpdateBodySchema.parse(bodyOf(values));
      const saved = await update.mutateAsync(body);
      onDone(true, saved.language);
    } catch (error) {
      if (!applyFieldErrors(error, setError, { code: 'VALIDATION_FAILED' }))
        setServerErrorKey(errorKeyOf(error, 'profile.saveError'));
    }
  });

  return (
    <Form className="stack" onSubmit={onSubmit} validationBehavior="aria" aria-label={t('profile.edit')}>
      <ErrorSummary errors={formState.errors} submitCount={formState.submitCount} />
      {serverErrorKey ? <FormAlert tone="error">{t(serverErrorKey)}</FormAlert> : null}
      <NameFields control={control} />
      <FormTextField
        control={control}
        name="secondSurname"
        label={t('signup.personalInfo.secondSurname.label')}
        isOptional
      />
      <RadioField
        control={control}
        name="gender"
        label={t('profile.gender')}
        orientation="horizontal"
        options={genderOptions(t)}
      />
      <RadioField
        control={control}
        name="language"
        label={t('profile.language')}
        description={t('profile.language.hint')}
        orientation="horizontal"
        options={[
          { value: 'es', text: t('profile.language.es') },
          { value: 'en', text: t('profile.language.en') },
        ]}
      />
      <EmailField control={control} name="emailAlternative" label={t('profile.emailAlternative')} isOptional />
      <PhoneFields
        control={control}
        name="phone"
        numberLabel={t('profile.phone')}
        language={language}
        className="profile-pair"
      />
      <FormTextField
        control={control}
        name="phoneAlternative"
        type="tel"
        label={t('profile.phoneAlternative')}
        isOptional
      />
      <AddressFields control={control} country={user.country} language={language} />
      <div className="actions">
        <PendingButton type="submit" isPending={update.isPending} pendingLabel={t('common.saving')}>
          {t('common.save')}
        </PendingButton>
        <Button
          className="button button--ghost"
          onPress={() => onDone(false, user.language)}
          isDisabled={update.isPending}
        >
          {t('common.cancel')}
        </Button>
      </div>
    </Form>
  );
}
