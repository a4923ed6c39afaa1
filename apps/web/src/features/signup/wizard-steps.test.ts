import { describe, expect, it } from 'vitest';
import { SIGNUP_STEPS, type FieldSettings, type SignupStep } from '@portal/contracts/program-files';
import type { PlanProduct } from '@portal/contracts/patient-fields';
import { isStepVisible, type PatientPlan, type SignupDraft, type WizardContext } from '../../patient/model.ts';
import {
  canAddAnother,
  draftAfterRefusal,
  draftBackToMedicine,
  indexOfStep,
  moveAfterAnother,
  moveAfterAnswer,
  previousStepOf,
  stepPlanOf,
} from './wizard-steps.ts';

/** A plan that asks every step but weight, the doctor, the health center and the custom therapy. */
const HIDDEN: readonly SignupStep[] = ['weight', 'doctor', 'healthCenter', 'customTherapy'];
const fieldSettings: FieldSettings = {
  steps: Object.fromEntries(SIGNUP_STEPS.map((step) => [step, !HIDDEN.includes(step)])) as FieldSettings['steps'],
  fields: {
    secondSurname: 'optional',
    emailAlternative: 'optional',
    phoneAlternative: 'optional',
    weight: 'hidden',
    healthCenterType: 'hidden',
    doctorName: 'hidden',
  },
  weightUnit: 'kg',
  minorAgeYears: 18,
};
const plan: PatientPlan = {
  id: 101,
  country: 'CR',
  name: { es: 'Alivio', en: 'Alivio' },
  identificationTypes: ['IDENTIFICATION'],
  fieldSettings,
};
const product = (id: number) => ({ id }) as PlanProduct;
const ctx = {
  plan,
  language: 'es',
  skipPassword: false,
  preregistered: false,
  today: '2026-11-28',
  products: [product(1), product(2)],
} as WizardContext;
const draft: SignupDraft = { idempotencyKey: 'key', supportPlanId: 101 };
const visibleOf = (of: SignupDraft, context: WizardContext = ctx) =>
  SIGNUP_STEPS.filter((step) => isStepVisible(step, context, of));

