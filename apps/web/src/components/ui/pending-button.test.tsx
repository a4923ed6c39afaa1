import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PendingButton } from './pending-button.tsx';
import { renderInEnglish } from './ui-test-support.tsx';

vi.mock('../../program/program-context.tsx', async () => {
  const { testProgram } = await import('./ui-test-support.tsx');
  return { useProgram: () => testProgram };
});

describe('PendingButton', () => {
  it('runs one call for two quick presses and shows the pending label until the call settles', async () => {
    let finish: () => void = () => undefined;
    const onPress = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderInEnglish(
      <PendingButton onPress={onPress} pendingLabel="Saving…">
        Save
      </PendingButton>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    await act(async () => fireEvent.click(button));
    await act(async () => fireEvent.click(button));
    expect(onPress).toHaveBeenCalledOnce();
    expect(button.textContent).toBe('Saving…');
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.classList.contains('pending-button--pending')).toBe(true);
    await act(async () => finish());
    expect(button.textContent).toBe('Save');
    await act(async () => fireEvent.click(button));
    expect(onPress).toHaveBeenCalledTimes(2);
  });

  it('ignores presses while the caller says it is pending', async () => {
    const onPress = vi.fn();
    renderInEnglish(
      <PendingButton isPending onPress={onPress}>
        Log in
      </PendingButton>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Log in' })));
    expect(onPress).not.toHaveBeenCalled();
  });

  it('does not submit its form twice while pending', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const { rerender } = renderInEnglish(
      <form onSubmit={onSubmit}>
        <PendingButton type="submit">Send</PendingButton>
      </form>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    expect(onSubmit).toHaveBeenCalledOnce();
    rerender(
      <form onSubmit={onSubmit}>
        <PendingButton type="submit" isPending>
          Send
        </PendingButton>
      </form>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});
