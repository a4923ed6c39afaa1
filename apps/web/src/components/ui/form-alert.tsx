// A form-level message (error or information), announced and focusable.
import { useEffect, useRef, type ReactNode } from 'react';

export function FormAlert({
  tone,
  children,
  focusOnShow = true,
}: {
  tone: 'error' | 'info' | 'success';
  children: ReactNode;
  focusOnShow?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusOnShow) ref.current?.focus();
  }, [focusOnShow]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className={`form-alert form-alert--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {children}
    </div>
  );
}
