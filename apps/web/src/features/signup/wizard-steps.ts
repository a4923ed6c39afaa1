// The sign-up wizard's step machine, without React: which screens exist for a plan and the answers so far, the
// number of each, the screen before and after one, and the draft each move leaves. useSignupWizard runs it against
// the browser's history; signup-wizard.tsx only renders (wizard-steps.test.ts pins the rules down).
import { SIGNUP_STEPS, TREATMENT_STEPS, type SignupStep } from '@portal/contracts/program-files';
import { ageOn } from '@portal/contracts/patient-fields';
import { MAX_SIGNUP_TREATMENTS } from '@portal/contracts/signup';
import type { PlanProduct } from '@portal/contracts/patient-fields';
import { isStepVisible, type SignupDraft, type WizardContext } from '../../patient/model.ts';
import { TREATMENT_CODE_STEPS } from '../../patient/treatment-draft.ts';
import type { WizardStep } from './draft.ts';

/** The server's refusals that are not about one field, and the step that asks again. */
export const CODE_STEPS: Readonly<Partial<Record<string, SignupStep>>> = {
  EMAIL_ALREADY_REGISTERED: 'email',
  IDENTIFICATION_ALREADY_REGISTERED: 'idNumber',
  CAREGIVER_ALREADY_REGISTERED: 'caregiver',
  ...TREATMENT_CODE_STEPS,
  PREREGISTRATION_LINK_INVALID: 'email',
};

/** What the wizard keeps in each history entry (react-router's location state). */
export interface WizardEntry {
  /** The step this entry shows. */
  signupStep?: WizardStep;
  /** Pushed by the wizard itself: the entry before it is the wizard's previous screen, so Back is history's. */
  inWizard?: boolean;
  /** Reached from the review ("Change", or a refusal of Send): once answered, the wizard goes back to the review. */
  review?: boolean;
  /** On the treatment steps and 'another': which medicine of the enrolment (0 the first). */
  medicine?: number;
}

type TreatmentStep = (typeof TREATMENT_STEPS)[number];
export const isTreatmentStep = (step: WizardStep): step is TreatmentStep =>
  (TREATMENT_STEPS as readonly string[]).includes(step);

/** The medicines of the enrolment: those added before, then the one on the treatment steps. */
export const medicinesOf = (of: SignupDraft) => [
  ...(of.treatments ?? []),
  ...(of.treatment?.productId !== undefined ? [of.treatment] : []),
];

/** Another medicine can be added while the plan offers one not chosen yet (up to the contract's maximum). */
export function canAddAnother(of: SignupDraft, products: readonly PlanProduct[] | undefined): boolean {
  const chosen = medicinesOf(of);
  return (
    chosen.length > 0 &&
    chosen.length < MAX_SIGNUP_TREATMENTS &&
    (products ?? []).some((item) => !chosen.some((medicine) => medicine.productId === item.id))
  );
}

/**
 * The steps that exist for this plan and these answers, in order: the plan's steps before the medicines, each
 * medicine's steps (with 'another' after each one added), 'another' once more when the plan offers one more
 * medicine, then the review. Every screen has its own number, and the total counts only these.
 */
export interface StepPlan {
  /** The plan's visible steps before the medicines. */
  before: SignupStep[];
  /** The visible steps of one medicine. */
  perMedicine: TreatmentStep[];
  /** The medicines added before the one on the treatment steps. */
  added: number;
  /** How many screens the wizard has now. */
  total: number;
}

/** `offered`: how many medicines the plan offers this patient (for any age until the birth date is known). */
export function stepPlanOf(visible: readonly SignupStep[], draft: SignupDraft, offered: number): StepPlan {
  const before = visible.filter((key) => !isTreatmentStep(key));
  const perMedicine = visible.filter(isTreatmentStep);
  const added = draft.treatments?.length ?? 0;
  const asksAnother = added + 1 < Math.min(offered, MAX_SIGNUP_TREATMENTS);
  const total = before.length + (added + 1) * perMedicine.length + added + (asksAnother ? 1 : 0) + 1;
  return { before, perMedicine, added, total };
}

/** The 0-based number of a step's screen. */
export function indexOfStep(step: WizardStep, plan: StepPlan): number {
  const { before, perMedicine, added, total } = plan;
  const medicineStart = before.length + added * (perMedicine.length + 1);
  if (step === 'review') return total - 1;
  if (step === 'another') return medicineStart + perMedicine.length;
  if (isTreatmentStep(step)) return medicineStart + Math.max(0, perMedicine.indexOf(step));
  return Math.max(0, before.indexOf(step));
}

