// The list of modules (decision 064): app.ts builds each in this order and registers its routes behind their doors.
// Adding a module is its folder with its `module.ts` and one line here. The order is the API document's order of
// operations within each door.
import type { MailKind } from './platform/mail/kinds.ts';
import type { PortalModule } from './platform/module.ts';
import { accountModule } from './modules/account/module.ts';
import { adherenceModule } from './modules/adherence/module.ts';
import { benefitsModule } from './modules/benefits/module.ts';
import { bookingModule } from './modules/booking/module.ts';
import { caregiverModule } from './modules/caregiver/module.ts';
import { clientLogModule } from './modules/client-log/module.ts';
import { figuresModule } from './modules/figures/module.ts';
import { couponModule } from './modules/coupon/module.ts';
import { healthModule } from './modules/health/module.ts';
import { identityModule } from './modules/identity/module.ts';
import { learningModule } from './modules/learning/module.ts';
import { patientsModule } from './modules/patients/module.ts';
import { pharmacyModule } from './modules/pharmacy/module.ts';
import { profileModule } from './modules/profile/module.ts';
import { purchasesModule } from './modules/purchases/module.ts';
import { resourceModule } from './modules/resource/module.ts';
import { signupModule } from './modules/signup/module.ts';
import { staffModule } from './modules/staff/module.ts';
import { treatmentsModule } from './modules/treatments/module.ts';

// Each module keeps its own type (its part of the patient's data's), for the coverage check in patient-data.ts.
export const MODULES = [
  healthModule,
  patientsModule,
  resourceModule,
  clientLogModule,
  identityModule,
  signupModule,
  profileModule,
  caregiverModule,
  treatmentsModule,
  benefitsModule,
  bookingModule,
  accountModule,
  couponModule,
  purchasesModule,
  learningModule,
  pharmacyModule,
  adherenceModule,
  staffModule,
  figuresModule,
] as const satisfies readonly PortalModule[];

/** Every kind of mail the modules send: the outbox worker renders these, and no other. */
export const MAIL_KINDS: readonly MailKind[] = MODULES.flatMap((module) => module.mailKinds ?? []);
