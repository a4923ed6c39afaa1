// The patient's account (decisions 019, 020, 044): password, e-mail, terms, the data export, "close my account",
// and the links its mails carry.
import { defineModule } from '../../platform/module.ts';
import { EMAIL_CHANGE_CONFIRM, EMAIL_CHANGE_NOTICE, EMAIL_CHANGED_BY_STAFF_NOTICE } from './mails.ts';
import { createLockoutStore } from '../../platform/lockout.ts';
import { accountLinkRoutes, accountRoutes } from './routes.ts';
import { createAccountService } from './service.ts';
import { ACCOUNT_PATIENT_DATA } from './account-data.ts';

export const accountModule = defineModule({
  name: 'account',
  patientData: ACCOUNT_PATIENT_DATA,
  auditActions: [
    'current-password-refused',
    'password-changed',
    'email-change-requested',
    'email-changed',
    'email-change-disowned',
    'terms-accepted',
    'data-exported',
    'account-closure-requested',
    'account-closure-cancelled',
    'account-erased',
  ],
  mailKinds: [EMAIL_CHANGE_CONFIRM, EMAIL_CHANGE_NOTICE, EMAIL_CHANGED_BY_STAFF_NOTICE],
  build({ db, config, clock, redis, passwords, mailQueued, patientData }) {
    const account = createAccountService({
      db,
      clock,
      config,
      // The current-password checks count per session, apart from the logins' counters (decision 040).
      lockout: createLockoutStore(redis, `${config.REDIS_KEY_PREFIX}current-password:`, clock),
      passwords,
      patientData,
      onMailQueued: mailQueued,
    });
    return {
      routes: {
        public: async (api) => api.register(accountLinkRoutes, { account, perMinute: config.RECOVERY_PER_MINUTE }),
        patient: async (api) => api.register(accountRoutes, { account, perMinute: config.RECOVERY_PER_MINUTE }),
      },
    };
  },
});
