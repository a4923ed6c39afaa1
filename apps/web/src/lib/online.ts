// Whether this device has a connection, as the screens that call the server see it: TanStack Query's online manager,
// which pauses queries while offline and resumes them on reconnection (the query client starts it from the browser's
// own answer).
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError } from './api-client.ts';

export function useIsOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/** A call that never reached the server (no connection, or one that dropped). */
export function isConnectionError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}
