import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RefillEstimateView } from '@portal/contracts/purchases';
import { renderInEnglish } from '../../../components/ui/ui-test-support.tsx';
import { RefillEstimate } from './refill-estimate.tsx';

vi.mock('../../../program/program-context.tsx', async () => {
  const { testProgram } = await import('../../../components/ui/ui-test-support.tsx');
  return { useProgram: () => testProgram };
});

const refill = (lastsUntil: string): RefillEstimateView => ({
  productId: 3104,
  searchQuery: 'glucanor',
  medicine: 'Glucanor Basal',
  presentation: { es: 'Pluma 3 mL', en: 'Pen 3 mL' },
  packageKind: 'pen',
  lastsUntil,
  remindOn: lastsUntil,
  calendarUid: 'refill-1-3104-equilibrio@portal',
  sequence: 1,
});

describe('the refill estimate on the home', () => {
  it('gives the last day as a date, with the reminder for the calendar, within a year', () => {
    renderInEnglish(<RefillEstimate refill={refill('2027-11-28')} today="2026-11-28" />);
    expect(screen.getByText('Your Glucanor Basal should last until 11/28/2027.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a reminder to my calendar' })).toBeTruthy();
  });

  it('counts in the presentation’s own word: the pens bought, not boxes', () => {
    renderInEnglish(<RefillEstimate refill={refill('2027-01-28')} today="2026-11-28" />);
    expect(
      screen.getByText('Estimated from your dose and the pens you bought or got free at the program’s pharmacies.'),
    ).toBeTruthy();
  });

  it('says "more than a year", never a date years ahead nor a reminder for it, beyond a year', () => {
    renderInEnglish(<RefillEstimate refill={refill('2030-09-27')} today="2026-11-28" />);
    expect(screen.getByText('Your Glucanor Basal should last more than a year.')).toBeTruthy();
    expect(screen.queryByText(/2030/)).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
