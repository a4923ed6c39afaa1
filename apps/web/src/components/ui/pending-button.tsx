// A react-aria Button for calls to the server: shows that it is working and cannot be pressed twice.
import { useRef, useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from 'react-aria-components';
import { PendingContent } from './submit-button.tsx';

interface Props extends Omit<ButtonProps, 'children' | 'isPending' | 'onPress'> {
  children: ReactNode;
  /** The call is in flight (e.g. a mutation's isPending or a form's isSubmitting). */
  isPending?: boolean;
  /** Shown instead of the label while pending (e.g. 'Saving…'); the label stays when absent. */
  pendingLabel?: ReactNode;
  /** A returned promise keeps the button pending until it settles, even before the caller re-renders. */
  onPress?: () => unknown;
  /** The button's look when no className is given: primary (default), ghost, or danger (deleting something). */
  variant?: 'primary' | 'ghost' | 'danger';
}

export function PendingButton({
  children,
  isPending = false,
  pendingLabel,
  onPress,
  variant = 'primary',
  className = `button button--${variant}`,
  ...props
}: Props) {
  const [isRunning, setRunning] = useState(false);
  // A ref, not only state: two presses in the same frame both see the state of the first render.
  const running = useRef(false);
  const pending = isPending || isRunning;
  const press = () => {
    if (running.current || isPending || !onPress) return;
    const result = onPress();
    if (result instanceof Promise) {
      running.current = true;
      setRunning(true);
      void result.finally(() => {
        running.current = false;
        setRunning(false);
      });
    }
  };
  return (
    // Disabled while pending: no second press and no second submit. Not react-aria's isPending: its
    // announcement outlives a button that unmounts on success (login, recovery) and leaves an unnamed
    // role="img" node in the page for seconds (an axe violation).
    <Button
      {...props}
      className={`${String(className)} pending-button${pending ? ' pending-button--pending' : ''}`}
      isDisabled={pending || props.isDisabled}
      onPress={press}
    >
      <PendingContent isPending={pending} pendingLabel={pendingLabel}>
        {children}
      </PendingContent>
    </Button>
  );
}
