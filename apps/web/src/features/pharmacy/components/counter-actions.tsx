// The foot of a counter form: its submit button, pending while the call runs, and Cancel where the form can be left.
import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { useT } from '../../../program/use-t.ts';

interface Props {
  /** The form's `isSubmitting`: the submit button shows it, and Cancel waits for the call. */
  isSubmitting: boolean;
  submitLabel: ReactNode;
  pendingLabel: ReactNode;
  /** Leaves the form; without it there is no Cancel. */
  onCancel?: () => void;
}

export function CounterActions({ isSubmitting, submitLabel, pendingLabel, onCancel }: Props) {
  const t = useT();
  return (
    <div className="actions">
      <PendingButton
        type="submit"
        className="button button--primary counter-button"
        isPending={isSubmitting}
        pendingLabel={pendingLabel}
      >
        {submitLabel}
      </PendingButton>
      {onCancel ? (
        <Button className="button button--ghost counter-button" isDisabled={isSubmitting} onPress={onCancel}>
          {t('common.cancel')}
        </Button>
      ) : null}
    </div>
  );
}
