// Which booking API the booking screens call: the patient's own (the default), or the staff's on a patient's behalf
// (decision 076), given by the console around the same screens. Only the flow's own (lazy) files read it: the home's
// appointments card keeps the patient's.
import { createContext, useContext } from 'react';
import { PATIENT_BOOKING, type BookingEndpoint } from './api/booking-api.ts';

export const BookingEndpointContext = createContext<BookingEndpoint>(PATIENT_BOOKING);

export const useBookingEndpoint = () => useContext(BookingEndpointContext);

/** Whether the screens are a staff member's, booking on a patient's behalf (no links into the patient's pages). */
export const useIsOnBehalf = () => useBookingEndpoint() !== PATIENT_BOOKING;
