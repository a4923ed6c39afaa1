// What other modules may use of the caregiver (decision 064): the caregiver as the profile answers it.
export { toCaregiverProfile } from './service.ts';
