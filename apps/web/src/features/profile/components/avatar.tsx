// The profile picture: one of three drawings chosen by gender (spec section 3; any other value reads as OTHER).
import { normalizeGender } from '@portal/contracts/enums';

const SKIN = '#e8b796';
const HAIR = '#4a3426';

export function Avatar({ gender, label }: { gender: string; label: string }) {
  const kind = normalizeGender(gender);
  return (
    <svg
      className="avatar"
      role="img"
      aria-label={label}
      viewBox="0 0 64 64"
      width="64"
      height="64"
      data-avatar={kind.toLowerCase()}
    >
      <circle cx="32" cy="32" r="32" fill="var(--brand-primary, #2b6cb0)" opacity="0.15" />
      {kind === 'FEMALE' ? <path d="M14 40c0-16 6-26 18-26s18 10 18 26l-6 4H20z" fill={HAIR} /> : null}
      <circle cx="32" cy="28" r="11" fill={SKIN} />
      {kind === 'MALE' ? <path d="M21 25c1-8 6-11 11-11s10 3 11 11c-3-3-7-5-11-5s-8 2-11 5z" fill={HAIR} /> : null}
      {kind === 'OTHER' ? <path d="M21 26c2-7 6-10 11-10s9 3 11 10l-4-2-7 1-7-1z" fill={HAIR} /> : null}
      <path d="M12 58c3-10 11-16 20-16s17 6 20 16a32 32 0 0 1-40 0z" fill="var(--brand-primary, #2b6cb0)" />
    </svg>
  );
}
