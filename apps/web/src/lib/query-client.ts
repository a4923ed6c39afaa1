// The one query client: no retries for 4xx answers, no refetch on window focus.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}
