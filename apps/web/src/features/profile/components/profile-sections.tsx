// The profile's own sections: the heading, the personal data (changed only through the call center) and the contact
// data with their edit. What other domains add to the screen (the terms, the caregiver, the account) the route places.
import { useState, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { UserProfile } from '@portal/contracts/identity';
import { CallCenterPhones } from '../../../components/ui/call-center-phones.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { useLanguage } from '../../../lib/language.tsx';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { useT } from '../../../program/use-t.ts';
import { PROFILE_EDIT_PARAM, profileEditFieldOf } from '../profile-edit-field.ts';
import { ContactDetails, PersonalDetails, ProfileHeading } from './profile-details.tsx';
import { ProfileForm } from './profile-form.tsx';
import './profile.css';

interface Props {
  profile: UserProfile;
  /** Shown under the heading (the terms to accept). */
  afterHeading?: ReactNode;
}

export function ProfileSections({ profile, afterHeading }: Props) {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  // A link that promised a field (the home's 'Add an alternative phone') opens the form on that field.
  const [focusField] = useState(() => profileEditFieldOf(searchParams));
  const [isEditing, setEditing] = useState(focusField !== undefined);
  // After a change of language the screen opens again under the other prefix, and still says that it saved.
  const [isSaved, setSaved] = useState(
    () => (location.state as { isProfileSaved?: boolean } | null)?.isProfileSaved === true,
  );
  return (
    <>
      <ProfileHeading user={profile} />
      {afterHeading}
      {isSaved && !isEditing ? <FormAlert tone="success">{t('profile.saved')}</FormAlert> : null}
      <Card title={t('profile.personalData')}>
        <PersonalDetails user={profile} />
        <p>{t('profile.callCenterToChange')}</p>
        <CallCenterPhones country={profile.country} />
      </Card>
      <Card
        title={t('profile.contactData')}
        actions={
          isEditing ? null : (
            <Button
              className="button button--primary"
              onPress={() => {
                setSaved(false);
                setEditing(true);
              }}
            >
              {t('profile.edit')}
            </Button>
          )
        }
      >
        {isEditing ? (
          <ProfileForm
            user={profile}
            focusField={focusField}
            onDone={(saved, chosenLanguage) => {
              if (searchParams.has(PROFILE_EDIT_PARAM)) setSearchParams({}, { replace: true });
              // The screens follow the language the patient chose at once (the e-mails follow it on the server).
              if (saved && chosenLanguage !== profile.language && chosenLanguage !== language) {
                setLanguage(chosenLanguage);
                void navigate(pathInLanguage(chosenLanguage, paths.profile), {
                  replace: true,
                  state: { isProfileSaved: true },
                });
                return;
              }
              setSaved(saved);
              setEditing(false);
            }}
          />
        ) : (
          <ContactDetails user={profile} />
        )}
      </Card>
    </>
  );
}
