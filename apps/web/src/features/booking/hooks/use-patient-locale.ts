// The locale the booking screens write times in: the patient's language, with their country's conventions.
import { localeOf } from '@portal/contracts/booking-format';
import { useLanguage } from '../../../lib/language.tsx';
import { useSignedInUser } from '../../../lib/signed-in-user.ts';
import { useBookingEndpoint } from '../booking-endpoint.ts';

export function usePatientLocale() {
  const { language } = useLanguage();
  const signedIn = useSignedInUser()?.country;
  // On a patient's behalf, the patient's country (the staff member is no signed-in patient).
  return localeOf(language, useBookingEndpoint().country ?? signedIn);
}
