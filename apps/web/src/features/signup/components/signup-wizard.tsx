// The enrolment wizard: 'Registration', one question group per step shown by the plan's field settings,
// a visible progress, Back and Next, a review of everything before Send, the exit confirmation, the processing
// screen and the success screen. Each step is an entry of the browser's history, so its Back is the wizard's.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { Button, Dialog, Heading, Link, Modal, ModalOverlay, ProgressBar } from 'react-aria-components';
import { useLocation, useNavigate } from 'react-router';
import { SIGNUP_STEPS, TREATMENT_STEPS, type SignupStep } from '@portal/contracts/program-files';
import { ageOn, todayIso } from '@portal/contracts/patient-fields';
import { MAX_SIGNUP_TREATMENTS, type PreregistrationLink, type SignupResponse } from '@portal/contracts/signup';
import { todayInCountry } from '@portal/contracts/time-zones';
import type { Language } from '@portal/contracts/enums';
import { ApiError } from '../../../lib/api-client.ts';
import { pathInLanguage, paths, stripLanguage } from '../../../lib/paths.ts';
import { useLeaveGuard } from '../../../lib/app-history.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { useProgram } from '../../../program/program-context.tsx';
import { useT } from '../../../program/use-t.ts';
import { preregistrationQuery, submitSignup } from '../api/signup-api.ts';
import { planProductsAnyAgeQuery, planProductsQuery } from '../../../patient/api/plan-api.ts';
import { TREATMENT_STEP_COMPONENTS } from '../../../patient/components/treatment-flow.tsx';
import { useSupportPlan } from '../../../patient/hooks/use-patient-plan.ts';
import { stepRefusalOf } from '../../../patient/step-refusal.ts';
import { TREATMENT_CODE_STEPS } from '../../../patient/treatment-draft.ts';
import {
  draftOfPreregistration,
  hasProgress,
  stepOfField,
  toSignupBody,
  useWizardState,
  WIZARD_STEPS,
  type WizardStep,
} from '../draft.ts';
import { isStepVisible, type SignupDraft, type StepProps, type WizardContext } from '../../../patient/model.ts';
import { AnotherTreatmentStep } from './another-treatment-step.tsx';
import { AddressStep } from './steps/address-step.tsx';
import { BirthdateStep } from './steps/birthdate-step.tsx';
import { CaregiverStep } from '../../../patient/components/steps/caregiver-step.tsx';
import { ConsentStep } from './steps/consent-step.tsx';
import { ContactStep } from './steps/contact-step.tsx';
import { CountryStep } from './steps/country-step.tsx';
import { EmailStep } from './steps/email-step.tsx';
import { IdNumberStep } from './steps/id-number-step.tsx';
import { PasswordStep } from './steps/password-step.tsx';
import { PersonalInfoStep } from './steps/personal-info-step.tsx';
import { ReviewStep } from './steps/review-step.tsx';
import { WeightStep } from './steps/weight-step.tsx';

const STEP_COMPONENTS: Record<Exclude<SignupStep, 'identification'>, ComponentType<StepProps>> = {
  country: CountryStep,
  email: EmailStep,
  idNumber: IdNumberStep,
  personalInfo: PersonalInfoStep,
  weight: WeightStep,
  birthdate: BirthdateStep,
  caregiver: CaregiverStep,
  contact: ContactStep,
  address: AddressStep,
  password: PasswordStep,
  consent: ConsentStep,
  ...TREATMENT_STEP_COMPONENTS,
};

/** The server's refusals that are not about one field, and the step that asks again. */
const CODE_STEPS: Readonly<Partial<Record<string, SignupStep>>> = {
  EMAIL_ALREADY_REGISTERED: 'email',
  IDENTIFICATION_ALREADY_REGISTERED: 'idNumber',
  CAREGIVER_ALREADY_REGISTERED: 'caregiver',
  ...TREATMENT_CODE_STEPS,
  PREREGISTRATION_LINK_INVALID: 'email',
};

