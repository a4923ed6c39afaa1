// One region of a page fed by one query: a skeleton while it first loads, its own error with Try again, else the data.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { RegionError } from './region-error.tsx';
import { Skeleton } from './skeleton.tsx';

interface Props<T> {
  query: Pick<UseQueryResult<T>, 'data' | 'isPending' | 'isError' | 'isFetching' | 'refetch'>;
  children: (data: T) => ReactNode;
  /** What to draw while loading (default a Skeleton of `lines` lines). */
  loading?: ReactNode;
  /** Lines of the default Skeleton (default 3). */
  lines?: number;
  /** A text key for the error (default errors.loadInformation). */
  errorKey?: string;
}

export function QueryRegion<T>({ query, children, loading, lines, errorKey }: Props<T>) {
  // Data already shown stays on screen when a background refetch fails: only a first load failure replaces it.
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) return <RegionError messageKey={errorKey} isRetrying={query.isFetching} onRetry={() => void query.refetch()} />;
  return <>{loading ?? <Skeleton lines={lines} />}</>;
}
