import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isDoseApproved } from '../../api/plan-api.ts';
import { CustomTherapyStep } from './custom-therapy-step.tsx';
import { DetailsStep } from './details-step.tsx';
import { DoctorStep } from './doctor-step.tsx';
import { HealthCenterStep } from './health-center-step.tsx';
import { StartDateStep } from './start-date-step.tsx';
import { context, fieldSettings, renderStep, text, type } from './step-test-support.tsx';
import type { SignupDraft } from '../../model.ts';
import { TreatmentStep } from './treatment-step.tsx';

vi.mock('../../../program/program-context.tsx', () => ({
  useProgram: () => ({ program: { name: 'Alivio', supportEmail: 'soporte@alivio.example', defaultCountry: 'CR' } }),
}));
vi.mock('../../api/plan-api.ts', () => ({ isDoseApproved: vi.fn() }));

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
    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith({
        treatment: { productId: 11, unitAmount: '2', doctor: { firstName: 'Ana María', lastName: "O'Neil-Pérez" } },
      }),
    );
  });

  it('lets an optional doctor be left blank', async () => {
    const ctx = context({
      plan: {
        ...context().plan!,
        fieldSettings: { ...fieldSettings, fields: { ...fieldSettings.fields, doctorName: 'optional' } },
      },
    });
    const { onDone, submit } = renderStep(DoctorStep, {}, ctx);
    await submit();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ treatment: { doctor: {} } }));
  });
});

describe('DetailsStep', () => {
  const draft: Partial<SignupDraft> = {
    birthDate: '1960-03-02',
    treatment: { productId: 11, frequency: { amount: '1', interval: 'day' }, doctor: { firstName: 'Ana' } },
  };

  it('shows the not-approved message on the dose when the server does not approve it', async () => {
    vi.mocked(isDoseApproved).mockResolvedValue(false);
    const { onDone, submit } = renderStep(DetailsStep, draft);
    expect(
      screen.getByLabelText(`${text('signup.details.dose.label')} (${text('signup.treatment.units.tabs')})`, {
        exact: false,
      }),
    ).toBeTruthy();
    type(text('signup.details.dose.label'), '9');
    await submit();
    expect((await screen.findAllByText(text('signup.details.doseNotApproved'))).length).toBe(2);
    expect(isDoseApproved).toHaveBeenCalledWith({
      supportPlanId: 7,
      productId: 11,
      unitAmount: '9',
      birthDate: '1960-03-02',
    });
    expect(onDone).not.toHaveBeenCalled();
  });

  it('merges dose, frequency and rest time into the treatment when approved', async () => {
    vi.mocked(isDoseApproved).mockResolvedValue(true);
    const { onDone, submit } = renderStep(DetailsStep, draft);
    type(text('signup.details.dose.label'), '1,5');
    await submit();
    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith({
        treatment: {
          productId: 11,
          doctor: { firstName: 'Ana' },
          unitAmount: '1.5',
          frequency: { amount: '1', interval: 'day' },
          restTime: undefined,
        },
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
    const { onDone, submit } = renderStep(TreatmentStep, {
      treatment: { productId: 12, unitAmount: '1', doctor: { firstName: 'Ana' } },
    });
    expect(screen.getByText('10 ml vial')).toBeTruthy();
    await submit();
    expect((await screen.findAllByText(text('signup.treatment.length.required'))).length).toBeGreaterThan(0);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('hands over the product and the length as typed', async () => {
    const { onDone, submit } = renderStep(TreatmentStep, {
      treatment: { productId: 12, unitAmount: '1', duration: { amount: '', interval: 'month' } },
    });
    type(text('signup.treatment.length.amount.label'), ' 6 ');
    await submit();
    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith({
        treatment: { productId: 12, unitAmount: '1', duration: { amount: '6', interval: 'month' } },
      }),
    );
  });
});

describe('TreatmentStep with medicines added before', () => {
  it('lists them with a way to remove each, and never offers them again', async () => {
    const { onChange } = renderStep(TreatmentStep, { treatments: [{ productId: 11, unitAmount: '1' }] });
    expect(screen.getByRole('heading', { level: 3, name: text('signup.treatment.added.title') })).toBeTruthy();
    expect(screen.getByText('Calmarex · 50 mg tablets')).toBeTruthy();
    // The one medicine left is the only choice (the select's form twin lists its options).
    const choices = [...document.querySelectorAll('select[name="medicine"] option')]
      .map((option) => option.textContent?.trim())
      .filter(Boolean);
    expect(choices).toEqual(['Dermaclar']);
    fireEvent.click(
      screen.getByRole('button', { name: text('signup.treatment.added.remove').replace('{medicine}', 'Calmarex') }),
    );
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
    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith({ treatment: { healthCenter: { name: 'Hospital México', type: 'PUBLIC' } } }),
    );
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
    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith({
        treatment: { productId: 11, customTherapy: { hasCode: true, code: 'AB-1234' } },
      }),
    );
  });
});
