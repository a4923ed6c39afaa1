// What a region says when there is nothing yet, written for a person, with the next step as an action.
import type { ReactNode } from 'react';

interface Props {
  /** e.g. 'You have no treatments registered yet' */
  message: ReactNode;
  /** e.g. a Link styled as a button: 'Add a treatment' */
  action?: ReactNode;
  /** A decorative mark drawn above the message. */
  icon?: ReactNode;
}

export function EmptyState({ message, action, icon }: Props) {
  return (
    <div className="empty-state">
      {icon ? (
        <span className="empty-state__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <p className="empty-state__message">{message}</p>
      {action ? <div className="empty-state__action">{action}</div> : null}
    </div>
  );
}
