import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FieldSettings } from '@portal/contracts/program-files';
import type { PlanProduct } from '@portal/contracts/signup';
import type { SignupDraft, StepProps, WizardContext } from '../../../../patient/model.ts';
import { isDoseApproved } from '../../../../patient/api/plan-api.ts';
import type * as PlacesApi from '../../../../patient/api/places-api.ts';
import { searchLocations } from '../../../../patient/api/places-api.ts';
import { AddressStep } from './address-step.tsx';
import { ContactStep } from './contact-step.tsx';
import { CustomTherapyStep } from '../../../../patient/components/steps/custom-therapy-step.tsx';
import { DetailsStep } from '../../../../patient/components/steps/details-step.tsx';
import { DoctorStep } from '../../../../patient/components/steps/doctor-step.tsx';
import { HealthCenterStep } from '../../../../patient/components/steps/health-center-step.tsx';
import { StartDateStep } from '../../../../patient/components/steps/start-date-step.tsx';
import { TreatmentStep } from '../../../../patient/components/steps/treatment-step.tsx';

vi.mock('../../../../program/program-context.tsx', () => ({
  useProgram: () => ({ program: { name: 'Alivio', supportEmail: 'soporte@alivio.example', defaultCountry: 'CR' } }),
}));
vi.mock('../../../../patient/api/plan-api.ts', () => ({ isDoseApproved: vi.fn() }));
// The search's factory as it is, calling the mocked search (a module's own calls are not replaced by a mock).
vi.mock('../../../../patient/api/places-api.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof PlacesApi>();
  const searchLocations = vi.fn();
  return {
    ...actual,
    searchLocations,
    locationSearchQuery: (...args: Parameters<typeof actual.locationSearchQuery>) => ({
      ...actual.locationSearchQuery(...args),
      queryFn: () => searchLocations(args[0], args[2], args[1]),
    }),
  };
});

const PROGRAMS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../../../programs');
const messages = JSON.parse(readFileSync(path.join(PROGRAMS, 'alivio/texts/text-en.json'), 'utf8')) as Record<string, string>;
const text = (key: string) => messages[key]!;

const fieldSettings: FieldSettings = {
  steps: {
    country: true, email: true, idNumber: true, personalInfo: true, weight: true, birthdate: true, caregiver: true, identification: false,
    contact: true, address: true, password: true, consent: true, treatment: true, details: true, doctor: true, startDate: true,
    healthCenter: true, customTherapy: true,
  },
  fields: { secondSurname: 'optional', emailAlternative: 'optional', phoneAlternative: 'optional', weight: 'required', healthCenterType: 'required', doctorName: 'required' },
  weightUnit: 'kg',
  minorAgeYears: 18,
};

const products: PlanProduct[] = [
  { id: 11, medicine: 'Calmarex', presentation: '50 mg tablets', unit: 'tabs', minAgeYears: 18, maxAgeYears: 120, maxUnitAmount: 4 },
  { id: 12, medicine: 'Dermaclar', presentation: '10 ml vial', unit: 'vials', minAgeYears: 18, maxAgeYears: 120, maxUnitAmount: 2 },
];

function context(overrides: Partial<WizardContext> = {}): WizardContext {
  return {
    program: { name: 'Alivio' } as WizardContext['program'],
    plan: { id: 7, country: 'CR', name: 'Alivio Costa Rica', identificationTypes: ['IDENTIFICATION'], fieldSettings },
    language: 'en',
    skipPassword: false,
    preregistered: false,
    today: '2025-06-15',
    products,
    ...overrides,
  };
}

function renderStep(Step: ComponentType<StepProps>, draft: Partial<SignupDraft> = {}, ctx: WizardContext = context()) {
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
  render(wrap(<Step formId="step-form" draft={{ idempotencyKey: 'key', country: 'CR', supportPlanId: 7, ...draft }} ctx={ctx} onDone={onDone} onChange={onChange} />));
  const submit = () => act(async () => {
    fireEvent.submit(document.getElementById('step-form')!);
  });
  return { onDone, onChange, submit };
}

/** Types into the field labelled `label` (the label may carry '(optional)' or a unit after it). */
const type = (label: string, value: string, exact = false) => fireEvent.change(screen.getByLabelText(label, { exact }), { target: { value } });

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('DoctorStep', () => {
  it('refuses # @ % $ with the invalid-characters message, on the field and in the summary', async () => {
    const { onDone, submit } = renderStep(DoctorStep);
    type(text('signup.doctor.firstName.label'), 'Dr. @Smith');
    type(text('signup.doctor.lastName.label'), 'Jones');
    await submit();
    const messagesShown = await screen.findAllByText(text('signup.doctor.invalidCharacters'));
    expect(messagesShown.length).toBe(2);
    expect(screen.getByRole('alert').textContent).toContain(text('signup.doctor.invalidCharacters'));
    expect(onDone).not.toHaveBeenCalled();
  });

  it('accepts a plain name and merges it into the treatment', async () => {
    const { onDone, submit } = renderStep(DoctorStep, { treatment: { productId: 11, unitAmount: '2' } });
    type(text('signup.doctor.firstName.label'), 'Ana María');
    type(text('signup.doctor.lastName.label'), "O'Neil-Pérez");
    await submit();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ treatment: { productId: 11, unitAmount: '2', doctor: { firstName: 'Ana María', lastName: "O'Neil-Pérez" } } }));
  });

  it('lets an optional doctor be left blank', async () => {
    const ctx = context({ plan: { ...context().plan!, fieldSettings: { ...fieldSettings, fields: { ...fieldSettings.fields, doctorName: 'optional' } } } });
    const { onDone, submit } = renderStep(DoctorStep, {}, ctx);
    await submit();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ treatment: { doctor: {} } }));
  });
});

