// The home's profile card: what is missing from the patient's profile (alternative phone, alternative e-mail, caregiver),
// each with the place to complete it (the profile's edit form with that field focused); a plain confirmation when
// nothing is missing.
import { Link } from 'react-aria-components';
import { Card } from '../../../components/ui/card.tsx';
import { QueryRegion } from '../../../components/ui/query-region.tsx';
import { useLanguage } from '../../../lib/language.tsx';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { useUser } from '../../../lib/user.ts';
import { isFeatureEnabled } from '../../../lib/features.ts';
import { useProgram } from '../../../program/program-context.tsx';
import { useT } from '../../../program/use-t.ts';
import { profileEditHref } from '../profile-edit-field.ts';

export function ProfileCompletenessCard() {
  const t = useT();
  const { language } = useLanguage();
  const user = useUser();
  const { featureToggles } = useProgram();
  const isCaregiverOn = isFeatureEnabled('caregiver', featureToggles);
  const profileHref = pathInLanguage(language, paths.profile);
  return (
    <Card title={t('home.profile.title')}>
      <QueryRegion query={user} lines={2}>
        {(profile) => {
          const missing = [
            ...(profile.phoneAlternative
              ? []
              : [
                  {
                    key: 'phoneAlternative',
                    text: t('home.profile.missing.phoneAlternative'),
                    href: profileEditHref(profileHref, 'phoneAlternative'),
                  },
                ]),
            ...(profile.emailAlternative
              ? []
              : [
                  {
                    key: 'emailAlternative',
                    text: t('home.profile.missing.emailAlternative'),
                    href: profileEditHref(profileHref, 'emailAlternative'),
                  },
                ]),
            ...(profile.caregiver || !isCaregiverOn
              ? []
              : [
                  {
                    key: 'caregiver',
                    text: t('home.profile.missing.caregiver'),
                    href: pathInLanguage(language, paths.caregiverAdd),
                  },
                ]),
          ];
          return missing.length === 0 ? (
            <p>{t('home.profile.complete')}</p>
          ) : (
            <>
              <p>{t('home.profile.incomplete', { count: missing.length })}</p>
              <ul className="link-list">
                {missing.map((item) => (
                  <li key={item.key}>
                    <Link className="text-link" href={item.href}>
                      {item.text}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          );
        }}
      </QueryRegion>
    </Card>
  );
}
