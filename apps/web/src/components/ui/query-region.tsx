// One region of a screen fed by one query: a skeleton at once, its own error with Try again, then the content.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useT } from '../../program/use-t.ts';
import { RegionError } from './region-error.tsx';
import { Skeleton } from './skeleton.tsx';

export function QueryRegion<T>({ query, lines = 3, children }: { query: UseQueryResult<T>; lines?: number; children: (data: T) => ReactNode }) {
  const t = useT();
  if (query.isPending) return <Skeleton lines={lines} label={t('app.loading')} />;
  if (query.isError) return <RegionError onRetry={() => void query.refetch()} isRetrying={query.isFetching} />;
  return <>{children(query.data)}</>;
}
