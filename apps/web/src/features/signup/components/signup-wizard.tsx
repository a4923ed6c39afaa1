// The enrolment wizard: 'Registration', one question group per step shown by the plan's field settings,
// a visible progress, Back and Next, a review of everything before Send, the exit confirmation, the processing
// screen and the success screen. It only renders: what it does is useSignupWizard's, and the order of its steps
// wizard-steps.ts's.
import type { ComponentType } from 'react';
import { Button, Dialog, Heading, Link, Modal, ModalOverlay, ProgressBar } from 'react-aria-components';
import type { SignupStep } from '@portal/contracts/program-files';
import type { PreregistrationLink } from '@portal/contracts/signup';
import type { Language } from '@portal/contracts/enums';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { useProgram } from '../../../program/program-context.tsx';
import { useT } from '../../../program/use-t.ts';
import { TREATMENT_STEP_COMPONENTS } from '../../../patient/components/treatment-flow.tsx';
import type { StepProps } from '../../../patient/model.ts';
import { useSignupWizard } from '../hooks/use-signup-wizard.ts';
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

interface Props {
  language: Language;
  skipPassword: boolean;
  /** v=ppr: the invitation link's n and s (already taken out of the address bar). */
  invitation?: PreregistrationLink;
}

export function SignupWizard({ language, skipPassword, invitation }: Props) {
  const t = useT();
  const { program, whitelist } = useProgram();
  const wizard = useSignupWizard({ language, skipPassword, invitation });
  const { phase, result, step, draft, ctx, index, shownTotal, needsPlan, stepRef } = wizard;

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
      {wizard.refusal ? <FormAlert tone="error">{t(wizard.refusal.messageKey)}</FormAlert> : null}
      {wizard.invitationFailed ? <FormAlert tone="error">{t('signup.preregistered.invalid')}</FormAlert> : null}
      {wizard.preregistered && step === 'country' ? (
        <FormAlert tone="info" focusOnShow={false}>
          {t('signup.preregistered.banner')}
        </FormAlert>
      ) : null}
      {wizard.submitFailed ? <FormAlert tone="error">{t('errors.general')}</FormAlert> : null}
      <div className="card" ref={stepRef}>
        {wizard.invitationLoading ? (
          <div className="route-loading" role="status">
            <span className="spinner" aria-hidden="true" />
            <span>{t('signup.preregistered.loading')}</span>
          </div>
        ) : needsPlan ? (
          wizard.settingsFailed ? (
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
            products={wizard.products}
            onChangePart={wizard.onChangePart}
            onSend={wizard.onSend}
          />
        ) : step === 'another' ? (
          <AnotherTreatmentStep
            formId={formId}
            treatments={wizard.medicines}
            products={wizard.products}
            onAnswer={wizard.answerAnother}
          />
        ) : (
          // Keyed by the invitation too: a draft prefilled from it remounts the step with the held values.
          <StepComponent
            key={`${step}:${draft.preregistration?.n ?? ''}`}
            formId={formId}
            draft={draft}
            ctx={ctx}
            onDone={wizard.onDone}
            onChange={wizard.onChange}
            onPendingChange={wizard.setStepPending}
          />
        )}
      </div>
      <div className="actions signup__actions">
        <Button className="button button--ghost" isDisabled={wizard.isStepPending} onPress={wizard.back}>
          {t('signup.back')}
        </Button>
        <PendingButton type="submit" form={formId} isPending={wizard.isStepPending} isDisabled={needsPlan}>
          {step === 'review' ? t('signup.review.submit') : t('signup.next')}
        </PendingButton>
      </div>
      {wizard.isLeaving ? (
        <ModalOverlay className="modal-overlay" isOpen isDismissable onOpenChange={(open) => !open && wizard.stay()}>
          <Modal className="modal">
            <Dialog className="dialog stack" role="alertdialog">
              <Heading slot="title" className="dialog__title">
                {t('signup.exit.title', { 0: program.name })}
              </Heading>
              <p>{t('signup.exit.body')}</p>
              <div className="actions">
                <Button className="button button--primary" autoFocus onPress={wizard.stay}>
                  {t('signup.exit.stay')}
                </Button>
                <Button className="button button--ghost" onPress={wizard.leave}>
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
