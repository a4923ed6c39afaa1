// Booking on a patient's behalf (issue 35, decision 076): the staff API's paths name the patient whose record the
// session opened, then the booking's own ids; the bodies and answers are the patients' own booking contracts, so the
// rules (horizon, notice, seats, one booking per service, cut-off) are the same ones. Past appointments and whether
// the patient came are the staff's own (decision 085): the portal learns of a missed appointment only from them.
import { z } from 'zod';
import { BookingIdParamsSchema, BookingServiceViewSchema, BookingViewSchema, HoldIdParamsSchema } from './booking.ts';
import { StaffPatientIdParamsSchema } from './staff-records.ts';

export const StaffPatientHoldParamsSchema = StaffPatientIdParamsSchema.extend(HoldIdParamsSchema.shape);
export const StaffPatientBookingParamsSchema = StaffPatientIdParamsSchema.extend(BookingIdParamsSchema.shape);

/** GET /api/v1/staff/patients/{id}/booking/services: what the patient's plan lets them book. */
export const StaffBookingServicesResponseSchema = z.object({
  data: z.object({ services: z.array(BookingServiceViewSchema) }),
});

/** How far back the record lists the appointments whose time has come, to mark whether the patient came. */
export const STAFF_PAST_APPOINTMENT_DAYS = 90;

export const STAFF_ATTENDANCES = ['attended', 'missed'] as const;
export const StaffAttendanceSchema = z.enum(STAFF_ATTENDANCES, { error: 'staff.booking.attendance.required' });
export type StaffAttendance = z.infer<typeof StaffAttendanceSchema>;

/** An appointment whose time has come: `missed` once the staff marked it so, `attended` otherwise. */
export const StaffPastAppointmentSchema = BookingViewSchema.pick({
  bookingId: true,
  service: true,
  place: true,
  startsAt: true,
  endsAt: true,
  timeZone: true,
}).extend({ attendance: StaffAttendanceSchema });
export type StaffPastAppointment = z.infer<typeof StaffPastAppointmentSchema>;

/** GET /api/v1/staff/patients/{id}/bookings/past: the last 90 days' appointments whose time has come, newest first. */
export const StaffPastAppointmentsResponseSchema = z.object({
  data: z.object({ appointments: z.array(StaffPastAppointmentSchema) }),
});

/** POST /api/v1/staff/patients/{id}/bookings/{bookingId}/attendance: whether the patient came. */
export const StaffAttendanceBodySchema = z.strictObject({ attendance: StaffAttendanceSchema });
export type StaffAttendanceBody = z.infer<typeof StaffAttendanceBodySchema>;

export const StaffAttendanceResponseSchema = z.object({ data: StaffPastAppointmentSchema });
