// What other modules may use of booking (decision 064): closing an account cancels the appointments still to come; a
// staff member books, moves and cancels on a patient's behalf with the same rules (decision 076).
export { cancelBookingsOfClosingAccount, createBookingService, type BookingService } from './service.ts';
