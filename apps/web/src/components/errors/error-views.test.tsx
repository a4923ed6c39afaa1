import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { IntlProvider } from 'react-intl';
import type { ReactNode } from 'react';
import { UnexpectedError } from './unexpected-error.tsx';

vi.mock('../../program/program-context.tsx', () => ({
  useProgram: () => ({
    program: { name: 'Alivio', supportEmail: 'soporte@alivio.example', defaultCountry: 'CR' },
    phones: {
      CR: [{ labelKey: 'phones.callCenter', number: '+506 4000 1234' }],
      GT: [{ labelKey: 'phones.callCenter', number: '+502 2300 1234' }],
    },
  }),
}));

const messages = {
  'errors.unexpected.title': 'An unexpected error has occurred',
  'errors.unexpected.code': 'Error: {0}',
  'errors.unexpected.advice': 'Try again in a few minutes.',
  'errors.unexpected.retry': 'Try again',
  'phones.title': 'Call center',
  'phones.callCenter': 'Call center',
};
const wrap = (node: ReactNode) =>
  render(
    <IntlProvider locale="en" messages={messages}>
      {node}
    </IntlProvider>,
  );

describe('the generic unexpected-error view', () => {
  it('shows the code, the advice, the phones of the country and Try again', async () => {
    const onRetry = vi.fn();
    wrap(<UnexpectedError code="INTERNAL" onRetry={onRetry} country="GT" />);
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getByText('Error: INTERNAL')).toBeTruthy();
    expect(screen.getByRole('link', { name: '+502 2300 1234' }).getAttribute('href')).toBe('tel:+50223001234');
    expect(screen.queryByText('+506 4000 1234')).toBeNull();
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('falls back to the program’s default country', () => {
    wrap(<UnexpectedError code="NETWORK" onRetry={() => undefined} />);
    expect(screen.getByRole('link', { name: '+506 4000 1234' })).toBeTruthy();
  });
});
