// Loading placeholders: grey blocks in the shape of what is coming, announced once as 'Loading…'.
import { useT } from '../../program/use-t.ts';

interface Props {
  /** How many text lines to draw (default 3). */
  lines?: number;
  /** Draw a heading-sized bar first. */
  hasTitle?: boolean;
  /** Read by screen readers instead of the default 'Loading…'. */
  label?: string;
}

export function Skeleton({ lines = 3, hasTitle = true, label }: Props) {
  const t = useT();
  return (
    <div className="skeleton" role="status" aria-busy="true">
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
      {hasTitle ? <span className="skeleton__bar skeleton__bar--title" aria-hidden="true" /> : null}
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className="skeleton__bar" aria-hidden="true" />
      ))}
    </div>
  );
}
