// A card: a titled region of a page (the home's cards, a profile section).
import { useId, type ReactNode } from 'react';

interface Props {
  /** The card's heading; the card is a region named by it. */
  title?: ReactNode;
  /** Heading level inside the page (default 2: the page title is the h1). */
  headingLevel?: 2 | 3;
  /** Something at the heading's end (e.g. an Edit link). */
  action?: ReactNode;
  /** The card's buttons, after its content. */
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
}

export function Card({ title, headingLevel = 2, action, actions, children, className }: Props) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      className={['ui-card', className].filter(Boolean).join(' ')}
      aria-labelledby={title ? headingId : undefined}
    >
      {title || action ? (
        <div className="ui-card__header">
          {title ? (
            <Heading id={headingId} className="ui-card__title">
              {title}
            </Heading>
          ) : null}
          {action}
        </div>
      ) : null}
      {children}
      {actions ? <div className="actions ui-card__actions">{actions}</div> : null}
    </section>
  );
}
