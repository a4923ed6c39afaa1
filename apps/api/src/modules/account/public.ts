// What other modules may use of the account (decision 074): the gathering of every module's part of the patient's
// data, which the data export answers and the staff's read-only record reuses.
export { collectPatientData } from './data-export.ts';
export { changeEmailOnBehalf, EMAIL_NOT_ME_PAGE_PATH } from './email-on-behalf.ts';
