// Booking on a patient's behalf (issue 35, decision 076): the staff API's paths name the patient whose record the
// session opened, then the booking's own ids; the bodies and answers are the patients' own booking contracts, so the
// rules (horizon, notice, seats, one booking per service, cut-off) are the same ones.
import { z } from 'zod';
import { BookingIdParamsSchema, BookingServiceViewSchema, HoldIdParamsSchema } from './booking.ts';
import { StaffPatientIdParamsSchema } from './staff-records.ts';

export const StaffPatientHoldParamsSchema = StaffPatientIdParamsSchema.extend(HoldIdParamsSchema.shape);
export const StaffPatientBookingParamsSchema = StaffPatientIdParamsSchema.extend(BookingIdParamsSchema.shape);

/** GET /api/v1/staff/patients/{id}/booking/services: what the patient's plan lets them book. */
export const StaffBookingServicesResponseSchema = z.object({
  data: z.object({ services: z.array(BookingServiceViewSchema) }),
});
