// What other modules may use of enrolment (decision 064): a disowned enrolment's status (the purge erases it) and the
// gazetteer of addresses (the profile's address search).
export { DISOWNED_PATIENT_STATUS } from './disown.ts';
export { createGazetteerDirectory } from './locations.ts';
