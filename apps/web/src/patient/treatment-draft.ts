// One medicine as the treatment steps fill it (text where people type numbers) and as the server takes it: the
// enrolment's treatments and my care's add and modify send the same body.
import type { TREATMENT_STEPS } from '@portal/contracts/program-files';
import type { TreatmentInputBody } from '@portal/contracts/patient-fields';
import type { TreatmentDraft } from './model.ts';

export type TreatmentStepName = (typeof TREATMENT_STEPS)[number];

/** The refusals of a medicine that are not about one field, and the step that asks again. */
export const TREATMENT_CODE_STEPS = {
  DOSE_NOT_APPROVED: 'details',
  TREATMENT_DUPLICATED: 'treatment',
} as const satisfies Record<string, TreatmentStepName>;

/** A number the patient typed ('1,5' is 1.5); blank is none. */
export const draftNumber = (text: string | undefined) =>
  text === undefined || text.trim() === '' ? undefined : Number(text.replace(',', '.'));
/** Blank text is no answer. */
export const blankToUndefined = (text: string | undefined) => (text && text.trim() !== '' ? text : undefined);

export type TreatmentBody = TreatmentInputBody;
const interval = <T>(value: { amount?: string; interval?: T } | undefined) =>
  value && blankToUndefined(value.amount)
    ? { amount: draftNumber(value.amount) as number, interval: value.interval as T }
    : undefined;

/** One medicine of the payload, from the draft's text fields. */
export function toTreatmentBody(treatment: TreatmentDraft): TreatmentBody {
  return {
    productId: treatment.productId as number,
    unitAmount: treatment.unitAmount ?? '',
    frequency: interval(treatment.frequency) as TreatmentBody['frequency'],
    duration: interval(treatment.duration) as TreatmentBody['duration'],
    restTime: interval(treatment.restTime),
    startDate: treatment.notStarted ? undefined : blankToUndefined(treatment.startDate),
    notStarted: treatment.notStarted || undefined,
    doctor: treatment.doctor
      ? {
          firstName: blankToUndefined(treatment.doctor.firstName),
          lastName: blankToUndefined(treatment.doctor.lastName),
        }
      : undefined,
    healthCenter: treatment.healthCenter
      ? { name: blankToUndefined(treatment.healthCenter.name), type: treatment.healthCenter.type }
      : undefined,
    customTherapy: treatment.customTherapy
      ? {
          hasCode: treatment.customTherapy.hasCode === true,
          code: treatment.customTherapy.hasCode ? blankToUndefined(treatment.customTherapy.code) : undefined,
        }
      : undefined,
  };
}

/** The treatment step that asks for a field of one medicine (its dotted path inside the medicine) the server refused. */
export function treatmentStepOfField(field: string): TreatmentStepName {
  const [head] = field.split('.');
  if (head === 'unitAmount' || head === 'frequency' || head === 'restTime') return 'details';
  if (head === 'doctor') return 'doctor';
  if (head === 'startDate' || head === 'notStarted') return 'startDate';
  if (head === 'healthCenter') return 'healthCenter';
  if (head === 'customTherapy') return 'customTherapy';
  return 'treatment';
}
