// One treatment as a patient reads it: medicine and presentation, then dose, frequency, length, rest, start, doctor, health center, code.
import type { TreatmentDeleteReason, TreatmentView } from '@portal/contracts/treatments';
import { DetailsList, type DetailsRow } from '../../../components/ui/details-list.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useT } from '../../../program/use-t.ts';

/** The text of each delete reason (the program's texts name them). */
export const DELETE_REASON_KEYS: Record<TreatmentDeleteReason, string> = {
  DOCTOR_STOPPED: 'treatments.deleteReason.doctorStopped',
  FINISHED: 'treatments.deleteReason.finished',
  SIDE_EFFECTS: 'treatments.deleteReason.sideEffects',
  CHANGED_MEDICINE: 'treatments.deleteReason.doctorChange',
  COST: 'treatments.deleteReason.cost',
  OTHER: 'treatments.deleteReason.other',
};

export function useTreatmentTexts() {
  const t = useT();
  return {
    // ICU plurals in both languages: "1 tableta", "2 tabletas", "1 international unit (IU)" (decision 054).
    dose: (item: TreatmentView) => t('treatments.dose', { amount: Number(item.unitAmount), unit: item.unit }),
    frequency: (item: TreatmentView) =>
      t('treatments.frequency', {
        amount: item.frequency.amount,
        interval: t(`signup.details.frequency.intervals.${item.frequency.interval}`).toLocaleLowerCase(),
      }),
    length: (value: { amount: number; interval: string }) =>
      t('treatments.length', { amount: value.amount, interval: value.interval }),
  };
}

export function TreatmentDetails({ item }: { item: TreatmentView }) {
  const t = useT();
  const texts = useTreatmentTexts();
  const rows: DetailsRow[] = [
    [t('treatments.fields.dose'), texts.dose(item)],
    [t('treatments.fields.frequency'), texts.frequency(item)],
    [t('treatments.fields.duration'), texts.length(item.duration)],
    [t('treatments.fields.restTime'), item.restTime ? texts.length(item.restTime) : t('signup.details.restTime.none')],
    [t('treatments.fields.startDate'), item.startDate ? formatDate(item.startDate) : t('signup.startDate.notStarted')],
  ];
  if (item.doctor)
    rows.push([t('treatments.fields.doctor'), [item.doctor.firstName, item.doctor.lastName].filter(Boolean).join(' ')]);
  if (item.healthCenter) {
    const type = item.healthCenter.type
      ? ` (${t(`signup.healthCenter.type.${item.healthCenter.type.toLowerCase()}`)})`
      : '';
    rows.push([t('treatments.fields.healthCenter'), `${item.healthCenter.name}${type}`]);
  }
  rows.push([
    t('treatments.fields.customTherapy'),
    item.customTherapyCode
      ? t('treatments.customTherapy.yes', { code: item.customTherapyCode })
      : t('treatments.customTherapy.no'),
  ]);
  return <DetailsList rows={rows} />;
}
