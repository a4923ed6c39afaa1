// What other modules may use of booking (decision 064): closing an account cancels the appointments still to come.
export { cancelBookingsOfClosingAccount } from './service.ts';
