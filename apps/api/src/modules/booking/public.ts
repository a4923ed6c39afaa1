// What other modules may use of booking (decision 064): closing an account cancels the appointments still to come; a
// staff member books, moves and cancels on a patient's behalf with the same rules (decision 076).
export { cancelBookingsOfClosingAccount, createBookingService, type BookingService } from './service.ts';
// The patient's chosen text channel (decision 058, addendum), for another module's notice by text (a coupon link sent
// by an agent, decision 078).
export { findNoticeContact } from './repository.ts';
export { textNoticeFields } from './notices.ts';