/** What the wizard keeps in each history entry (react-router's location state). */
interface WizardEntry {
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
const isTreatmentStep = (step: WizardStep): step is TreatmentStep =>
  (TREATMENT_STEPS as readonly string[]).includes(step);

/** The medicines of the enrolment: those added before, then the one on the treatment steps. */
const medicinesOf = (of: SignupDraft) => [
  ...(of.treatments ?? []),
  ...(of.treatment?.productId !== undefined ? [of.treatment] : []),
];

interface Props {
  language: Language;
  skipPassword: boolean;
  /** v=ppr: the invitation link's n and s (already taken out of the address bar). */
  invitation?: PreregistrationLink;
}

export function SignupWizard({ language, skipPassword, invitation }: Props) {
  const t = useT();
  const { program, whitelist } = useProgram();
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

  // The steps that exist for this plan and these answers, in order: the plan's steps before the medicines, each
  // medicine's steps (with 'another' after each one added), 'another' once more when the plan offers one more
  // medicine, then the review. Every screen has its own number, and the total counts only these.
  const before = visible.filter((key) => !isTreatmentStep(key));
  const perMedicine = visible.filter(isTreatmentStep);
  const added = draft.treatments?.length ?? 0;
  const offered = (products.data ?? planProducts.data)?.length ?? 0;
  const asksAnother = added + 1 < Math.min(offered, MAX_SIGNUP_TREATMENTS);
  const medicineStart = before.length + added * (perMedicine.length + 1);
  const total = before.length + (added + 1) * perMedicine.length + added + (asksAnother ? 1 : 0) + 1;
  const index =
    step === 'review'
      ? total - 1
      : step === 'another'
        ? medicineStart + perMedicine.length
        : isTreatmentStep(step)
          ? medicineStart + Math.max(0, perMedicine.indexOf(step))
          : Math.max(0, before.indexOf(step));

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

  /** The screen before a step, in the order above (when there is no wizard entry behind this one to go back to). */
  const previousOf = (of: WizardStep): WizardStep | undefined => {
    if (of === 'review') return canAddAnother(draft) ? 'another' : perMedicine.at(-1);
    if (of === 'another') return perMedicine.at(-1);
    if (isTreatmentStep(of)) {
      const at = perMedicine.indexOf(of);
      return at > 0 ? perMedicine[at - 1] : added > 0 ? 'another' : before.at(-1);
    }
    return before[before.indexOf(of) - 1];
  };

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
    let nextDraft = draft;
    const medicine = entry?.medicine;
    if (medicine !== undefined && medicine < added) {
      // Back over "yes, another medicine": that medicine is the one on the treatment steps again.
      const all = medicinesOf(draft);
      nextDraft = { ...draft, treatments: all.filter((_, at) => at !== medicine), treatment: all[medicine] };
    }
    setRefusal(undefined);
    save({ draft: nextDraft, step: shown });
  }, [location.key, entry, phase, step, draft, added, navigate, location.pathname, location.search, save]);

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
        // A used or expired invitation: the person may still enrol, with an e-mail of their choice.
        const { preregistration: _used, ...withoutInvitation } = finalDraft;
        goTo(
          found.step,
          error instanceof ApiError && error.error?.code === 'PREREGISTRATION_LINK_INVALID'
            ? withoutInvitation
            : finalDraft,
          { review: true },
        );
        setRefusal({ messageKey: found.messageKey });
      } else {
        setSubmitFailed(true);
      }
    }
  };

  const onDone = (patch: Partial<SignupDraft>) => {
    const nextDraft: SignupDraft = { ...draft, ...patch };
    if (patch.supportPlanId !== undefined && patch.supportPlanId !== draft.supportPlanId) {
      // Another country: the plan's questions change, so plan-specific answers start again.
      for (const key of [
        'identification',
        'weight',
        'caregiver',
        'contact',
        'address',
        'treatment',
        'treatments',
      ] as const)
        delete nextDraft[key];
    }
    const otherPlan = patch.supportPlanId !== undefined && patch.supportPlanId !== draft.supportPlanId;
    const position = SIGNUP_STEPS.indexOf(step as SignupStep);
    const following = SIGNUP_STEPS.slice(position + 1).find((key) =>
      isStepVisible(key, { ...ctx, plan: otherPlan ? undefined : ctx.plan }, nextDraft),
    );
    if (returning && !otherPlan) {
      // A change asked from the review: back to it, once what the change needs is answered too (the rest of
      // that medicine's questions; a caregiver when the birth date makes the patient a minor).
      const minorWithout =
        step === 'birthdate' &&
        nextDraft.birthDate !== undefined &&
        plan !== undefined &&
        ageOn(nextDraft.birthDate, today) < plan.fieldSettings.minorAgeYears &&
        !nextDraft.caregiver?.hasCaregiver &&
        visible.includes('caregiver');
      if (minorWithout) goTo('caregiver', nextDraft, { review: true });
      else if (isTreatmentStep(step) && following && isTreatmentStep(following))
        goTo(following, nextDraft, { review: true });
      else goTo('review', nextDraft);
      return;
    }
    if (following) goTo(following, nextDraft);
    else goTo(canAddAnother(nextDraft) ? 'another' : 'review', nextDraft);
  };
  /** Another medicine can be added while the plan offers one not chosen yet (up to the contract's maximum). */
  const canAddAnother = (of: SignupDraft) => {
    const chosen = medicinesOf(of);
    return (
      chosen.length > 0 &&
      chosen.length < MAX_SIGNUP_TREATMENTS &&
      (products.data ?? []).some((item) => !chosen.some((medicine) => medicine.productId === item.id))
    );
  };
  const answerAnother = (another: boolean) => {
    if (!another) goTo('review');
    else goTo('treatment', { ...draft, treatments: medicinesOf(draft), treatment: undefined });
  };

  if (phase === 'processing') {
    return (
      <div className="card signup-loader" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        <h2>{t('signup.loader.title')}</h2>
        <p>{t('signup.loader.body')}</p>
      </div>
    );
  }
  if (phase === 'done' && result) {
    const website = whitelist?.domains.find((domain) => domain.startsWith('www.')) ?? whitelist?.domains[0];
    return (
      <div className="card stack signup-success" ref={stepRef}>
        <h2>{t('signup.success.title', { patientName: result.patientName })}</h2>
        <p>{t('signup.success.account', { planName: result.planName[language] })}</p>
        <p>{t('signup.success.notified', { patientEmail: result.email })}</p>
        {website ? (
          <p>
            <a className="text-link" href={`https://${website}`} target="_blank" rel="noopener noreferrer">
              {t('signup.success.discover')}
            </a>
          </p>
        ) : null}
        <p>{t('signup.success.enter')}</p>
        <Link className="button button--primary" href={pathInLanguage(language, paths.login)}>
          {t('signup.success.enterAction')}
        </Link>
      </div>
    );
  }

  const StepComponent = STEP_COMPONENTS[step as Exclude<SignupStep, 'identification'>] ?? CountryStep;
  const formId = `signup-step-${step}`;
  // The total is known only once the plan's field settings are: before that the progress says 'Step 1'
  // alone, so it never shows 'Step 1 of 2' and then 'Step 2 of 15'.
  const shownTotal = plan ? total : undefined;
  return (
    <div className="signup">
      <ProgressBar
        className="signup__progress"
        aria-label={t('signup.title')}
        value={index + 1}
        minValue={0}
        maxValue={shownTotal ?? index + 1}
        isIndeterminate={shownTotal === undefined}
        valueLabel={
          shownTotal === undefined
            ? t('signup.progressStep', { current: index + 1 })
            : t('signup.progress', { current: index + 1, total: shownTotal })
        }
      >
        {({ percentage, valueText }) => (
          <>
            <span className="signup__progress-text">{valueText}</span>
            <div className="strength__bar">
              {shownTotal === undefined ? null : (
                <div className="signup__progress-fill" style={{ width: `${percentage}%` }} />
              )}
            </div>
          </>
        )}
      </ProgressBar>
      {refusal ? <FormAlert tone="error">{t(refusal.messageKey)}</FormAlert> : null}
      {opensInvitation && held.isError ? <FormAlert tone="error">{t('signup.preregistered.invalid')}</FormAlert> : null}
      {preregistered && step === 'country' ? (
        <FormAlert tone="info" focusOnShow={false}>
          {t('signup.preregistered.banner')}
        </FormAlert>
      ) : null}
      {submitFailed ? <FormAlert tone="error">{t('errors.general')}</FormAlert> : null}
      <div className="card" ref={stepRef}>
        {opensInvitation && held.isPending ? (
          <div className="route-loading" role="status">
            <span className="spinner" aria-hidden="true" />
            <span>{t('signup.preregistered.loading')}</span>
          </div>
        ) : needsPlan ? (
          settings.isError ? (
            <FormAlert tone="error">{t('errors.loadInformation')}</FormAlert>
          ) : (
            <div className="route-loading" role="status" aria-label={t('app.loading')}>
              <span className="spinner" aria-hidden="true" />
            </div>
          )
        ) : step === 'review' ? (
          <ReviewStep
            formId={formId}
            draft={draft}
            ctx={ctx}
            products={products.data ?? []}
            onChangePart={(part) => goTo(part, draft, { review: true })}
            onSend={() => void submit(draft)}
          />
        ) : step === 'another' ? (
          <AnotherTreatmentStep
            formId={formId}
            treatments={medicinesOf(draft)}
            products={products.data ?? []}
            onAnswer={answerAnother}
          />
        ) : (
          // Keyed by the invitation too: a draft prefilled from it remounts the step with the held values.
          <StepComponent
            key={`${step}:${draft.preregistration?.n ?? ''}`}
            formId={formId}
            draft={draft}
            ctx={ctx}
            onDone={onDone}
            onChange={(patch) => save({ draft: { ...draft, ...patch }, step })}
            onPendingChange={setStepPending}
          />
        )}
      </div>
      <div className="actions signup__actions">
        <Button
          className="button button--ghost"
          isDisabled={isStepPending}
          onPress={() => {
            // As the browser's Back: the entry before, when the wizard made it; else the step before, in its place.
            const previous = previousOf(step);
            if (entry?.inWizard) void navigate(-1);
            else if (previous !== undefined) goTo(previous, draft, { replace: true });
            else window.history.back();
          }}
        >
          {t('signup.back')}
        </Button>
        <PendingButton type="submit" form={formId} isPending={isStepPending} isDisabled={needsPlan}>
          {step === 'review' ? t('signup.review.submit') : t('signup.next')}
        </PendingButton>
      </div>
      {blocker.state === 'blocked' ? (
        <ModalOverlay className="modal-overlay" isOpen isDismissable onOpenChange={(open) => !open && blocker.reset()}>
          <Modal className="modal">
            <Dialog className="dialog stack" role="alertdialog">
              <Heading slot="title" className="dialog__title">
                {t('signup.exit.title', { 0: program.name })}
              </Heading>
              <p>{t('signup.exit.body')}</p>
              <div className="actions">
                <Button className="button button--primary" autoFocus onPress={() => blocker.reset()}>
                  {t('signup.exit.stay')}
                </Button>
                <Button
                  className="button button--ghost"
                  onPress={() => {
                    clear();
                    blocker.proceed();
                  }}
                >
                  {t('signup.exit.leave')}
                </Button>
              </div>
            </Dialog>
          </Modal>
        </ModalOverlay>
      ) : null}
    </div>
  );
}