// The plan's steps before the medicines: country, email, idNumber, personalInfo, birthdate, caregiver, contact,
// address, password, consent (10); each medicine's: treatment, details, startDate (3).
describe('the sign-up wizard’s steps', () => {
  it('numbers every screen, and counts "another" only while the plan offers one more medicine', () => {
    const one = stepPlanOf(visibleOf(draft), draft, 2);
    expect(one.before).toHaveLength(10);
    expect(one.perMedicine).toEqual(['treatment', 'details', 'startDate']);
    // 10 + 3 + "another" + review.
    expect(one.total).toBe(15);
    expect(indexOfStep('country', one)).toBe(0);
    expect(indexOfStep('treatment', one)).toBe(10);
    expect(indexOfStep('another', one)).toBe(13);
    expect(indexOfStep('review', one)).toBe(14);
    // A plan with one medicine for this patient never asks for another.
    expect(stepPlanOf(visibleOf(draft), draft, 1).total).toBe(14);
    // A second medicine: its steps come after the first's and its "another".
    const withOne: SignupDraft = { ...draft, treatments: [{ productId: 1 }] };
    const two = stepPlanOf(visibleOf(withOne), withOne, 2);
    expect(two.total).toBe(10 + 3 + 1 + 3 + 1);
    expect(indexOfStep('treatment', two)).toBe(14);
  });

  it('goes back a step in that order, through "another" between two medicines', () => {
    const one = stepPlanOf(visibleOf(draft), draft, 2);
    expect(previousStepOf('country', one, false)).toBeUndefined();
    expect(previousStepOf('birthdate', one, false)).toBe('personalInfo');
    expect(previousStepOf('treatment', one, false)).toBe('consent');
    expect(previousStepOf('review', one, true)).toBe('another');
    expect(previousStepOf('review', one, false)).toBe('startDate');
    const withOne: SignupDraft = { ...draft, treatments: [{ productId: 1 }] };
    expect(previousStepOf('treatment', stepPlanOf(visibleOf(withOne), withOne, 2), false)).toBe('another');
  });

  it('answers lead to the next visible step, then "another" while a medicine is left, then the review', () => {
    const move = (step: SignupStep, of: SignupDraft, patch: Partial<SignupDraft> = {}) =>
      moveAfterAnswer({ step, draft: of, patch, ctx, visible: visibleOf(of), returning: false });
    expect(move('personalInfo', draft).step).toBe('birthdate');
    const chosen: SignupDraft = { ...draft, treatment: { productId: 1 } };
    expect(move('startDate', chosen)).toEqual({ step: 'another', draft: chosen });
    const both: SignupDraft = { ...draft, treatments: [{ productId: 2 }], treatment: { productId: 1 } };
    expect(move('startDate', both).step).toBe('review');
  });

  it('asks the plan’s questions again when the country changes', () => {
    const answered: SignupDraft = {
      ...draft,
      email: 'rosa@test.example',
      identification: { type: 'IDENTIFICATION', number: '101110111' },
      treatment: { productId: 1 },
    };
    const { draft: next } = moveAfterAnswer({
      step: 'country',
      draft: answered,
      patch: { supportPlanId: 202 },
      ctx,
      visible: visibleOf(answered),
      returning: false,
    });
    expect(next).toEqual({ idempotencyKey: 'key', supportPlanId: 202, email: 'rosa@test.example' });
  });

  it('returns to the review after a change, unless the change needs more answers', () => {
    const change = (step: SignupStep, patch: Partial<SignupDraft>, of: SignupDraft = draft) =>
      moveAfterAnswer({ step, draft: of, patch, ctx, visible: visibleOf(of), returning: true });
    expect(change('personalInfo', { personalInfo: { firstName: 'Rosa' } }).step).toBe('review');
    // A birth date that makes the patient a minor asks for the caregiver first.
    expect(change('birthdate', { birthDate: '2015-01-01' })).toMatchObject({ step: 'caregiver', review: true });
    expect(change('birthdate', { birthDate: '1960-01-01' }).step).toBe('review');
    // Another medicine: the rest of that medicine's questions, then the review.
    expect(change('treatment', { treatment: { productId: 2 } })).toMatchObject({ step: 'details', review: true });
    expect(change('startDate', { treatment: { productId: 2, notStarted: true } }).step).toBe('review');
  });

  it('offers another medicine while the plan has one not chosen, and puts the chosen ones aside for it', () => {
    expect(canAddAnother(draft, ctx.products)).toBe(false);
    const chosen: SignupDraft = { ...draft, treatment: { productId: 1 } };
    expect(canAddAnother(chosen, ctx.products)).toBe(true);
    expect(canAddAnother({ ...chosen, treatments: [{ productId: 2 }] }, ctx.products)).toBe(false);
    expect(moveAfterAnother(chosen, true)).toEqual({
      step: 'treatment',
      draft: { ...draft, treatments: [{ productId: 1 }], treatment: undefined },
    });
    expect(moveAfterAnother(chosen, false)).toEqual({ step: 'review', draft: chosen });
  });

  it('going back over "yes, another" puts that medicine on the treatment steps again', () => {
    const two: SignupDraft = { ...draft, treatments: [{ productId: 1 }], treatment: { productId: 2 } };
    expect(draftBackToMedicine(two, 0)).toEqual({
      ...draft,
      treatments: [{ productId: 2 }],
      treatment: { productId: 1 },
    });
    expect(draftBackToMedicine(two, 1)).toBe(two);
    expect(draftBackToMedicine(two, undefined)).toBe(two);
  });

  it('drops a used invitation when Send is refused for it, and keeps the draft otherwise', () => {
    const invited: SignupDraft = { ...draft, preregistration: { n: 'n'.repeat(32), s: 's'.repeat(43) } };
    expect(draftAfterRefusal(invited, 'PREREGISTRATION_LINK_INVALID')).toEqual(draft);
    expect(draftAfterRefusal(invited, 'EMAIL_ALREADY_REGISTERED')).toBe(invited);
  });
});
