// The enrolment wizard's model: the draft a person fills step by step, and what each step needs to know.
import type { CountryCode, Gender, IdentificationType, Language } from '@portal/contracts/enums';
import type { FieldSettings, SignupStep } from '@portal/contracts/program-files';
import type { Location, PlanProduct } from '@portal/contracts/patient-fields';
import type { PreregistrationLink } from '@portal/contracts/signup';
import type { ProgramInfo } from '../program/program-content.ts';
import type { LocalizedText } from '@portal/contracts/localized-text';

/** What the form holds: close to SignupBody, with text where people type numbers. Kept in sessionStorage. */
export interface SignupDraft {
  idempotencyKey: string;
  /** v=ppr: the invitation whose held data prefilled this draft (sent with the sign-up, which uses it up). */
  preregistration?: PreregistrationLink;
  country?: CountryCode;
  supportPlanId?: number;
  email?: string;
  identification?: { type?: IdentificationType; number?: string };
  personalInfo?: { firstName?: string; lastName?: string; secondSurname?: string; gender?: Gender };
  weight?: { value?: string; unit?: 'kg' | 'lb' };
  /** YYYY-MM-DD */
  birthDate?: string;
  caregiver?: {
    hasCaregiver?: boolean;
    relation?: 'DIRECT_FAMILY' | 'INDIRECT_FAMILY' | 'OTHER';
    firstName?: string;
    lastName?: string;
    identification?: { type?: IdentificationType; number?: string };
    phone?: { country?: CountryCode; phoneNumber?: string };
    email?: string;
  };
  contact?: {
    phone?: { country?: CountryCode; phoneNumber?: string };
    phoneAlternative?: string;
    emailAlternative?: string;
  };
  address?: { line?: string; location?: Location };
  password?: string;
  consent?: { accepted?: boolean; termsVersion?: string };
  /** Medicines already added in this enrolment ('Do you use another medicine?' answered yes); complete. */
  treatments?: TreatmentDraft[];
  /** The medicine being entered on the treatment steps. */
  treatment?: TreatmentDraft;
}

export interface TreatmentDraft {
  productId?: number;
  unitAmount?: string;
  frequency?: { amount?: string; interval?: 'day' | 'week' | 'month' | 'year' };
  duration?: { amount?: string; interval?: 'day' | 'week' | 'month' | 'year' };
  restTime?: { amount?: string; interval?: 'day' | 'week' | 'month' | 'year' };
  startDate?: string;
  notStarted?: boolean;
  doctor?: { firstName?: string; lastName?: string };
  healthCenter?: { name?: string; type?: 'PUBLIC' | 'PRIVATE' };
  customTherapy?: { hasCode?: boolean; code?: string };
}

export interface PatientPlan {
  id: number;
  country: CountryCode;
  name: LocalizedText;
  identificationTypes: IdentificationType[];
  fieldSettings: FieldSettings;
}

/** Everything a step may read besides the draft. */
export interface WizardContext {
  program: ProgramInfo;
  /** The support plan of the chosen country (undefined until the country step is done). */
  plan?: PatientPlan;
  language: Language;
  /** v=sp: the account is created without a password (a link to set it is mailed). */
  skipPassword: boolean;
  /** v=ppr with a usable invitation: the draft was prefilled from what the program holds; the e-mail stays as invited. */
  preregistered: boolean;
  /** Today, YYYY-MM-DD (the date rules' reference). */
  today: string;
  /** The medicines the plan offers at the patient's age (after the birthdate step). */
  products?: PlanProduct[];
}

/**
 * A step: a small form of its own (react-hook-form + the contract's field schemas) whose submit button is
 * the wizard's Next (`form={formId}`). On a valid submit (after any check call) it hands its part of the
 * draft to `onDone`; it never navigates by itself.
 */
export interface StepProps {
  formId: string;
  draft: SignupDraft;
  ctx: WizardContext;
  onDone: (patch: Partial<SignupDraft>) => void;
  /** Changes the draft without leaving the step (e.g. removing a medicine added before). */
  onChange?: (patch: Partial<SignupDraft>) => void;
  /** Told while the step's submit waits for the server (a check call), so the Next button shows it (useStepPending). */
  onPendingChange?: (isPending: boolean) => void;
}

/** Whether a step shows for this plan and draft. */
export function isStepVisible(step: SignupStep, ctx: WizardContext, draft: SignupDraft): boolean {
  if (step === 'country') return true;
  const settings = ctx.plan?.fieldSettings;
  if (!settings) return step === 'email';
  if (step === 'password' && ctx.skipPassword) return false;
  if (step === 'identification') return false; // folded into idNumber: type and number are asked together
  if (step === 'doctor' && settings.fields.doctorName === 'hidden') return false;
  if (step === 'caregiver' && !settings.steps.caregiver) return false;
  void draft;
  return settings.steps[step];
}
