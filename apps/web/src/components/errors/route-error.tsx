// Route error boundary: a chunk that failed or timed out offers a reload; anything else is the page-level error.
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { isChunkLoadError } from '../../lib/lazy.ts';
import { logger } from '../../lib/logger.ts';
import { ChunkLoadFailure, PageError } from './page-error.tsx';

export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    logger.error(chunk ? 'chunk load failed' : 'page crashed', { name: error instanceof Error ? error.name : typeof error });
  }, [error, chunk]);
  return chunk ? <ChunkLoadFailure /> : <PageError />;
}
