// A treatment's change (after the doctor's authorisation): the treatment questions opened with the values as they are.
import type { TreatmentView } from '@portal/contracts/treatments';
import { QueryRegion } from '../../../components/ui/query-region.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLanguage } from '../../../lib/language.tsx';
import { TreatmentFlow } from '../../../patient/components/treatment-flow.tsx';
import { usePatientPlan } from '../../../patient/hooks/use-patient-plan.ts';
import type { TreatmentDraft } from '../../../patient/model.ts';
import { useT } from '../../../program/use-t.ts';
import { useModifyTreatment } from '../api/treatments-api.ts';

/** A treatment view as the questions' draft, so that the form opens with the values as they are. */
function draftOfTreatment(item: TreatmentView): TreatmentDraft {
  return {
    productId: item.productId,
    unitAmount: item.unitAmount,
    frequency: { amount: String(item.frequency.amount), interval: item.frequency.interval },
    duration: { amount: String(item.duration.amount), interval: item.duration.interval },
    restTime: item.restTime ? { amount: String(item.restTime.amount), interval: item.restTime.interval } : undefined,
    startDate: item.startDate ?? undefined,
    notStarted: item.startDate === null,
    doctor: item.doctor ? { firstName: item.doctor.firstName ?? '', lastName: item.doctor.lastName ?? '' } : undefined,
    healthCenter: item.healthCenter
      ? { name: item.healthCenter.name, type: item.healthCenter.type ?? undefined }
      : undefined,
    customTherapy: { hasCode: Boolean(item.customTherapyCode), code: item.customTherapyCode ?? '' },
  };
}

export function ModifyTreatment({
  item,
  onDone,
  onCancel,
}: {
  item: TreatmentView;
  onDone: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const patientPlan = usePatientPlan();
  const modify = useModifyTreatment();
  return (
    <QueryRegion query={patientPlan} loading={<Skeleton lines={4} label={t('app.loading')} />}>
      {(plan) => {
        // The medicine stays: the steps offer only the treatment's own product.
        const own = plan.products.filter((product) => product.id === item.productId);
        return (
          <TreatmentFlow
            patientPlan={plan}
            products={
              own.length
                ? own
                : [
                    {
                      id: item.productId,
                      medicine: item.medicine,
                      presentation: item.presentation,
                      unit: item.unit,
                      minAgeYears: 0,
                      maxAgeYears: 120,
                      maxUnitAmount: Number.MAX_SAFE_INTEGER,
                    },
                  ]
            }
            language={language}
            initial={draftOfTreatment(item)}
            submitLabel={t('treatments.modify.save')}
            pendingLabel={t('treatments.modify.pending')}
            onSubmit={async (body) => {
              const { productId: _same, ...treatment } = body;
              await modify.mutateAsync({ id: item.id, treatment });
              onDone();
            }}
            onCancel={onCancel}
          />
        );
      }}
    </QueryRegion>
  );
}
