// What other modules may use of identity (decision 064): a password link for an account (the sign-up's "choose your
// password" mail), and an account's live sessions (the record a staff member opens, decision 074).
export { issuePasswordLink } from './recovery-link.ts';
export { PASSWORD_CHANGED, PASSWORD_RESET } from './mails.ts';
export { liveSessionsOf } from './service.ts';
