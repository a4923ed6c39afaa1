// The staff directory and its door (decision 068): the program company's own people set up an account from a one-time
// link (password and authenticator), log in with both, and call the staff API behind the third door with a bearer
// token of the directory, checked in the database on every call.
import { createStaffActionsService } from './actions.ts';
import { staffActionRoutes } from './actions-routes.ts';
import { createLockoutStore, LOCKOUT_FREE_FAILURES, LOCKOUT_MAX_MS } from '../../platform/lockout.ts';
import { defineModule, openDoor } from '../../platform/module.ts';
import { createStaffAdminService } from './admin.ts';
import { staffAdminRoutes } from './admin-routes.ts';
import { STAFF_DOOR } from './door.ts';
import { COUPON_LINK_BY_STAFF, SESSIONS_ENDED_BY_STAFF, STAFF_BULK_OPENING, STAFF_SETUP } from './mails.ts';
import { STAFF_PATIENT_DATA } from './patient-data.ts';
import { createBookingService } from '../booking/public.ts';
import { createOutreachService, settingsByProgram } from '../adherence/public.ts';
import { readProgramConfigs } from '../../db/seed.ts';
import { staffOutreachRoutes } from './outreach-routes.ts';
import { staffBookingRoutes } from './booking-routes.ts';
import { createStaffRecordsService } from './records.ts';
import { createStaffRecoveryService } from './recovery.ts';
import { patientAccessLogRoutes, staffRecordRoutes } from './records-routes.ts';
import { staffPublicRoutes, staffSessionRoutes } from './routes.ts';
import { createStaffService } from './service.ts';

export const staffModule = defineModule({
  name: 'staff',
  auditActions: [
    'staff-added',
    'staff-setup-completed',
    'staff-login',
    'staff-second-factor-refused',
    'staff-recovery-code-used',
    'staff-logout',
    'staff-disabled',
    'staff-enabled',
    'staff-assisted-recovery',
    'staff-roles-changed',
    'staff-second-factor-reset',
    'staff-bulk-opening-alerted',
  ],
  mailKinds: [STAFF_SETUP, SESSIONS_ENDED_BY_STAFF, COUPON_LINK_BY_STAFF, STAFF_BULK_OPENING],
  patientData: STAFF_PATIENT_DATA,
  build({ db, config, clock, redis, passwords, patientData, programs, mailQueued, metrics }) {
    const staff = createStaffService({
      db,
      clock,
      config,
      passwords,
      loginLockout: createLockoutStore(redis, `${config.REDIS_KEY_PREFIX}staff-login:`, clock),
      // Five wrong codes lock the second factor for 15 minutes at once (not the logins' growing locks).
      codeLockout: createLockoutStore(redis, `${config.REDIS_KEY_PREFIX}staff-code:`, clock, {
        freeFailures: LOCKOUT_FREE_FAILURES,
        firstMs: LOCKOUT_MAX_MS,
        maxMs: LOCKOUT_MAX_MS,
      }),
    });
    const records = createStaffRecordsService({ db, clock, patientData, config, onMailQueued: mailQueued });
    const admin = createStaffAdminService({ db, staff, clock, config, programs });
    const recovery = createStaffRecoveryService({ db, clock, config, records, onMailQueued: mailQueued });
    // Booking on a patient's behalf: the booking module's own service and rules (decision 076).
    const bookings = createBookingService({
      db,
      clock,
      holdsPerPatient: config.BOOKING_HOLDS_PER_PATIENT,
      publicUrl: config.PUBLIC_URL,
      onMailQueued: mailQueued,
      onBookingChanged: (change, programId) =>
        metrics.count(change === 'booked' ? 'appointments_booked' : 'appointments_cancelled', programId),
    });
    const actions = createStaffActionsService({ db, clock, config, records, onMailQueued: mailQueued });
    // The outreach list (decision 080): adherence's service, worked from the console.
    const outreach = createOutreachService({
      db,
      clock,
      settingsOf: settingsByProgram(readProgramConfigs(config.PROGRAMS_DIR), programs.all()),
    });
    return {
      doors: [openDoor(STAFF_DOOR, (request) => staff.resolveCaller(request.headers.authorization))],
      routes: {
        public: async (api) =>
          api.register(staffPublicRoutes, {
            staff,
            limits: { loginPerMinute: config.LOGIN_PER_MINUTE, addressFactor: config.RATE_LIMIT_ADDRESS_FACTOR },
          }),
        staff: async (api) => {
          await api.register(staffSessionRoutes, { staff });
          await api.register(staffRecordRoutes, { records, recovery });
          await api.register(staffBookingRoutes, { records, bookings });
          await api.register(staffActionRoutes, { actions, limits: { welcomePerMinute: config.RECOVERY_PER_MINUTE } });
          await api.register(staffAdminRoutes, { admin });
          await api.register(staffOutreachRoutes, { outreach, records });
        },
        patient: async (api) => api.register(patientAccessLogRoutes, { records }),
      },
    };
  },
});
