// What other modules may use of identity (decision 064): a password link for an account (the sign-up's "choose your
// password" mail).
export { issuePasswordLink } from './recovery-link.ts';
export { PASSWORD_CHANGED, PASSWORD_RESET } from './mails.ts';
