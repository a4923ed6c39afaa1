// The areas a caregiver was granted, and when a minor's caregiver's access ends (decision 092): shared by the access's
// service and the patient door's resolver, with no other import of the module.
import { ageOn } from '@portal/contracts/patient-fields';
import { todayInCountry } from '@portal/contracts/time-zones';
import type { CountryCode } from '@portal/contracts/enums';
import { CARE_AREAS, type CareArea } from '@portal/contracts/caregiver-access';

/** The age at which a minor's caregiver's access ends by itself (issue 39: the 18th birthday). */
export const CAREGIVER_ACCESS_ENDS_AT_AGE = 18;

/** Areas in CARE_AREAS's order, whatever order they came in. */
export function orderedAreas(areas: readonly string[]): CareArea[] {
  return CARE_AREAS.filter((area) => areas.includes(area));
}

/** Whether a patient born on `birthDate` is still a minor for their caregiver's access, today in their country. */
export function isMinor(birthDate: string, country: string, now: Date): boolean {
  return ageOn(birthDate, todayInCountry(country as CountryCode, now)) < CAREGIVER_ACCESS_ENDS_AT_AGE;
}
