// The caregiver's form with its save and cancel (add one, change one): the enrolment's caregiver questions and rules
// (patient/components/caregiver-form.tsx), checked against the patient's plan and own identification.
import { Button } from 'react-aria-components';
import type { CaregiverView } from '@portal/contracts/caregiver';
import type { Caregiver } from '@portal/contracts/patient-fields';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { useLanguage } from '../../../lib/language.tsx';
import { CaregiverForm } from '../../../patient/components/caregiver-form.tsx';
import type { PatientPlanData } from '../../../patient/hooks/use-patient-plan.ts';
import { useT } from '../../../program/use-t.ts';

interface Props {
  formId: string;
  patientPlan: PatientPlanData;
  initial?: CaregiverView;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  onSubmit: (caregiver: Caregiver) => Promise<unknown>;
  onCancel: () => void;
}

export function CaregiverEditor({
  formId,
  patientPlan,
  initial,
  submitLabel,
  pendingLabel,
  isPending,
  onSubmit,
  onCancel,
}: Props) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <>
      <CaregiverForm
        formId={formId}
        initial={initial}
        country={patientPlan.plan.country}
        types={patientPlan.plan.identificationTypes}
        patientIdentification={patientPlan.identification}
        language={language}
        onSubmit={onSubmit}
      />
      <div className="actions">
        <PendingButton type="submit" form={formId} isPending={isPending} pendingLabel={pendingLabel}>
          {submitLabel}
        </PendingButton>
        <Button className="button button--ghost" onPress={onCancel} isDisabled={isPending}>
          {t('caregiver.remove.cancel')}
        </Button>
      </div>
    </>
  );
}
