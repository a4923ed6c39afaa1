import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { renderInEnglish } from './ui-test-support.tsx';

vi.mock('../../program/program-context.tsx', async () => {
  const { testProgram } = await import('./ui-test-support.tsx');
  return { useProgram: () => testProgram };
});

// jsdom has no CSS.escape, which react-aria's Modal uses.
if (typeof globalThis.CSS?.escape !== 'function') {
  vi.stubGlobal('CSS', {
    ...globalThis.CSS,
    escape: (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, (char) => `\\${char}`),
  });
}

const dialog = (props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) => (
  <ConfirmDialog
    title="Remove the caregiver?"
    body="Their data will be deleted."
    confirmLabel="Remove"
    pendingLabel="Removing…"
    cancelLabel="Cancel"
    isPending={false}
    onConfirm={vi.fn()}
    onCancel={vi.fn()}
    {...props}
  >
    <input aria-label="Why" />
  </ConfirmDialog>
);

// The first render loads react-aria's overlays: on a busy machine that alone can take seconds.
describe('ConfirmDialog', { timeout: 20_000 }, () => {
  it('is a named alert dialog that holds its fields, and confirms once through its form', async () => {
    const onConfirm = vi.fn();
    renderInEnglish(dialog({ onConfirm }));
    const modal = screen.getByRole('alertdialog', { name: 'Remove the caregiver?' });
    expect(modal.contains(screen.getByLabelText('Why'))).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove' })));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('shows the error inside the dialog, as an alert', () => {
    renderInEnglish(dialog({ error: 'Something went wrong' }));
    const modal = screen.getByRole('alertdialog');
    expect(modal.contains(screen.getByText('Something went wrong'))).toBe(true);
  });

  it('while pending: the confirm button shows it and takes no press, Cancel is disabled, Escape does not close', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderInEnglish(dialog({ isPending: true, onConfirm, onCancel }));
    const confirm = screen.getByRole('button', { name: 'Removing…' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await act(async () => fireEvent.click(confirm));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
    await act(async () => fireEvent.keyDown(screen.getByLabelText('Why'), { key: 'Escape' }));
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancels with Escape when idle, and offers only Cancel when confirming cannot help', async () => {
    const onCancel = vi.fn();
    renderInEnglish(dialog({ onCancel, canConfirm: false }));
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    await act(async () => fireEvent.keyDown(screen.getByLabelText('Why'), { key: 'Escape' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
