// A record read as label and value pairs (<dl>): two columns with room, one on a phone (.details-list in styles.css).
import type { ReactNode } from 'react';

/** One row: its label, and its value (rows whose value is absent are left out). */
export type DetailsRow = readonly [label: string, value: ReactNode];

export function DetailsList({ rows }: { rows: readonly (DetailsRow | false | null | undefined)[] }) {
  return (
    <dl className="details-list">
      {rows
        .filter((row): row is DetailsRow => Boolean(row))
        .map(([term, value]) => (
          <div key={term} className="details-list__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
