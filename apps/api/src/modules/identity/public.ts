// What other modules may use of identity (decision 064): a password link for an account (the sign-up's "choose your
// password" mail), and an account's live sessions (the record a staff member opens, decision 074).
export { issuePasswordLink } from './recovery-link.ts';
export { PASSWORD_CHANGED, PASSWORD_RESET } from './mails.ts';
export { liveSessionsOf } from './service.ts';
// An account's e-mail changed by an agent, and given back by its old owner (decision 076): every session ends, and the
// password links issued before die.
export { revokeAllSessions, supersedeResets } from './repository.ts';
