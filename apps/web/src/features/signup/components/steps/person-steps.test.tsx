import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FieldSettings } from '@portal/contracts/program-files';
import type { ProgramInfo } from '../../../../program/program-content.ts';
import type { SignupDraft, PatientPlan, StepProps, WizardContext } from '../../../../patient/model.ts';
import { BirthdateStep } from './birthdate-step.tsx';
import { CaregiverStep } from '../../../../patient/components/steps/caregiver-step.tsx';
import {
  fieldSettings,
  fieldSettingsWith,
  messages,
  messagesOf,
  renderStep,
} from '../../../../patient/components/steps/step-test-support.tsx';
import { IdNumberStep } from './id-number-step.tsx';
import { PersonalInfoStep } from './personal-info-step.tsx';
import { WeightStep } from './weight-step.tsx';

vi.mock('../../../../program/program-context.tsx', () => ({
  useProgram: () => ({
    program: { name: 'Alivio', supportEmail: 'soporte@alivio.example', defaultCountry: 'CR' },
    phones: { CR: [{ labelKey: 'phones.callCenter', number: '+506 4000 1234' }] },
  }),
}));

const api = vi.hoisted(() => ({
  isIdentificationRegistered: vi.fn(async () => false),
  lookUpCitizen: vi.fn(async (): Promise<unknown> => undefined),
  getPlanProducts: vi.fn(async (): Promise<unknown[]> => []),
}));
vi.mock('../../api/signup-api.ts', () => api);
vi.mock('../../../../patient/api/plan-api.ts', () => api);

// The person steps' plan asks for the second surname and shows the identification step, not the custom therapy.
const settings = (
  overrides: Partial<FieldSettings['fields']> = {},
  extra: Partial<FieldSettings> = {},
): FieldSettings =>
  fieldSettingsWith(
    { secondSurname: 'required', ...overrides },
    { steps: { ...fieldSettings.steps, identification: true, customTherapy: false }, ...extra },
  );
const plan = (planSettings = settings()): PatientPlan => ({
  id: 101,
  country: 'CR',
  name: { es: 'Alivio Costa Rica', en: 'Alivio Costa Rica' },
  identificationTypes: ['IDENTIFICATION', 'FOREIGN', 'PASSPORT', 'TYPE_MINOR'],
  fieldSettings: planSettings,
});
const context = (overrides: Partial<WizardContext> = {}): WizardContext => ({
  program: {
    name: 'Alivio',
    supportEmail: 'soporte@alivio.example',
    defaultCountry: 'CR',
    countries: ['CR'],
    supportPlans: [],
  } as unknown as ProgramInfo,
  plan: plan(),
  language: 'en',
  skipPassword: false,
  preregistered: false,
  today: '2025-06-15',
  ...overrides,
});

/** A step rendered with the person steps' context unless told otherwise. */
const renderPersonStep = (Step: ComponentType<StepProps>, draft: Partial<SignupDraft> = {}, ctx = context()) =>
  renderStep(Step, draft, ctx);

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

// jsdom has no CSS.escape, which react-aria's Modal uses (through getMetaValue).
if (typeof globalThis.CSS?.escape !== 'function') {
  vi.stubGlobal('CSS', {
    ...globalThis.CSS,
    escape: (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, (char) => `\\${char}`),
  });
}

afterEach(() => vi.clearAllMocks());

describe('PersonalInfoStep', () => {
  it('shows the messages on an empty submit, in the summary and on the fields', async () => {
    const { onDone, submit } = renderPersonStep(PersonalInfoStep);
    await submit();
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText('Enter a name')).toBeTruthy();
    expect(within(summary).getByText('Enter a surname')).toBeTruthy();
    expect(screen.getAllByText('Enter a name')).toHaveLength(2);
    expect(screen.getAllByText('Enter a surname')).toHaveLength(2);
    expect(screen.getAllByText('Enter the second surname').length).toBeGreaterThan(0);
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: /^First name/ }).getAttribute('autocomplete')).toBe('given-name');
    expect(screen.getByRole('textbox', { name: /^First surname/ }).getAttribute('autocomplete')).toBe('family-name');
  });

  it('hands the trimmed values to onDone when valid', async () => {
    const { onDone, submit } = renderPersonStep(PersonalInfoStep);
    type(/^First name/, ' Ana María ');
    type(/^First surname/, 'Solís');
    type(/^Second surname/, 'Mora');
    fireEvent.click(screen.getByRole('radio', { name: 'Female' }));
    await submit();
    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith({
        personalInfo: { firstName: 'Ana María', lastName: 'Solís', secondSurname: 'Mora', gender: 'FEMALE' },
      }),
    );
  });

  it('hides the second surname when the plan hides it, and marks it optional when optional', async () => {
    renderPersonStep(PersonalInfoStep, {}, context({ plan: plan(settings({ secondSurname: 'hidden' })) }));
    expect(screen.queryByRole('textbox', { name: /^Second surname/ })).toBeNull();
  });
});

