// The registration in progress: kept in sessionStorage (per program origin) so a reload keeps the data.
// The password is never stored: after a reload the password step asks for it again.
import { useCallback, useState } from 'react';
import { SIGNUP_STEPS, type SignupStep } from '@portal/contracts/program-files';
import type { PreregisteredPatientView, PreregistrationLink, SignupBody } from '@portal/contracts/signup';
import type { SignupDraft, WizardContext } from '../../patient/model.ts';
import { blankToUndefined, draftNumber, toTreatmentBody, treatmentStepOfField } from '../../patient/treatment-draft.ts';

const STORAGE_KEY = 'portal.signup';

/**
 * A screen of the wizard: one of the plan's steps, 'another' ("Do you use another medicine of the program?") or
 * 'review' (what will be sent, before Send; decision 053). Each is an entry of the browser's history.
 */
export type WizardStep = SignupStep | 'another' | 'review';
export const WIZARD_STEPS: readonly WizardStep[] = [...SIGNUP_STEPS, 'another', 'review'];

interface WizardState {
  draft: SignupDraft;
  step: WizardStep;
}

function fresh(): WizardState {
  return { draft: { idempotencyKey: crypto.randomUUID() }, step: 'country' };
}

function readWizardState(): WizardState {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as WizardState | null;
    if (saved && typeof saved.draft?.idempotencyKey === 'string' && WIZARD_STEPS.includes(saved.step)) return saved;
  } catch {
    // A damaged entry starts a new registration.
  }
  return fresh();
}

export function useWizardState() {
  const [state, setState] = useState<WizardState>(readWizardState);
  const save = useCallback((next: WizardState) => {
    const { password: _password, ...kept } = next.draft;
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ step: next.step, draft: kept }));
    setState(next);
  }, []);
  const clear = useCallback(() => {
    sessionStorage.removeItem(STORAGE_KEY);
    setState(fresh());
  }, []);
  return { state, save, clear };
}

/** Whether the person has entered anything worth a confirmation before leaving. */
export function hasProgress(draft: SignupDraft): boolean {
  return Object.keys(draft).some((key) => key !== 'idempotencyKey');
}

/** A new draft prefilled from what the program holds of a pre-registered patient (v=ppr); numbers become text. */
export function draftOfPreregistration(
  held: PreregisteredPatientView,
  link: PreregistrationLink,
  idempotencyKey: string,
): SignupDraft {
  const text = (value: number | undefined) => (value === undefined ? undefined : String(value));
  const interval = (value: { amount: number; interval: 'day' | 'week' | 'month' | 'year' } | undefined) =>
    value ? { amount: String(value.amount), interval: value.interval } : undefined;
  const treatment = held.treatment;
  return {
    idempotencyKey,
    preregistration: link,
    country: held.country,
    supportPlanId: held.supportPlanId,
    email: held.email,
    identification: held.identification,
    personalInfo: held.personalInfo,
    weight: held.weight ? { value: text(held.weight.value), unit: held.weight.unit } : undefined,
    birthDate: held.birthDate,
    contact: held.contact,
    address: held.address,
    treatment: treatment
      ? {
          productId: treatment.productId,
          unitAmount: treatment.unitAmount,
          frequency: interval(treatment.frequency),
          duration: interval(treatment.duration),
          restTime: interval(treatment.restTime),
          startDate: treatment.startDate,
          notStarted: treatment.notStarted,
          doctor: treatment.doctor,
          healthCenter: treatment.healthCenter,
          customTherapy: treatment.customTherapy,
        }
      : undefined,
  };
}

/** The sign-up payload of a finished draft (the server validates it again with the plan's settings). */
export function toSignupBody(draft: SignupDraft, ctx: WizardContext): SignupBody {
  const treatment = draft.treatment ?? {};
  const caregiver = draft.caregiver?.hasCaregiver ? draft.caregiver : undefined;
  return {
    idempotencyKey: draft.idempotencyKey,
    supportPlanId: draft.supportPlanId as number,
    language: ctx.language,
    country: draft.country as SignupBody['country'],
    email: draft.email ?? '',
    identification: {
      type: draft.identification?.type as NonNullable<SignupBody['identification']>['type'],
      number: draft.identification?.number ?? '',
    },
    personalInfo: {
      firstName: draft.personalInfo?.firstName ?? '',
      lastName: draft.personalInfo?.lastName ?? '',
      secondSurname: blankToUndefined(draft.personalInfo?.secondSurname),
      gender: draft.personalInfo?.gender as SignupBody['personalInfo']['gender'],
    },
    weight: draft.weight?.value
      ? { value: draftNumber(draft.weight.value) as number, unit: draft.weight.unit ?? 'kg' }
      : undefined,
    birthDate: draft.birthDate ?? '',
    caregiver: caregiver
      ? {
          relation: caregiver.relation,
          firstName: caregiver.firstName ?? '',
          lastName: caregiver.lastName ?? '',
          identification: { type: caregiver.identification?.type, number: caregiver.identification?.number ?? '' },
          phone: { country: caregiver.phone?.country, phoneNumber: caregiver.phone?.phoneNumber ?? '' },
          email: blankToUndefined(caregiver.email),
        }
      : undefined,
    contact: draft.contact
      ? {
          phone: draft.contact.phone?.phoneNumber
            ? {
                country: draft.contact.phone.country as SignupBody['country'],
                phoneNumber: draft.contact.phone.phoneNumber,
              }
            : undefined,
          phoneAlternative: blankToUndefined(draft.contact.phoneAlternative),
          emailAlternative: blankToUndefined(draft.contact.emailAlternative),
        }
      : undefined,
    address: draft.address?.location
      ? { line: draft.address.line ?? '', location: { id: draft.address.location.id } }
      : undefined,
    password: ctx.skipPassword ? undefined : draft.password,
    skipPassword: ctx.skipPassword || undefined,
    preregistration: draft.preregistration,
    consent: {
      accepted: draft.consent?.accepted === true,
      termsVersion: draft.consent?.termsVersion ?? '',
    } as SignupBody['consent'],
    treatments: [...(draft.treatments ?? []), treatment].map((item) => toTreatmentBody(item)),
  };
}

/** The step that asks for a field the server refused (its dotted path). */
export function stepOfField(path: string): SignupStep {
  const [head, second] = path.split('.');
  switch (head) {
    case 'country':
    case 'supportPlanId':
      return 'country';
    case 'email':
      return 'email';
    case 'identification':
      return 'idNumber';
    case 'personalInfo':
      return 'personalInfo';
    case 'weight':
      return 'weight';
    case 'birthDate':
      return 'birthdate';
    case 'caregiver':
      return 'caregiver';
    case 'contact':
      return 'contact';
    case 'address':
      return 'address';
    case 'password':
      return 'password';
    case 'consent':
      return 'consent';
    case 'treatments':
      return treatmentStepOfField(path.split('.').slice(2).join('.'));
    case undefined:
    default:
      void second;
      return 'country';
  }
}