/**
 * The screen before a step (when there is no wizard entry behind this one to go back to). `offersAnother`: the
 * review follows 'another' (canAddAnother).
 */
export function previousStepOf(of: WizardStep, plan: StepPlan, offersAnother: boolean): WizardStep | undefined {
  const { before, perMedicine, added } = plan;
  if (of === 'review') return offersAnother ? 'another' : perMedicine.at(-1);
  if (of === 'another') return perMedicine.at(-1);
  if (isTreatmentStep(of)) {
    const at = perMedicine.indexOf(of);
    return at > 0 ? perMedicine[at - 1] : added > 0 ? 'another' : before.at(-1);
  }
  return before[before.indexOf(of) - 1];
}

/** The answers that belong to one plan: another country's plan asks them again. */
const PLAN_ANSWERS = [
  'identification',
  'weight',
  'caregiver',
  'contact',
  'address',
  'treatment',
  'treatments',
] as const;

/** Where the wizard goes once a step is answered: the next screen, and whether it is asked on the way to the review. */
export interface Move {
  step: WizardStep;
  draft: SignupDraft;
  review?: boolean;
}

export interface AnswerContext {
  /** The step answered. */
  step: WizardStep;
  draft: SignupDraft;
  patch: Partial<SignupDraft>;
  ctx: WizardContext;
  /** The steps visible before this answer. */
  visible: readonly SignupStep[];
  /** The step was asked from the review ("Change", or a refusal of Send). */
  returning: boolean;
}

/** The move after a step's answer: the following visible step, 'another' or the review; back to the review after a change. */
export function moveAfterAnswer({ step, draft, patch, ctx, visible, returning }: AnswerContext): Move {
  const nextDraft: SignupDraft = { ...draft, ...patch };
  const otherPlan = patch.supportPlanId !== undefined && patch.supportPlanId !== draft.supportPlanId;
  // Another country: the plan's questions change, so plan-specific answers start again.
  if (otherPlan) for (const key of PLAN_ANSWERS) delete nextDraft[key];
  const position = SIGNUP_STEPS.indexOf(step as SignupStep);
  const following = SIGNUP_STEPS.slice(position + 1).find((key) =>
    isStepVisible(key, { ...ctx, plan: otherPlan ? undefined : ctx.plan }, nextDraft),
  );
  if (returning && !otherPlan) {
    // A change asked from the review: back to it, once what the change needs is answered too (the rest of
    // that medicine's questions; a caregiver when the birth date makes the patient a minor).
    const { plan, today } = ctx;
    const minorWithout =
      step === 'birthdate' &&
      nextDraft.birthDate !== undefined &&
      plan !== undefined &&
      ageOn(nextDraft.birthDate, today) < plan.fieldSettings.minorAgeYears &&
      !nextDraft.caregiver?.hasCaregiver &&
      visible.includes('caregiver');
    if (minorWithout) return { step: 'caregiver', draft: nextDraft, review: true };
    if (isTreatmentStep(step) && following && isTreatmentStep(following))
      return { step: following, draft: nextDraft, review: true };
    return { step: 'review', draft: nextDraft };
  }
  if (following) return { step: following, draft: nextDraft };
  return { step: canAddAnother(nextDraft, ctx.products) ? 'another' : 'review', draft: nextDraft };
}

/** "Another medicine?" answered: yes puts the chosen ones aside and asks the treatment steps again; no goes to review. */
export function moveAfterAnother(draft: SignupDraft, another: boolean): Move {
  return another
    ? { step: 'treatment', draft: { ...draft, treatments: medicinesOf(draft), treatment: undefined } }
    : { step: 'review', draft };
}

/** Back over "yes, another medicine" to medicine `medicine`: that medicine is the one on the treatment steps again. */
export function draftBackToMedicine(draft: SignupDraft, medicine: number | undefined): SignupDraft {
  if (medicine === undefined || medicine >= (draft.treatments?.length ?? 0)) return draft;
  const all = medicinesOf(draft);
  return { ...draft, treatments: all.filter((_, at) => at !== medicine), treatment: all[medicine] };
}

/** The draft a refusal of Send returns to: a used or expired invitation is dropped, so the person may still enrol. */
export function draftAfterRefusal(draft: SignupDraft, code: string | undefined): SignupDraft {
  if (code !== 'PREREGISTRATION_LINK_INVALID') return draft;
  const { preregistration: _used, ...withoutInvitation } = draft;
  return withoutInvitation;
}
