// A card of the logged-in screens: a titled section (its heading level fits the page's outline) with optional actions.
import { useId, type ReactNode } from 'react';

export function Card({ title, level = 2, actions, children, className }: { title: string; level?: 2 | 3; actions?: ReactNode; children?: ReactNode; className?: string }) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={`card${className ? ` ${className}` : ''}`} aria-labelledby={id}>
      <Heading id={id} className="card__title">
        {title}
      </Heading>
      {children}
      {actions ? <div className="actions card__actions">{actions}</div> : null}
    </section>
  );
}
