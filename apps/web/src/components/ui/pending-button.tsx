// A button that calls the server: while pending it says so, shows a spinner and cannot be pressed again.
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from 'react-aria-components';

export interface PendingButtonProps extends Omit<ButtonProps, 'children' | 'isPending'> {
  isPending: boolean;
  /** What the button says while pending (e.g. 'Saving…'); the label stays otherwise. */
  pendingLabel?: string;
  variant?: 'primary' | 'ghost' | 'danger';
  children: ReactNode;
}

export function PendingButton({ isPending, pendingLabel, variant = 'primary', className, children, ...props }: PendingButtonProps) {
  return (
    <Button {...props} isPending={isPending} className={`button button--${variant}${className ? ` ${className}` : ''}`}>
      {isPending ? (
        <>
          <span className="spinner spinner--inline" aria-hidden="true" />
          <span>{pendingLabel ?? children}</span>
        </>
      ) : (
        children
      )}
    </Button>
  );
}
