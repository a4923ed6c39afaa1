// A home card whose code is a chunk of its own, loaded after the home's first paint (decision 052): a skeleton card
// holds its place until the chunk is in. Offline, a chunk this device never kept cannot load: the card then says that
// it needs the connection, and loads by itself when the connection is back (issue 38, item 2). Once loaded, its files
// are kept for the next offline visit, as the home's own are.
import { useEffect, useState, type ComponentType } from 'react';
import { RegionNeedsConnection } from '../components/ui/region-error.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { withTimeout } from '../lib/lazy.ts';
import { keepLoadedFilesForOffline } from '../lib/offline-files.ts';
import { useIsOnline } from '../lib/online.ts';

export function lazyCard(load: () => Promise<ComponentType>): ComponentType {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const start = () =>
    (loading ??= withTimeout(load).then(
      (component) => {
        loaded = component;
        void keepLoadedFilesForOffline();
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  function LazyCard() {
    const isOnline = useIsOnline();
    const [state, setState] = useState<{ Component?: ComponentType; failed?: boolean }>(() => ({ Component: loaded }));
    useEffect(() => {
      if (state.Component) return;
      let live = true;
      start().then(
        (Component) => live && setState({ Component }),
        () => live && setState({ failed: true }),
      );
      return () => {
        live = false;
      };
      // Tried again when the connection comes back.
    }, [state.Component, isOnline]);
    if (state.Component) return <state.Component />;
    return <div className="ui-card">{state.failed ? <RegionNeedsConnection /> : <Skeleton lines={2} />}</div>;
  }
  return LazyCard;
}
