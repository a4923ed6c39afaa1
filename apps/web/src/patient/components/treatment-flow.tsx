// A medicine's treatment steps outside the enrolment (add a treatment, modify one): the very step components and
// contracts of the sign-up's treatment part, one question group per step, with Back, Next and the final save.
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Button, ProgressBar } from 'react-aria-components';
import type { Language } from '@portal/contracts/enums';
import type { PlanProduct } from '@portal/contracts/patient-fields';
import { useClearAnnouncementsOnUnmount } from '../../lib/announcer.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { TREATMENT_STEPS } from '@portal/contracts/program-files';
import { useProgram } from '../../program/program-context.tsx';
import { useT } from '../../program/use-t.ts';
import { stepRefusalOf } from '../step-refusal.ts';
import {
  toTreatmentBody,
  treatmentStepOfField,
  TREATMENT_CODE_STEPS,
  type TreatmentBody,
  type TreatmentStepName,
} from '../treatment-draft.ts';
import { isStepVisible, type SignupDraft, type StepProps, type TreatmentDraft, type WizardContext } from '../model.ts';
import { CustomTherapyStep } from './steps/custom-therapy-step.tsx';
import { DetailsStep } from './steps/details-step.tsx';
import { DoctorStep } from './steps/doctor-step.tsx';
import { HealthCenterStep } from './steps/health-center-step.tsx';
import { StartDateStep } from './steps/start-date-step.tsx';
import { TreatmentStep } from './steps/treatment-step.tsx';
import type { PatientPlanData } from '../hooks/use-patient-plan.ts';

/** The question group of each treatment step (the enrolment's wizard uses them too). */
export const TREATMENT_STEP_COMPONENTS: Record<TreatmentStepName, ComponentType<StepProps>> = {
  treatment: TreatmentStep,
  details: DetailsStep,
  doctor: DoctorStep,
  startDate: StartDateStep,
  healthCenter: HealthCenterStep,
  customTherapy: CustomTherapyStep,
};

interface TreatmentFlowProps {
  /** The signed-in patient's plan (usePatientPlan): the birth date and today are what the dose and date checks use. */
  patientPlan: Pick<PatientPlanData, 'plan' | 'products' | 'birthDate' | 'today'>;
  /** Default: the medicines the plan offers at the patient's age (modify: only the treatment's own). */
  products?: PlanProduct[];
  language: Language;
  /** The values to start from (modify: the treatment as it is, so a frequency change shows its warning). */
  initial?: TreatmentDraft;
  /** Medicines already registered: never offered again. */
  registered?: TreatmentDraft[];
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (body: TreatmentBody) => Promise<unknown>;
  onCancel: () => void;
}

export function TreatmentFlow({
  patientPlan,
  products = patientPlan.products,
  language,
  initial = {},
  registered = [],
  submitLabel,
  pendingLabel,
  onSubmit,
  onCancel,
}: TreatmentFlowProps) {
  const t = useT();
  const { program } = useProgram();
  const { plan, birthDate, today } = patientPlan;
  const [draft, setDraft] = useState<SignupDraft>(() => ({
    idempotencyKey: '',
    supportPlanId: plan.id,
    country: plan.country,
    birthDate,
    treatment: initial,
    treatments: registered,
  }));
  const ctx: WizardContext = { program, plan, language, skipPassword: false, preregistered: false, today, products };
  const visible = TREATMENT_STEPS.filter((step) => isStepVisible(step, ctx, draft));
  const [step, setStep] = useState<TreatmentStepName>(visible[0] ?? 'treatment');
  const [isSaving, setSaving] = useState(false);
  /** The step's submit waits for the server (the dose check). */
  const [isStepPending, setStepPending] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [failed, setFailed] = useState(false);
  const stepRef = useRef<HTMLDivElement>(null);
  useClearAnnouncementsOnUnmount();
  const index = Math.max(0, visible.indexOf(step));
  const isLast = index === visible.length - 1;

  useEffect(() => {
    // Each new step: its title gets the focus, so a screen reader announces where the patient is.
    const heading = stepRef.current?.querySelector<HTMLElement>('h2');
    if (heading && index > 0) {
      heading.setAttribute('tabindex', '-1');
      heading.focus();
    }
  }, [step, index]);

  const save = async (finalDraft: SignupDraft) => {
    setSaving(true);
    setFailed(false);
    setRefusal(undefined);
    try {
      await onSubmit(toTreatmentBody(finalDraft.treatment ?? {}));
    } catch (error) {
      const found = stepRefusalOf(error, treatmentStepOfField, TREATMENT_CODE_STEPS);
      if (found) {
        setStep(found.step);
        setRefusal(found.messageKey);
      } else setFailed(true);
    } finally {
      setSaving(false);
    }
  };

  const onDone = (patch: Partial<SignupDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    setRefusal(undefined);
    const following = visible[index + 1];
    if (following) setStep(following);
    else void save(next);
  };

  const StepComponent = TREATMENT_STEP_COMPONENTS[step];
  const formId = `treatment-step-${step}`;
  return (
    <div className="signup treatment-flow">
      <ProgressBar
        className="signup__progress"
        aria-label={submitLabel}
        value={index + 1}
        minValue={0}
        maxValue={visible.length}
        valueLabel={t('signup.progress', { current: index + 1, total: visible.length })}
      >
        {({ percentage, valueText }) => (
          <>
            <span className="signup__progress-text">{valueText}</span>
            <div className="strength__bar">
              <div className="signup__progress-fill" style={{ width: `${percentage}%` }} />
            </div>
          </>
        )}
      </ProgressBar>
      {refusal ? <FormAlert tone="error">{t(refusal)}</FormAlert> : null}
      {failed ? <FormAlert tone="error">{t('errors.general')}</FormAlert> : null}
      <div className="card" ref={stepRef}>
        <StepComponent
          key={step}
          formId={formId}
          draft={draft}
          ctx={ctx}
          onDone={onDone}
          onPendingChange={setStepPending}
        />
      </div>
      <div className="actions signup__actions">
        <Button
          className="button button--ghost"
          isDisabled={isSaving || isStepPending}
          onPress={() => (index > 0 ? setStep(visible[index - 1] as TreatmentStepName) : onCancel())}
        >
          {index > 0 ? t('signup.back') : t('treatments.delete.cancel')}
        </Button>
        <PendingButton
          type="submit"
          form={formId}
          isPending={isSaving || isStepPending}
          {...(isSaving ? { pendingLabel } : {})}
        >
          {isLast ? submitLabel : t('signup.next')}
        </PendingButton>
      </div>
    </div>
  );
}
