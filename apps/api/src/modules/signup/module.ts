// Enrolment: the sign-up, pre-registration invitations and the welcome mail's "this wasn't me".
import { defineModule } from '../../platform/module.ts';
import { signupRoutes } from './routes.ts';
import { ENROLMENT, PREREGISTRATION } from './mails.ts';
import { SIGNUP_PATIENT_DATA } from './patient-data.ts';

export const signupModule = defineModule({
  name: 'signup',
  patientData: SIGNUP_PATIENT_DATA,
  auditActions: ['signup', 'preregistration', 'enrolment-disowned'],
  mailKinds: [ENROLMENT, PREREGISTRATION],
  build: ({ db, config, clock, passwords, mailQueued }) => ({
    routes: {
      public: async (app) => app.register(signupRoutes, { db, config, clock, passwords, onMailQueued: mailQueued }),
    },
  }),
});
