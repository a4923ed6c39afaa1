// What the sign-up wizard does around its steps: the draft kept across reloads, the plan and its medicines, the
// invitation's prefill (v=ppr), each step as an entry of the browser's history (so its Back is the wizard's), the
// guard against leaving mid-way, the focus on each new step's title, and Send with its refusals. The step machine
// itself is wizard-steps.ts; signup-wizard.tsx only renders what this returns.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SIGNUP_STEPS } from '@portal/contracts/program-files';
import { todayIso } from '@portal/contracts/patient-fields';
import type { PreregistrationLink, SignupResponse } from '@portal/contracts/signup';
import { todayInCountry } from '@portal/contracts/time-zones';
import type { Language } from '@portal/contracts/enums';
import { ApiError } from '../../../lib/api-client.ts';
import { stripLanguage } from '../../../lib/paths.ts';
import { useLeaveGuard } from '../../../lib/app-history.ts';
import { useProgram } from '../../../program/program-context.tsx';
import { preregistrationQuery, submitSignup } from '../api/signup-api.ts';
import { planProductsAnyAgeQuery, planProductsQuery } from '../../../patient/api/plan-api.ts';
import { useSupportPlan } from '../../../patient/hooks/use-patient-plan.ts';
import { stepRefusalOf } from '../../../patient/step-refusal.ts';
import { isStepVisible, type SignupDraft, type WizardContext } from '../../../patient/model.ts';
import {
  draftOfPreregistration,
  hasProgress,
  stepOfField,
  toSignupBody,
  useWizardState,
  WIZARD_STEPS,
  type WizardStep,
} from '../draft.ts';
import {
  canAddAnother,
  CODE_STEPS,
  draftAfterRefusal,
  draftBackToMedicine,
  indexOfStep,
  isTreatmentStep,
  medicinesOf,
  moveAfterAnother,
  moveAfterAnswer,
  previousStepOf,
  stepPlanOf,
  type Move,
  type WizardEntry,
} from '../wizard-steps.ts';

export interface SignupWizardOptions {
  language: Language;
  skipPassword: boolean;
  /** v=ppr: the invitation link's n and s (already taken out of the address bar). */
  invitation?: PreregistrationLink;
}

