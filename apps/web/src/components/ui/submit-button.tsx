// A native submit button for calls to the server, for the screens that must stay small (the login route, decision
// 023): the same look and pending state as PendingButton (pending-button.tsx), without react-aria's press code.
import type { ReactNode } from 'react';

/** The label of a button while its call is in flight: a spinner and the pending label (or the label). */
export function PendingContent({
  children,
  isPending,
  pendingLabel,
}: {
  children: ReactNode;
  isPending: boolean;
  pendingLabel?: ReactNode;
}) {
  return isPending ? (
    <>
      <span className="pending-button__spinner" aria-hidden="true" />
      <span>{pendingLabel ?? children}</span>
    </>
  ) : (
    <>{children}</>
  );
}

interface Props {
  children: ReactNode;
  /** The form's call is in flight: the button is disabled (no second submit) and shows the pending label. */
  isPending: boolean;
  pendingLabel?: ReactNode;
  className?: string;
}

export function SubmitButton({ children, isPending, pendingLabel, className = 'button button--primary' }: Props) {
  return (
    <button
      type="submit"
      className={`${className} pending-button${isPending ? ' pending-button--pending' : ''}`}
      disabled={isPending}
    >
      <PendingContent isPending={isPending} pendingLabel={pendingLabel}>
        {children}
      </PendingContent>
    </button>
  );
}
