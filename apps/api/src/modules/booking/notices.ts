// How a booking notice reaches the patient (decision 058, addendum): the outbox row always has the account's e-mail
// (the fallback, and what the purge finds); a patient who chose SMS or WhatsApp adds the channel, the main phone in
// E.164 and the first name, which is all the short text may say of them besides the service and the time.
import type { CountryCode } from '@portal/contracts/enums';
import { COUNTRY_DIAL_CODES, normalizePhoneNumber } from '@portal/contracts/patient-fields';
import type { NoticeContact } from './repository.ts';

/** The payload fields that send a notice as a text; none (e-mail) when the patient chose e-mail or has no phone. */
export function textNoticeFields(contact: NoticeContact | undefined): Record<string, string> {
  if (!contact || contact.noticeChannel === 'email' || !contact.phoneCountry || !contact.phoneNumber) return {};
  const country = contact.phoneCountry as CountryCode;
  const dial = COUNTRY_DIAL_CODES[country];
  if (!dial) return {};
  return {
    channel: contact.noticeChannel,
    phone: `${dial}${normalizePhoneNumber(country, contact.phoneNumber)}`,
    firstName: contact.firstName,
  };
}
