// Profile (/{lang}/profile): the patient's details, their edit, the account's security and the privacy centre.
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useLocation, useNavigate } from 'react-router';
import { AppPage } from '../layouts/app-page.tsx';
import { Card } from '../../components/ui/card.tsx';
import { CallCenterPhones } from '../../components/ui/call-center-phones.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { QueryRegion } from '../../components/ui/query-region.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pathInLanguage, paths } from '../../lib/paths.ts';
import { useUser } from '../../lib/user.ts';
import { useT } from '../../program/use-t.ts';
import { ContactDetails, PersonalDetails, ProfileHeading } from '../../features/profile/components/profile-details.tsx';
import { ProfileForm } from '../../features/profile/components/profile-form.tsx';
import { ChangeEmailForm } from '../../features/account/components/change-email-form.tsx';
import { ChangePasswordForm } from '../../features/account/components/change-password-form.tsx';
import { PrivacyCentre } from '../../features/account/components/privacy-centre.tsx';
import { TermsAcceptanceCard } from '../../features/account/components/terms-acceptance-card.tsx';
import '../../features/profile/components/profile.css';
import { CaregiverSection } from '../sections/caregiver-section.tsx';

export default function ProfileScreen() {
  const t = useT();
  const user = useUser();
  const { language, setLanguage } = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const [isEditing, setEditing] = useState(false);
  // After a change of language the screen opens again under the other prefix, and still says that it saved.
  const [isSaved, setSaved] = useState(() => (location.state as { isProfileSaved?: boolean } | null)?.isProfileSaved === true);
  return (
    <AppPage title={t('profile.title')}>
      <QueryRegion query={user} lines={8}>
        {(profile) => (
          <div className="stack">
            <ProfileHeading user={profile} />
            <TermsAcceptanceCard />
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
                  <Button className="button button--primary" onPress={() => { setSaved(false); setEditing(true); }}>
                    {t('profile.edit')}
                  </Button>
                )
              }
            >
              {isEditing ? (
                <ProfileForm
                  user={profile}
                  onDone={(saved, chosenLanguage) => {
                    // The screens follow the language the patient chose at once (the e-mails follow it on the server).
                    if (saved && chosenLanguage !== profile.language && chosenLanguage !== language) {
                      setLanguage(chosenLanguage);
                      void navigate(pathInLanguage(chosenLanguage, paths.profile), { replace: true, state: { isProfileSaved: true } });
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
            <CaregiverSection />
            <Card title={t('account.password.title')}>
              <ChangePasswordForm email={profile.email} />
            </Card>
            <Card title={t('account.email.title')}>
              <ChangeEmailForm />
            </Card>
            <PrivacyCentre />
          </div>
        )}
      </QueryRegion>
    </AppPage>
  );
}