export function useSignupWizard({ language, skipPassword, invitation }: SignupWizardOptions) {
  const { program } = useProgram();
  const { state, save, clear } = useWizardState();
  const { draft, step } = state;
  const location = useLocation();
  const navigate = useNavigate();
  const entry = (location.state ?? null) as WizardEntry | null;
  const returning = entry?.review === true;
  const [phase, setPhase] = useState<'form' | 'processing' | 'done'>('form');
  const [result, setResult] = useState<SignupResponse['data']>();
  const [refusal, setRefusal] = useState<{ messageKey: string }>();
  const [submitFailed, setSubmitFailed] = useState(false);
  /** The step's submit waits for the server (e-mail, identification, citizen, age or dose check). */
  const [isStepPending, setStepPending] = useState(false);
  const stepRef = useRef<HTMLDivElement>(null);

  const { plan, settings } = useSupportPlan(draft.supportPlanId);
  // The age and start-date rules count from today where the patient lives (decision 033), UTC's until a country is chosen.
  const planCountry = plan?.country;
  const today = useMemo(() => (planCountry ? todayInCountry(planCountry) : todayIso()), [planCountry]);
  const products = useQuery(planProductsQuery(draft.supportPlanId, draft.birthDate));
  // Before the birth date the plan's medicines for any age: enough to count the steps ahead.
  const planProducts = useQuery({
    ...planProductsAnyAgeQuery(draft.supportPlanId),
    enabled: draft.supportPlanId !== undefined && draft.birthDate === undefined,
  });
  // v=ppr: the held data prefills a new draft once; a draft already made from this invitation is kept as it is.
  const opensInvitation = invitation !== undefined && draft.preregistration?.n !== invitation.n;
  const held = useQuery({ ...preregistrationQuery(invitation), enabled: opensInvitation });
  useEffect(() => {
    if (held.data && invitation && opensInvitation)
      save({ draft: draftOfPreregistration(held.data, invitation, draft.idempotencyKey), step: 'country' });
  }, [held.data, invitation, opensInvitation, draft.idempotencyKey, save]);
  const preregistered = draft.preregistration !== undefined;
  const ctx: WizardContext = { program, plan, language, skipPassword, preregistered, today, products: products.data };
  const visible = SIGNUP_STEPS.filter((key) => isStepVisible(key, ctx, draft));
  const needsPlan = step !== 'country' && !plan;
  const stepPlan = stepPlanOf(visible, draft, (products.data ?? planProducts.data)?.length ?? 0);

  // Leaving mid-way asks first; switching the language (same page, other prefix) does not.
  const unfinished = phase === 'form' && hasProgress(draft);
  const blocker = useLeaveGuard((current, next) => unfinished && stripLanguage(current) !== stripLanguage(next));
  // Closing the tab (or leaving the site) mid-way: the browser's own confirmation, the only one it allows there.
  useEffect(() => {
    if (!unfinished) return;
    const confirmLeaving = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ''; // still needed by some browsers to show the dialog
    };
    window.addEventListener('beforeunload', confirmLeaving);
    return () => window.removeEventListener('beforeunload', confirmLeaving);
  }, [unfinished]);

  useEffect(() => {
    // Each new step: focus its title, so a screen reader announces where the person is.
    const heading = stepRef.current?.querySelector<HTMLElement>('h2');
    if (heading && window.history.state?.idx !== undefined) {
      heading.setAttribute('tabindex', '-1');
      heading.focus();
    }
    // needsPlan: after the country step the title appears only once the plan's settings have loaded.
  }, [step, phase, needsPlan]);

  /** Shows a step: a new history entry (or this one replaced), so the browser's Back comes back to this one. */
  const goTo = (
    next: WizardStep,
    nextDraft: SignupDraft = draft,
    how: { replace?: boolean; review?: boolean } = {},
  ) => {
    setRefusal(undefined);
    save({ draft: nextDraft, step: next });
    // The entry shown so far gets its step first (a first visit's has none), so Back comes back to it.
    if (!how.replace && entry?.signupStep !== step)
      void navigate(
        { pathname: location.pathname, search: location.search },
        { replace: true, state: { ...entry, signupStep: step } satisfies WizardEntry },
      );
    const nextEntry: WizardEntry = {
      signupStep: next,
      inWizard: how.replace ? entry?.inWizard : true,
      ...(how.review ? { review: true } : {}),
      ...(isTreatmentStep(next) || next === 'another' ? { medicine: nextDraft.treatments?.length ?? 0 } : {}),
    };
    void navigate({ pathname: location.pathname, search: location.search }, { replace: how.replace, state: nextEntry });
  };
  const follow = (move: Move) => goTo(move.step, move.draft, { review: move.review });

  // The browser's Back or Forward: the step of the entry it lands on. An entry without one (a first visit, a language
  // switch) keeps the draft's step; an entry whose step is not the draft's on a first visit (a reload after the
  // draft was cleared) is given the draft's. (Never an address of its own on a first visit: the invitation's n and s
  // are being taken out of it.)
  const seenKey = useRef<string>(undefined);
  useEffect(() => {
    if (phase !== 'form') return;
    const firstVisit = seenKey.current === undefined;
    if (seenKey.current === location.key) return;
    seenKey.current = location.key;
    const shown = entry?.signupStep;
    if (shown === undefined) return;
    if (firstVisit || !WIZARD_STEPS.includes(shown)) {
      if (shown !== step)
        void navigate(
          { pathname: location.pathname, search: location.search },
          { replace: true, state: { signupStep: step } satisfies WizardEntry },
        );
      return;
    }
    if (shown === step) return;
    setRefusal(undefined);
    save({ draft: draftBackToMedicine(draft, entry?.medicine), step: shown });
  }, [location.key, entry, phase, step, draft, navigate, location.pathname, location.search, save]);

  const submit = async (finalDraft: SignupDraft) => {
    setPhase('processing');
    setSubmitFailed(false);
    try {
      const answer = await submitSignup(toSignupBody(finalDraft, ctx));
      setResult(answer);
      setPhase('done');
      clear();
    } catch (error) {
      setPhase('form');
      const found = stepRefusalOf(error, stepOfField, CODE_STEPS);
      if (found) {
        const code = error instanceof ApiError ? error.error?.code : undefined;
        goTo(found.step, draftAfterRefusal(finalDraft, code), { review: true });
        setRefusal({ messageKey: found.messageKey });
      } else {
        setSubmitFailed(true);
      }
    }
  };

  return {
    phase,
    /** The enrolment's answer, once done. */
    result,
    step,
    draft,
    ctx,
    products: products.data ?? [],
    medicines: medicinesOf(draft),
    /** The step's screen number (0-based) and, once the plan's field settings are known, how many there are: before
     * that the progress says 'Step 1' alone, so it never shows 'Step 1 of 2' and then 'Step 2 of 15'. */
    index: indexOfStep(step, stepPlan),
    shownTotal: plan ? stepPlan.total : undefined,
    needsPlan,
    settingsFailed: settings.isError,
    refusal,
    submitFailed,
    preregistered,
    invitationLoading: opensInvitation && held.isPending,
    invitationFailed: opensInvitation && held.isError,
    isStepPending,
    setStepPending,
    stepRef,
    /** Leaving mid-way: 'blocked' while the exit confirmation shows. */
    isLeaving: blocker.state === 'blocked',
    stay: () => blocker.reset?.(),
    leave: () => {
      clear();
      blocker.proceed?.();
    },
    onDone: (patch: Partial<SignupDraft>) => follow(moveAfterAnswer({ step, draft, patch, ctx, visible, returning })),
    onChange: (patch: Partial<SignupDraft>) => save({ draft: { ...draft, ...patch }, step }),
    onChangePart: (part: WizardStep) => goTo(part, draft, { review: true }),
    onSend: () => void submit(draft),
    answerAnother: (another: boolean) => follow(moveAfterAnother(draft, another)),
    back: () => {
      // As the browser's Back: the entry before, when the wizard made it; else the step before, in its place.
      const previous = previousStepOf(step, stepPlan, canAddAnother(draft, products.data));
      if (entry?.inWizard) void navigate(-1);
      else if (previous !== undefined) goTo(previous, draft, { replace: true });
      else window.history.back();
    },
  };
}