describe('DetailsStep', () => {
  const draft: Partial<SignupDraft> = { birthDate: '1960-03-02', treatment: { productId: 11, frequency: { amount: '1', interval: 'day' }, doctor: { firstName: 'Ana' } } };

  it('shows the not-approved message on the dose when the server does not approve it', async () => {
    vi.mocked(isDoseApproved).mockResolvedValue(false);
    const { onDone, submit } = renderStep(DetailsStep, draft);
    expect(screen.getByLabelText(`${text('signup.details.dose.label')} (${text('signup.treatment.units.tabs')})`, { exact: false })).toBeTruthy();
    type(text('signup.details.dose.label'), '9');
    await submit();
    expect((await screen.findAllByText(text('signup.details.doseNotApproved'))).length).toBe(2);
    expect(isDoseApproved).toHaveBeenCalledWith({ supportPlanId: 7, productId: 11, unitAmount: '9', birthDate: '1960-03-02' });
    expect(onDone).not.toHaveBeenCalled();
  });

  it('merges dose, frequency and rest time into the treatment when approved', async () => {
    vi.mocked(isDoseApproved).mockResolvedValue(true);
    const { onDone, submit } = renderStep(DetailsStep, draft);
    type(text('signup.details.dose.label'), '1,5');
    await submit();
    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith({
        treatment: { productId: 11, doctor: { firstName: 'Ana' }, unitAmount: '1.5', frequency: { amount: '1', interval: 'day' }, restTime: undefined },
      }),
    );
    expect(isDoseApproved).toHaveBeenCalledWith(expect.objectContaining({ unitAmount: '1.5' }));
  });

  it('offers a retry when the check fails, and warns when the frequency changes', async () => {
    vi.mocked(isDoseApproved).mockRejectedValue(new Error('network'));
    const { onDone, submit } = renderStep(DetailsStep, draft);
    expect(screen.queryByText(text('signup.details.frequency.changed'))).toBeNull();
    type(text('signup.details.frequency.times.label'), '2');
    expect(screen.getByText(text('signup.details.frequency.changed'))).toBeTruthy();
    type(text('signup.details.dose.label'), '1');
    await submit();
    expect(await screen.findByRole('button', { name: text('common.retry') })).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('refuses a rest time amount that is not a whole number', async () => {
    const { onDone, submit } = renderStep(DetailsStep, draft);
    type(text('signup.details.dose.label'), '1');
    type(text('signup.treatment.length.amount.label'), 'two', true);
    await submit();
    expect((await screen.findAllByText(text('signup.details.restTime.invalid'))).length).toBeGreaterThan(0);
    expect(isDoseApproved).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('ContactStep', () => {
  it('refuses a too-short phone number for the country', async () => {
    const { onDone, submit } = renderStep(ContactStep);
    type(text('signup.contact.phone.label'), '8123');
    await submit();
    expect((await screen.findAllByText(text('signup.contact.phone.invalid'))).length).toBe(2);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('asks for the phone, and hands over the normalised numbers', async () => {
    const { onDone, submit } = renderStep(ContactStep);
    await submit();
    expect((await screen.findAllByText(text('signup.contact.phone.required'))).length).toBe(2);
    type(text('signup.contact.phone.label'), '+506 8312-4567');
    type(text('signup.contact.phoneAlternative.label'), '2222 3333');
    type(text('signup.contact.emailAlternative.label'), 'Otro@Example.com');
    await submit();
    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith({ contact: { phone: { country: 'CR', phoneNumber: '83124567' }, phoneAlternative: '22223333', emailAlternative: 'otro@example.com' } }),
    );
  });

  it('checks the alternative phone against the same country', async () => {
    const { onDone, submit } = renderStep(ContactStep);
    type(text('signup.contact.phone.label'), '83124567');
    type(text('signup.contact.phoneAlternative.label'), '123');
    await submit();
    expect((await screen.findAllByText(text('signup.contact.phoneAlternative.invalid'))).length).toBe(2);
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('AddressStep', () => {
  it('refuses a typed location that was not chosen, and takes a chosen one', async () => {
    // react-aria's popover reads CSS.escape, which jsdom lacks.
    if (!globalThis.CSS?.escape) vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/[^\w-]/g, (character) => `\\${character}`) });
    const place = { id: 'CR-san-jose-escazu', country: 'CR' as const, region: 'San José', city: 'Escazú', label: 'Escazú, San José' };
    vi.mocked(searchLocations).mockResolvedValue([place]);
    const { onDone, submit } = renderStep(AddressStep);
    type(text('signup.address.line.label'), 'Calle 5, casa 12');
    const search = screen.getByRole('combobox', { name: text('signup.address.search.label') });
    fireEvent.change(search, { target: { value: 'Esca' } });
    await submit();
    expect((await screen.findAllByText(text('signup.address.search.required'))).length).toBe(2);
    expect(onDone).not.toHaveBeenCalled();

    // The refused Next put the focus on the error summary: the person goes back to the search box and types.
    act(() => search.focus());
    fireEvent.change(search, { target: { value: 'Escaz' } });
    const option = await screen.findByRole('option', { name: place.label }, { timeout: 2000 });
    expect(searchLocations).toHaveBeenCalledWith('CR', 'Escaz', 'en');
    fireEvent.click(option);
    await waitFor(() => expect((search as HTMLInputElement).value).toBe(place.label));
    await submit();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ address: { line: 'Calle 5, casa 12', location: place } }));
  });
});

describe('TreatmentStep', () => {
  it('shows a loading state without products and the no-medicines message with none', () => {
    renderStep(TreatmentStep, {}, context({ products: undefined }));
    expect(screen.getByRole('status').textContent).toContain(text('common.loading'));
  });

  it('says when no medicine is available', () => {
    renderStep(TreatmentStep, {}, context({ products: [] }));
    expect(screen.getByText(text('signup.treatment.noProducts'))).toBeTruthy();
  });

  it('requires medicine and length, and merges the choice into the treatment', async () => {
    const { onDone, submit } = renderStep(TreatmentStep, { treatment: { productId: 12, unitAmount: '1', doctor: { firstName: 'Ana' } } });
    expect(screen.getByText('10 ml vial')).toBeTruthy();
    await submit();
    expect((await screen.findAllByText(text('signup.treatment.length.required'))).length).toBeGreaterThan(0);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('hands over the product and the length as typed', async () => {
    const { onDone, submit } = renderStep(TreatmentStep, { treatment: { productId: 12, unitAmount: '1', duration: { amount: '', interval: 'month' } } });
    type(text('signup.treatment.length.amount.label'), ' 6 ');
    await submit();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ treatment: { productId: 12, unitAmount: '1', duration: { amount: '6', interval: 'month' } } }));
  });
});

describe('TreatmentStep with medicines added before', () => {
  it('lists them with a way to remove each, and never offers them again', async () => {
    const { onChange } = renderStep(TreatmentStep, { treatments: [{ productId: 11, unitAmount: '1' }] });
    expect(screen.getByRole('heading', { level: 3, name: text('signup.treatment.added.title') })).toBeTruthy();
    expect(screen.getByText('Calmarex · 50 mg tablets')).toBeTruthy();
    // The one medicine left is the only choice (the select's form twin lists its options).
    const choices = [...document.querySelectorAll('select[name="medicine"] option')].map((option) => option.textContent?.trim()).filter(Boolean);
    expect(choices).toEqual(['Dermaclar']);
    fireEvent.click(screen.getByRole('button', { name: text('signup.treatment.added.remove').replace('{medicine}', 'Calmarex') }));
    expect(onChange).toHaveBeenCalledWith({ treatments: [] });
  });
});

describe('StartDateStep, HealthCenterStep, CustomTherapyStep', () => {
  it('requires a start date or not started', async () => {
    const { onDone, submit } = renderStep(StartDateStep);
    await submit();
    expect((await screen.findAllByText(text('signup.startDate.required'))).length).toBe(2);
    fireEvent.click(screen.getByLabelText(text('signup.startDate.notStarted')));
    await submit();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ treatment: { startDate: undefined, notStarted: true } }));
  });

  it('requires the health center name and type', async () => {
    const { onDone, submit } = renderStep(HealthCenterStep);
    await submit();
    expect((await screen.findAllByText(text('signup.healthCenter.name.required'))).length).toBe(2);
    expect(screen.getAllByText(text('signup.healthCenter.type.required')).length).toBe(2);
    type(text('signup.healthCenter.name.label'), 'Hospital México');
    fireEvent.click(screen.getByLabelText(text('signup.healthCenter.type.public')));
    await submit();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ treatment: { healthCenter: { name: 'Hospital México', type: 'PUBLIC' } } }));
  });

  it('asks for the code only when there is one', async () => {
    const { onDone, submit } = renderStep(CustomTherapyStep, { treatment: { productId: 11 } });
    expect(screen.queryByLabelText(text('signup.customTherapy.code.label'))).toBeNull();
    await submit();
    expect((await screen.findAllByText(text('signup.customTherapy.question.required'))).length).toBe(2);
    fireEvent.click(screen.getByLabelText(text('signup.customTherapy.yes')));
    type(text('signup.customTherapy.code.label'), 'ab', true);
    await submit();
    expect((await screen.findAllByText(text('signup.customTherapy.code.invalid'))).length).toBe(2);
    type(text('signup.customTherapy.code.label'), 'ab-1234', true);
    await submit();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ treatment: { productId: 11, customTherapy: { hasCode: true, code: 'AB-1234' } } }));
  });
});
