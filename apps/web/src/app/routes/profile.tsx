// Profile (/{lang}/profile): the patient's details and their edit (features/profile), the caregiver, the account's
// security (password, e-mail, my sessions) and the privacy centre, each from its own domain; how appointment notices
// reach the patient and whether refill reminders come (the card shows where booking or purchases is on).
import { Link } from 'react-router';
import { Card } from '../../components/ui/card.tsx';
import { QueryRegion } from '../../components/ui/query-region.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pathInLanguage, paths } from '../../lib/paths.ts';
import { useUser } from '../../lib/user.ts';
import { useT } from '../../program/use-t.ts';
import { ChangeEmailForm } from '../../features/account/components/change-email-form.tsx';
import { ChangePasswordForm } from '../../features/account/components/change-password-form.tsx';
import { MySessions } from '../../features/account/components/my-sessions.tsx';
import { PrivacyCentre } from '../../features/account/components/privacy-centre.tsx';
import { TermsAcceptanceCard } from '../../features/account/components/terms-acceptance-card.tsx';
import { CaregiverSection } from '../../features/caregiver/components/caregiver-section.tsx';
import { NoticePreferencesCard } from '../../features/profile/components/notice-preferences-card.tsx';
import { ProfileSections } from '../../features/profile/components/profile-sections.tsx';
import { AppPage } from '../layouts/app-page.tsx';

export default function ProfileScreen() {
  const t = useT();
  const user = useUser();
  const { language } = useLanguage();
  return (
    <AppPage
      title={t('profile.title')}
      // Where a patient looks for it first: 'Log out' at the top of the profile (closing the account is in the privacy centre).
      actions={
        <Link className="button button--ghost" to={pathInLanguage(language, paths.logout)}>
          {t('nav.logout')}
        </Link>
      }
    >
      <QueryRegion query={user} lines={8}>
        {(profile) => (
          <div className="stack">
            <ProfileSections profile={profile} afterHeading={<TermsAcceptanceCard />} />
            <NoticePreferencesCard />
            <CaregiverSection />
            <Card title={t('account.password.title')}>
              <ChangePasswordForm email={profile.email} />
            </Card>
            <Card title={t('account.email.title')}>
              <ChangeEmailForm />
            </Card>
            <MySessions />
            <PrivacyCentre />
          </div>
        )}
      </QueryRegion>
    </AppPage>
  );
}
