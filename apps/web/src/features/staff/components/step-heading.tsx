// The heading of a console step: it takes the focus when the step appears, so that a screen reader and the keyboard
// start at the new step rather than at the button that led there.
import { useEffect, useRef, type ReactNode } from 'react';

export function StepHeading({ id, children }: { id: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h2 ref={ref} id={id} tabIndex={-1} className="staff-step__title">
      {children}
    </h2>
  );
}
