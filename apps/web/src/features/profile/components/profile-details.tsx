// The patient's profile as a person reads it: every field of spec section 3 the patient has, nothing editable here.
import type { ReactNode } from 'react';
import type { UserProfile } from '@portal/contracts/identity';
import { COUNTRY_DIAL_CODES, LocationSchema } from '@portal/contracts/patient-fields';
import { countryName, formatDate, formatDateInWords } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { useProgram } from '../../../program/program-context.tsx';
import { useT } from '../../../program/use-t.ts';
import { GENDER_KEYS } from '../../../patient/gender.ts';
import { useIdentificationTypeLabel } from '../../../patient/components/identification-type-field.tsx';
import { Avatar } from './avatar.tsx';

/** All but the last 4 characters hidden: enough for the patient to recognise the number, not for a bystander to copy it. */
export function maskIdentification(number: string): string {
  const visible = 4;
  if (number.length <= visible) return '•'.repeat(number.length);
  return `${'•'.repeat(number.length - visible)}${number.slice(-visible)}`;
}

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
  const typeLabel = useIdentificationTypeLabel();
  const { language } = useLanguage();
  const { config } = useProgram();
  const plan = config?.supportPlans.find((item) => item.id === user.planPatient?.idSupportPlan);
  return (
    <dl className="profile-list">
      <Row label={t('profile.firstName')}>{user.firstName}</Row>
      <Row label={t('profile.lastName')}>{user.lastName}</Row>
      <Row label={t('profile.gender')}>{t(GENDER_KEYS[user.gender])}</Row>
      <Row label={t('profile.birthDate')}>
        {/* In words beside mm/dd/yyyy: a misread day and month shows at once (decision 053). */}
        <span className="profile-list__words">{formatDateInWords(user.birthDate, language)}</span>{' '}
        <span className="profile-list__format">({formatDate(user.birthDate)})</span>
      </Row>
      <Row label={t('profile.country')}>{countryName(user.country, language)}</Row>
      <Row label={t('profile.identification')}>
        {typeLabel(user.typeIdentification, user.country)} {maskIdentification(user.legalIdentification)}
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
