// What other modules may use of enrolment (decision 064): a disowned enrolment's status (the purge erases it) and the
// gazetteer of addresses (the profile's address search); the welcome mail, and pre-registering from the console with
// its invitations' states (decision 078).
export { DISOWNED_PATIENT_STATUS } from './disown.ts';
export { createGazetteerDirectory } from './locations.ts';
export { ENROLMENT } from './mails.ts';
export { listInvitationsOfEmail, preregisterPatient } from './preregistration.ts';
