// What the tests of the step components share: the alivio texts in English, a plan's settings and medicines, and a
// step rendered with its form's submit. Each test file mocks the program and the calls its steps make.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { vi } from 'vitest';
import type { FieldSettings } from '@portal/contracts/program-files';
import type { PlanProduct } from '@portal/contracts/patient-fields';
import type { SignupDraft, StepProps, WizardContext } from '../../model.ts';

const PROGRAMS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../../programs');
/** The alivio texts in a language. */
export const messagesOf = (language: 'en' | 'es') =>
  JSON.parse(readFileSync(path.join(PROGRAMS, `alivio/texts/text-${language}.json`), 'utf8')) as Record<string, string>;
export const messages = messagesOf('en');
export const text = (key: string) => messages[key]!;

export const fieldSettings: FieldSettings = {
  steps: {
    country: true,
    email: true,
    idNumber: true,
    personalInfo: true,
    weight: true,
    birthdate: true,
    caregiver: true,
    identification: false,
    contact: true,
    address: true,
    password: true,
    consent: true,
    treatment: true,
    details: true,
    doctor: true,
    startDate: true,
    healthCenter: true,
    customTherapy: true,
  },
  fields: {
    secondSurname: 'optional',
    emailAlternative: 'optional',
    phoneAlternative: 'optional',
    weight: 'required',
    healthCenterType: 'required',
    doctorName: 'required',
  },
  weightUnit: 'kg',
  minorAgeYears: 18,
};

/** The settings above with some fields' modes and other settings changed. */
export const fieldSettingsWith = (
  fields: Partial<FieldSettings['fields']> = {},
  extra: Partial<FieldSettings> = {},
): FieldSettings => ({ ...fieldSettings, fields: { ...fieldSettings.fields, ...fields }, ...extra });

export const products: PlanProduct[] = [
  {
    id: 11,
    medicine: 'Calmarex',
    presentation: { es: 'Tabletas de 50 mg', en: '50 mg tablets' },
    unit: 'tabs',
    minAgeYears: 18,
    maxAgeYears: 120,
    maxUnitAmount: 4,
  },
  {
    id: 12,
    medicine: 'Dermaclar',
    presentation: { es: 'Vial de 10 ml', en: '10 ml vial' },
    unit: 'vials',
    minAgeYears: 18,
    maxAgeYears: 120,
    maxUnitAmount: 2,
  },
];

export function context(overrides: Partial<WizardContext> = {}): WizardContext {
  return {
    program: { name: 'Alivio' } as WizardContext['program'],
    plan: {
      id: 7,
      country: 'CR',
      name: { es: 'Alivio Costa Rica', en: 'Alivio Costa Rica' },
      identificationTypes: ['IDENTIFICATION'],
      fieldSettings,
    },
    language: 'en',
    skipPassword: false,
    preregistered: false,
    today: '2025-06-15',
    products,
    ...overrides,
  };
}

export function renderStep(
  Step: ComponentType<StepProps>,
  draft: Partial<SignupDraft> = {},
  ctx: WizardContext = context(),
) {
  const onDone = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (node: ReactNode) => (
    <QueryClientProvider client={client}>
      <IntlProvider locale="en" messages={messages}>
        {node}
      </IntlProvider>
    </QueryClientProvider>
  );
  const onChange = vi.fn();
  const onPendingChange = vi.fn();
  render(
    wrap(
      <Step
        formId="step-form"
        draft={{ idempotencyKey: 'key', country: 'CR', supportPlanId: 7, ...draft }}
        ctx={ctx}
        onDone={onDone}
        onChange={onChange}
        onPendingChange={onPendingChange}
      />,
    ),
  );
  const submit = () =>
    act(async () => {
      fireEvent.submit(document.getElementById('step-form')!);
    });
  return { onDone, onChange, onPendingChange, submit };
}

/** Types into the field labelled `label` (the label may carry '(optional)' or a unit after it). */
export const type = (label: string, value: string, exact = false) =>
  fireEvent.change(screen.getByLabelText(label, { exact }), { target: { value } });
