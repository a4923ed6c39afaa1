// Lazy route screens with the spec's 120-second chunk load time-out.
import { createElement, lazy, useState, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@portal/contracts/constants';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export function withTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`chunk load timed out after ${timeoutMs} ms`)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : String(error)));
      },
    );
  });
}

/**
 * A screen loaded when first rendered, or earlier through `preload()` (main.tsx preloads the first route's screen in a
 * task of its own, before the first render; the login screen the one it leads to, decision 052). Both share one load;
 * a failed one is tried again by the next. A screen already loaded renders at once, without suspending (React's lazy
 * would show the fallback for a frame): the choice is made once per mount, so a screen never remounts.
 */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= withTimeout(load).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function LazyScreen(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(LazyScreen, { preload });
}

export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof ChunkLoadError ||
    (error instanceof Error &&
      /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message))
  );
}