describe('IdNumberStep', () => {
  it('refuses a malformed Costa Rican cédula without calling the check, saying what is wrong (its length)', async () => {
    const { onDone, submit } = renderPersonStep(IdNumberStep, { identification: { type: 'IDENTIFICATION' } });
    type(/^Identification number/, '1-234');
    await submit();
    expect((await screen.findAllByText(/does not have the length of this document/)).length).toBe(2);
    expect(api.isIdentificationRegistered).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('says when the number is already registered in the program', async () => {
    api.isIdentificationRegistered.mockResolvedValueOnce(true);
    const { onDone, submit } = renderPersonStep(IdNumberStep, { identification: { type: 'IDENTIFICATION' } });
    type(/^Identification number/, '1-0111-0111');
    await submit();
    expect(
      (await screen.findAllByText('this identification number is already registered in the program')).length,
    ).toBeGreaterThan(0);
    expect(api.isIdentificationRegistered).toHaveBeenCalledWith(101, 'IDENTIFICATION', '101110111', 'CR');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('tells the wizard it is pending while the check is in flight, so its Next shows it and takes no second press', async () => {
    let answer: (registered: boolean) => void = () => undefined;
    api.isIdentificationRegistered.mockImplementationOnce(() => new Promise<boolean>((resolve) => (answer = resolve)));
    const { onDone, onPendingChange, submit } = renderPersonStep(IdNumberStep, {
      identification: { type: 'PASSPORT' },
    });
    expect(onPendingChange).toHaveBeenLastCalledWith(false);
    type(/^Identification number/, 'AB123456');
    await submit();
    await waitFor(() => expect(onPendingChange).toHaveBeenLastCalledWith(true));
    await submit();
    expect(api.isIdentificationRegistered).toHaveBeenCalledOnce();
    await act(async () => answer(false));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(onPendingChange).toHaveBeenLastCalledWith(false);
  });

  it('stays with a message when the check fails', async () => {
    api.isIdentificationRegistered.mockRejectedValueOnce(new Error('offline'));
    const { onDone, submit } = renderPersonStep(IdNumberStep, { identification: { type: 'PASSPORT' } });
    type(/^Identification number/, 'AB123456');
    await submit();
    expect(await screen.findByText(messages['signup.idNumber.cannotValidate']!)).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('prefills the next steps from the Costa Rican citizen register', async () => {
    api.lookUpCitizen.mockResolvedValueOnce({
      typeIdentification: 'IDENTIFICATION',
      legalIdentification: '101110111',
      firstName: 'Ana',
      lastName: 'Solís',
      secondSurname: null,
      birthDate: '1950-03-04',
      gender: 'FEMALE',
    });
    const { onDone, submit } = renderPersonStep(IdNumberStep, { identification: { type: 'IDENTIFICATION' } });
    type(/^Identification number/, '101110111');
    await submit();
    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith({
        identification: { type: 'IDENTIFICATION', number: '101110111' },
        personalInfo: { firstName: 'Ana', lastName: 'Solís', secondSurname: undefined, gender: 'FEMALE' },
        birthDate: '1950-03-04',
      }),
    );
  });
});

describe('WeightStep', () => {
  it('requires a weight within the range of the unit and keeps the text', async () => {
    const { onDone, submit } = renderPersonStep(WeightStep);
    await submit();
    expect((await screen.findAllByText('Enter the weight')).length).toBe(2);
    type(/^Weight \(kg\)/, '900');
    await submit();
    expect((await screen.findAllByText('Enter a valid weight in kilograms (kg)')).length).toBe(2);
    fireEvent.click(screen.getByRole('radio', { name: 'pounds (lb)' }));
    type(/^Weight \(lb\)/, '180,5');
    await submit();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ weight: { value: '180.5', unit: 'lb' } }));
  });

  it('lets an optional weight be left blank', async () => {
    const { onDone, submit } = renderPersonStep(
      WeightStep,
      {},
      context({ plan: plan(settings({ weight: 'optional' }, { weightUnit: 'lb' })) }),
    );
    await submit();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ weight: { unit: 'lb' } }));
  });
});

describe('BirthdateStep', () => {
  it('requires the date', async () => {
    const { onDone, submit } = renderPersonStep(BirthdateStep);
    await submit();
    expect((await screen.findAllByText('Enter the date of birth')).length).toBe(2);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('opens the attention dialog when the age has no medicines, and stays', async () => {
    api.getPlanProducts.mockResolvedValueOnce([]);
    const { onDone, submit } = renderPersonStep(BirthdateStep, { birthDate: '1950-03-04' });
    await submit();
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/patients aged 75 years/)).toBeTruthy();
    expect(api.getPlanProducts).toHaveBeenCalledWith(101, '1950-03-04');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Understood' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onDone).not.toHaveBeenCalled();
  });

  it('moves on when the age has medicines', async () => {
    api.getPlanProducts.mockResolvedValueOnce([
      { id: 1, medicine: 'A', presentation: 'B', unit: 'tabs', minAgeYears: 0, maxAgeYears: 120, maxUnitAmount: 2 },
    ]);
    const { onDone, submit } = renderPersonStep(BirthdateStep, { birthDate: '1950-03-04' });
    await submit();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ birthDate: '1950-03-04' }));
  });
});

