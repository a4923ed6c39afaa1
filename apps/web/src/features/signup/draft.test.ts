import { describe, expect, it } from 'vitest';
import { PreregisteredPatientViewSchema } from '@portal/contracts/signup';
import { draftOfPreregistration, toSignupBody } from './draft.ts';
import type { WizardContext } from '../../patient/model.ts';

const link = { n: 'n'.repeat(32), s: 's'.repeat(43) };
const ctx = { language: 'es', skipPassword: false, preregistered: true, today: '2026-11-21' } as WizardContext;

describe('signup draft', () => {
  it('prefills a new draft from held data and sends the invitation with the sign-up', () => {
    const held = PreregisteredPatientViewSchema.parse({
      supportPlanId: 101,
      country: 'CR',
      email: 'rosa@test.example',
      identification: { type: 'IDENTIFICATION', number: '101110111' },
      personalInfo: { firstName: 'Rosa', lastName: 'Jiménez' },
      weight: { value: 61.5, unit: 'kg' },
      contact: { phone: { country: 'CR', phoneNumber: '88771234' } },
      treatment: { productId: 1101, unitAmount: '1', frequency: { amount: 2, interval: 'day' } },
    });
    const draft = draftOfPreregistration(held, link, 'key-1');
    // The wizard's fields hold text where people type numbers.
    expect(draft).toMatchObject({
      idempotencyKey: 'key-1',
      preregistration: link,
      supportPlanId: 101,
      email: 'rosa@test.example',
      weight: { value: '61.5', unit: 'kg' },
      treatment: { productId: 1101, unitAmount: '1', frequency: { amount: '2', interval: 'day' } },
    });
    const body = toSignupBody({ ...draft, birthDate: '1958-02-03' }, ctx);
    expect(body.preregistration).toEqual(link);
    expect(body.email).toBe('rosa@test.example');
    expect(body.treatments[0]).toMatchObject({ productId: 1101, frequency: { amount: 2, interval: 'day' } });
  });

  it('sends every medicine of the enrolment, those added before first', () => {
    const body = toSignupBody(
      {
        idempotencyKey: 'key-3',
        treatments: [
          {
            productId: 1101,
            unitAmount: '1',
            frequency: { amount: '1', interval: 'day' },
            duration: { amount: '6', interval: 'month' },
            notStarted: true,
          },
        ],
        treatment: {
          productId: 1103,
          unitAmount: '1,5',
          frequency: { amount: '2', interval: 'month' },
          duration: { amount: '1', interval: 'year' },
          startDate: '2026-10-01',
        },
      },
      ctx,
    );
    expect(body.treatments).toEqual([
      expect.objectContaining({
        productId: 1101,
        unitAmount: '1',
        frequency: { amount: 1, interval: 'day' },
        notStarted: true,
      }),
      expect.objectContaining({
        productId: 1103,
        unitAmount: '1,5',
        frequency: { amount: 2, interval: 'month' },
        startDate: '2026-10-01',
      }),
    ]);
  });

  it('sends no invitation for an ordinary enrolment', () => {
    expect(toSignupBody({ idempotencyKey: 'key-2' }, { ...ctx, preregistered: false }).preregistration).toBeUndefined();
  });
});
