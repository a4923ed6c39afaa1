// What other modules may use of the caregiver (decision 064): the caregiver as the profile answers it.
export { toCaregiverProfile } from './service.ts';
// The patient door's resolution of a caregiver's own login (decision 092).
export { createCaregiverResolver, type CaregiverResolver } from './access-door.ts';