describe('DateField (in the birthdate step)', () => {
  const segments = () => screen.getAllByRole('spinbutton').map((segment) => segment.textContent);

  it('shows mm/dd/yyyy and offers month and year selectors in the calendar', { timeout: 20_000 }, async () => {
    api.getPlanProducts.mockResolvedValue([
      { id: 1, medicine: 'A', presentation: 'B', unit: 'tabs', minAgeYears: 0, maxAgeYears: 120, maxUnitAmount: 2 },
    ]);
    const { onDone, submit } = renderPersonStep(BirthdateStep, { birthDate: '1950-03-04' });
    expect(segments()).toEqual(['03', '04', '1950']);
    fireEvent.click(screen.getByRole('button', { name: /Open calendar/ }));
    const dialog = await screen.findByRole('dialog');
    const year = within(dialog).getByRole('button', { name: /Year/ });
    expect(year.textContent).toContain('1950');
    expect(within(dialog).getByRole('button', { name: /Month/ }).textContent).toContain('March');
    fireEvent.click(year);
    const listbox = await screen.findByRole('listbox');
    const options = within(listbox).getAllByRole('option');
    expect(options[0]!.textContent).toBe('1900');
    expect(options.at(-1)!.textContent).toBe('2025');
    fireEvent.click(within(listbox).getByRole('option', { name: '1961' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /Year/ }).textContent).toContain('1961'));
    fireEvent.click(within(dialog).getByRole('button', { name: /March 10, 1961/ }));
    await waitFor(() => expect(segments()).toEqual(['03', '10', '1961']));
    await submit();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ birthDate: '1961-03-10' }));
  });

  it('keeps month first in Spanish too', () => {
    const es = messagesOf('es');
    render(
      <IntlProvider locale="es" messages={es}>
        <BirthdateStep
          formId="f"
          draft={{ idempotencyKey: 'k', birthDate: '1950-03-04' }}
          ctx={context({ language: 'es' })}
          onDone={() => undefined}
        />
      </IntlProvider>,
    );
    expect(segments()).toEqual(['03', '04', '1950']);
  });
});

describe('CaregiverStep', () => {
  it('requires the caregiver for a minor and says why', async () => {
    const { onDone, submit } = renderPersonStep(CaregiverStep, { birthDate: '2015-01-01' });
    expect(screen.getByText(messages['signup.caregiver.minorNotice']!)).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: messages['signup.caregiver.hasCaregiver.label'] })).toBeNull();
    await submit();
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText('Select the relationship to the patient')).toBeTruthy();
    expect(within(summary).getByText('Enter a name')).toBeTruthy();
    expect(within(summary).getByText('Enter a surname')).toBeTruthy();
    expect(within(summary).getByText('Enter a phone number')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('asks an adult whether someone helps, and accepts no', async () => {
    const { onDone, submit } = renderPersonStep(CaregiverStep, { birthDate: '1950-03-04' });
    expect(screen.queryByRole('textbox', { name: /Caregiver’s first name/ })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    await submit();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ caregiver: { hasCaregiver: false } }));
  });

  it('hands the caregiver over when valid, normalised, and refuses the patient as own caregiver', async () => {
    const draft: Partial<SignupDraft> = {
      birthDate: '2015-01-01',
      identification: { type: 'IDENTIFICATION', number: '101110111' },
      caregiver: {
        relation: 'DIRECT_FAMILY',
        firstName: 'Luis',
        lastName: 'Solís',
        identification: { type: 'IDENTIFICATION', number: '1-0111-0111' },
        phone: { country: 'CR', phoneNumber: '8888 1234' },
      },
    };
    const { onDone, submit } = renderPersonStep(CaregiverStep, draft);
    await submit();
    expect((await screen.findAllByText(messages['signup.caregiver.samePerson']!)).length).toBe(2);
    type(/Caregiver’s identification number/, '2-0222-0222');
    await submit();
    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith({
        caregiver: {
          hasCaregiver: true,
          relation: 'DIRECT_FAMILY',
          firstName: 'Luis',
          lastName: 'Solís',
          identification: { type: 'IDENTIFICATION', number: '202220222' },
          phone: { country: 'CR', phoneNumber: '88881234' },
          email: undefined,
        },
      }),
    );
  });
});
