// Booking (decision 058): the services' free slots, holds and appointments, their notices and the reminder job.
import { defineModule } from '../../platform/module.ts';
import { BOOKING_MAIL_KINDS } from './mails.ts';
import { BOOKING_REMINDER_INTERVAL_MS, queueDueReminders } from './reminders.ts';
import { completePast } from './repository.ts';
import { bookingRoutes } from './routes.ts';
import { BOOKING_PATIENT_DATA } from './patient-data.ts';

export const bookingModule = defineModule({
  name: 'booking',
  patientData: BOOKING_PATIENT_DATA,
  feature: 'booking',
  auditActions: ['booking-confirmed', 'booking-rescheduled', 'booking-cancelled', 'booking-attendance-recorded'],
  mailKinds: BOOKING_MAIL_KINDS,
  build: ({ db, clock, config, mailQueued }) => ({
    routes: {
      patient: async (app) =>
        app.register(bookingRoutes, {
          db,
          clock,
          perMinute: config.BOOKING_PER_MINUTE,
          holdsPerPatient: config.BOOKING_HOLDS_PER_PATIENT,
          publicUrl: config.PUBLIC_URL,
          onMailQueued: mailQueued,
        }),
    },
    // The reminder a day before each appointment, queued once whichever instance runs the round.
    jobs: [
      {
        name: 'booking-reminders',
        intervalMs: BOOKING_REMINDER_INTERVAL_MS,
        run: (now) => queueDueReminders(db, now, config.PUBLIC_URL),
        onHandled: mailQueued,
      },
      // Appointments whose time has ended leave `confirmed` (decision 085): the staff may mark one missed.
      { name: 'booking-complete-past', intervalMs: BOOKING_REMINDER_INTERVAL_MS, run: (now) => completePast(db, now) },
    ],
  }),
});
