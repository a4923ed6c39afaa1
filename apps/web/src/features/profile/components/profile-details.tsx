// The patient's profile as a person reads it: every field of spec section 3 the patient has, nothing editable here.
import type { ReactNode } from 'react';
import type { CountryCode, Language } from '@portal/contracts/enums';
import type { UserProfile } from '@portal/contracts/identity';
import { COUNTRY_DIAL_CODES, LocationSchema } from '@portal/contracts/signup';
import { formatDate } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { useProgram } from '../../../program/program-context.tsx';
import { useT } from '../../../program/use-t.ts';
import { GENDER_KEYS } from '../../../patient/gender.ts';
import { Avatar } from './avatar.tsx';

/** All but the last 4 characters hidden: enough for the patient to recognise the number, not for a bystander to copy it. */
export function maskIdentification(number: string): string {
  const visible = 4;
  if (number.length <= visible) return '•'.repeat(number.length);
  return `${'•'.repeat(number.length - visible)}${number.slice(-visible)}`;
}

export function countryName(country: CountryCode, language: Language): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}

const IDENTIFICATION_TYPE_KEYS: Record<UserProfile['typeIdentification'], string> = {
  IDENTIFICATION: 'signup.identification.types.identification',
  IDENTIFICATION_GT: 'signup.identification.types.identificationGt',
  LICENSE: 'signup.identification.types.license',
  SOCIAL_SECURITY: 'signup.identification.types.socialSecurity',
  PASSPORT: 'signup.identification.types.passport',
  TYPE_OTHER: 'signup.identification.types.typeOther',
  TYPE_MINOR: 'signup.identification.types.typeMinor',
  FOREIGN: 'signup.identification.types.foreign',
};

function addressText(address: UserProfile['address']): string | null {
  if (!address) return null;
  const line = typeof address.line === 'string' ? address.line : '';
  const location = LocationSchema.safeParse(address.location);
  return [line, location.success ? location.data.label : ''].filter(Boolean).join(', ') || null;
}

function phoneText(phone: UserProfile['phone']): string | null {
  return phone ? `${COUNTRY_DIAL_CODES[phone.country]} ${phone.phoneNumber}` : null;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

export function ProfileHeading({ user }: { user: UserProfile }) {
  const t = useT();
  return (
    <div className="profile-head">
      <Avatar gender={user.gender} label={t('profile.avatarAlt')} />
      <p className="profile-head__name">{user.displayName}</p>
    </div>
  );
}

export function PersonalDetails({ user }: { user: UserProfile }) {
  const t = useT();
  const { language } = useLanguage();
  const { config } = useProgram();
  const plan = config?.supportPlans.find((item) => item.id === user.planPatient?.idSupportPlan);
  return (
    <dl className="profile-list">
      <Row label={t('profile.firstName')}>{user.firstName}</Row>
      <Row label={t('profile.lastName')}>{user.lastName}</Row>
      <Row label={t('profile.gender')}>{t(GENDER_KEYS[user.gender])}</Row>
      <Row label={t('profile.birthDate')}>{formatDate(user.birthDate)}</Row>
      <Row label={t('profile.country')}>{countryName(user.country, language)}</Row>
      <Row label={t('profile.identification')}>
        {t(IDENTIFICATION_TYPE_KEYS[user.typeIdentification])} {maskIdentification(user.legalIdentification)}
      </Row>
      {plan ? <Row label={t('profile.plan')}>{plan.name[language]}</Row> : null}
      {user.startPeriod && user.endPeriod ? (
        <Row label={t('profile.periodLabel')}>
          {t('profile.period', { start: formatDate(user.startPeriod), end: formatDate(user.endPeriod) })}
        </Row>
      ) : null}
      <Row label={t('profile.status')}>
        {t(user.status === 'ACTIVE' ? 'profile.status.active' : 'profile.status.inactive')}
      </Row>
    </dl>
  );
}

export function ContactDetails({ user }: { user: UserProfile }) {
  const t = useT();
  const notGiven = t('profile.notGiven');
  return (
    <dl className="profile-list">
      <Row label={t('profile.email')}>{user.email}</Row>
      <Row label={t('profile.emailAlternative')}>{user.emailAlternative ?? notGiven}</Row>
      <Row label={t('profile.phone')}>{phoneText(user.phone) ?? notGiven}</Row>
      <Row label={t('profile.phoneAlternative')}>{phoneText(user.phoneAlternative) ?? notGiven}</Row>
      <Row label={t('profile.address')}>{addressText(user.address) ?? notGiven}</Row>
      <Row label={t('profile.language')}>
        {t(user.language === 'es' ? 'profile.language.es' : 'profile.language.en')}
      </Row>
    </dl>
  );
}
