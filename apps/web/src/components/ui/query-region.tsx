// One region of a page fed by one query or by several: a skeleton until all have first loaded, its own error with
// Try again (which fetches again only what failed), else the data. Offline it says that it needs the connection, not
// that it failed: a query waiting for the connection (paused) shows so, and comes by itself when it is back.
//
//   <QueryRegion query={treatments}>{(list) => ...}</QueryRegion>
//   <QueryRegion queries={{ slots, bookings }}>{({ slots, bookings }) => ...}</QueryRegion>
import type { ReactNode } from 'react';
import { isConnectionError } from '../../lib/online.ts';
import { RegionError, RegionNeedsConnection } from './region-error.tsx';
import { Skeleton } from './skeleton.tsx';

/** What a region reads of a query (a useQuery result, or a hook's combination of several). */
export interface RegionQuery<T> {
  data: T | undefined;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
  /** Waiting for the connection (TanStack Query's paused fetch). */
  isPaused?: boolean;
  error?: unknown;
}
type RegionQueries = readonly RegionQuery<unknown>[] | Readonly<Record<string, RegionQuery<unknown>>>;
/** The data of each query, in the same shape (array or record) as the queries. */
type RegionData<Q extends RegionQueries> = { -readonly [K in keyof Q]: Q[K] extends RegionQuery<infer T> ? T : never };

interface CommonProps {
  /** What to draw while loading (default a Skeleton of `lines` lines). */
  loading?: ReactNode;
  /** Lines of the default Skeleton (default 3). */
  lines?: number;
  /** A text key for the error (default errors.loadInformation). */
  errorKey?: string;
  /**
   * Another region's queries, on the same screen, whose first answer this region waits for before it shows its own
   * data: two regions one above the other appear together, and the first does not push the second's skeleton (or
   * content) down under the patient's eyes (decision 093). Their calls run in parallel; a failed, paused or disabled
   * one is not waited for.
   */
  waitFor?: readonly RegionQuery<unknown>[];
}
interface OneQueryProps<T> extends CommonProps {
  query: RegionQuery<T>;
  children: (data: T) => ReactNode;
}
interface QueriesProps<Q extends RegionQueries> extends CommonProps {
  queries: Q;
  children: (data: RegionData<Q>) => ReactNode;
}

export function QueryRegion<T>(props: OneQueryProps<T>): ReactNode;
export function QueryRegion<const Q extends RegionQueries>(props: QueriesProps<Q>): ReactNode;
export function QueryRegion(props: OneQueryProps<unknown> | QueriesProps<RegionQueries>): ReactNode {
  const { loading, lines, errorKey, waitFor = [] } = props;
  const queries: RegionQuery<unknown>[] = 'query' in props ? [props.query] : Object.values(props.queries);
  const isWaiting = waitFor.some((query) => query.data === undefined && query.isFetching);
  // Data already shown stays on screen when a background refetch fails: only a first load failure replaces it.
  if (!isWaiting && queries.every((query) => query.data !== undefined)) {
    if ('query' in props) return <>{props.children(props.query.data)}</>;
    const data = Array.isArray(props.queries)
      ? props.queries.map((query) => query.data)
      : Object.fromEntries(Object.entries(props.queries).map(([key, query]) => [key, query.data]));
    return <>{props.children(data as RegionData<RegionQueries>)}</>;
  }
  const failed = queries.filter((query) => query.data === undefined && query.isError);
  if (failed.length > 0) {
    return (
      <RegionError
        messageKey={failed.every((query) => isConnectionError(query.error)) ? 'errors.regionOffline' : errorKey}
        isRetrying={failed.some((query) => query.isFetching)}
        onRetry={() => failed.forEach((query) => void query.refetch())}
      />
    );
  }
  if (queries.some((query) => query.data === undefined && query.isPaused)) return <RegionNeedsConnection />;
  return <>{loading ?? <Skeleton lines={lines} />}</>;
}
