// A decorative 24 px line icon drawn in the text's colour (the navigation's icons, the date field's calendar): the
// name beside it or the control's label says what it is, so it is hidden from assistive technology.
import type { ReactNode } from 'react';

export function LineIcon({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <svg
      className={className}
      aria-hidden="true"
      focusable="false"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}
