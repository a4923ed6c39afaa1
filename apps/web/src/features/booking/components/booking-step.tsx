import { useEffect, useRef, type ReactNode } from 'react';

/** A step of the flow, named by its title; the title is focused when the step shows: a screen reader hears where the
 * flow went. */
export function Step({ name, title, children }: { name: 'review' | 'done'; title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={`booking-${name}`} aria-labelledby={`booking-${name}-title`}>
      <h2 id={`booking-${name}-title`} ref={heading} tabIndex={-1} className="booking__step-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
