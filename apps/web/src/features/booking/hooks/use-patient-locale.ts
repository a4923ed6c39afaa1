// The locale the booking screens write times in: the patient's language, with their country's conventions.
import { localeOf } from '@portal/contracts/booking-format';
import { useLanguage } from '../../../lib/language.tsx';
import { useSignedInUser } from '../../../lib/signed-in-user.ts';

export function usePatientLocale() {
  const { language } = useLanguage();
  return localeOf(language, useSignedInUser()?.country);
}
