// Icons of the navigation items and the help button (decorative: the label beside them names the link).
import type { ReactNode } from 'react';
import { LineIcon } from './line-icon.tsx';

const PATHS: Record<string, ReactNode> = {
  home: <path d="M3 11.5 12 4l9 7.5M5.5 9.5V20h5v-6h3v6h5V9.5" />,
  learning: (
    <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5v-15ZM4 20.5A2.5 2.5 0 0 0 6.5 23H20v-5" />
  ),
  treatments: (
    <>
      <rect x="2.5" y="8.5" width="19" height="7" rx="3.5" transform="rotate(-45 12 12)" />
      <path d="m8.5 8.5 7 7" />
    </>
  ),
  benefits: (
    <path d="M3 9h18v4H3zM5 13v8h14v-8M12 9v12M12 9S10.5 3.5 7.5 4.5 8 9 12 9Zm0 0s1.5-5.5 4.5-4.5S16 9 12 9Z" />
  ),
  redemptions: <path d="M5 3h14v18l-3.5-2-3.5 2-3.5-2L5 21V3ZM9 8h6M9 12h6" />,
  profile: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c1-4.5 4.5-6.5 8-6.5s7 2 8 6.5" />
    </>
  ),
  help: (
    <path d="M6.6 10.8a15 15 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1l-2.2 2.2Z" />
  ),
  logout: <path d="M14 4h5v16h-5M10 8l-4 4 4 4M6 12h10" />,
  more: (
    <>
      <circle cx="5" cy="12" r="1.5" />
      <circle cx="12" cy="12" r="1.5" />
      <circle cx="19" cy="12" r="1.5" />
    </>
  ),
};

export function NavIcon({ name }: { name: string }) {
  return <LineIcon className="nav-icon">{PATHS[name] ?? <circle cx="12" cy="12" r="8" />}</LineIcon>;
}
