import { describe, expect, it } from 'vitest';
import type { ExchangeProgress } from '@portal/contracts/exchange-progress';
import { boxesFilled, progressMessage } from './four-plus-one.tsx';
import { pharmacyName, savingsText } from './purchases-format.ts';

const progress = (values: Partial<ExchangeProgress>): ExchangeProgress => ({
  unitsPerFreeUnit: 4,
  maxFreeUnitsPerMonth: null,
  maxFreeUnitsPerYear: null,
  countedUnits: 0,
  freeUnitsAvailable: 0,
  unitsTowardNext: 0,
  expiredUnits: 0,
  capPer: 'offer',
  redeemedThisMonth: 0,
  redeemedThisYear: 0,
  capReached: null,
  nextExpiry: null,
  ...values,
});

const t = (key: string, values: Record<string, unknown> = {}) => `${key} ${JSON.stringify(values)}`;

describe('the 4+1 boxes', () => {
  it('fills the boxes bought towards the next free one', () => {
    expect(boxesFilled(progress({ countedUnits: 3, unitsTowardNext: 3 }))).toBe(3);
  });

  it('fills all four while a free box waits and nothing counts towards the next', () => {
    expect(boxesFilled(progress({ countedUnits: 4, freeUnitsAvailable: 1 }))).toBe(4);
  });

  it('starts again after the free box: the units beyond it fill the boxes', () => {
    expect(boxesFilled(progress({ countedUnits: 6, freeUnitsAvailable: 1, unitsTowardNext: 2 }))).toBe(2);
    expect(boxesFilled(progress({}))).toBe(0);
  });
});

describe('the 4+1 sentence', () => {
  it('says whose allowance a cap is: the offer’s across its medicines, or this medicine’s (decision 066)', () => {
    const t = ((key: string, values?: Record<string, unknown>) =>
      `${key} ${JSON.stringify(values ?? {})}`) as Parameters<typeof progressMessage>[2];
    expect(progressMessage(progress({ countedUnits: 4, capReached: 'month' }), 'box', t)).toBe(
      'purchases.progress.cap.month {"capPer":"offer","kind":"box"}',
    );
    expect(progressMessage(progress({ countedUnits: 4, capReached: 'year', capPer: 'product' }), 'pen', t)).toBe(
      'purchases.progress.cap.year {"capPer":"product","kind":"pen"}',
    );
  });
});

describe('what the purchases write', () => {
  it('names the pharmacy with its branch, else its chain', () => {
    expect(pharmacyName({ name: 'Farmacia Sol', chain: 'Sol', branch: 'Escazú' })).toBe('Farmacia Sol – Escazú');
    expect(pharmacyName({ name: 'Farmacia Sol', chain: 'Sol', branch: null })).toBe('Farmacia Sol – Sol');
    expect(pharmacyName({ name: 'Farmacia Sol', chain: null, branch: null })).toBe('Farmacia Sol');
  });

  it('writes the savings in each currency with 2 decimals, or says there are none', () => {
    expect(savingsText([], 'es', t)).toBe('purchases.savings.none {}');
    expect(savingsText([{ currency: 'CRC', amount: '0.00' }], 'en', t)).toBe('purchases.savings.none {}');
    expect(savingsText([{ currency: 'USD', amount: '1234.5' }], 'en', t)).toBe(
      'purchases.savings.amount {"amount":"$1,234.50"}',
    );
  });
});
