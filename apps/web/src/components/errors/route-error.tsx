// The routes' error boundary: a chunk that failed or timed out offers a reload; anything else is the page-level
// error. The declarative router has no errorElement (decision 029): this boundary catches what a screen throws, and
// a navigation to another address clears it, as the data router's did.
import { Component, useEffect, type ReactNode } from 'react';
import { isChunkLoadError } from '../../lib/lazy.ts';
import { logger } from '../../lib/logger.ts';
import { ChunkLoadFailure, PageError } from './page-error.tsx';

function RouteError({ error }: { error: unknown }) {
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    logger.error(chunk ? 'chunk load failed' : 'page crashed', {
      name: error instanceof Error ? error.name : typeof error,
    });
  }, [error, chunk]);
  return chunk ? <ChunkLoadFailure /> : <PageError />;
}

type Props = { pathname: string; children: ReactNode };
type State = { failed: false; pathname: string } | { failed: true; error: unknown; pathname: string };

export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: Props, state: State): State | null {
    // Another address: its screen gets its chance.
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
