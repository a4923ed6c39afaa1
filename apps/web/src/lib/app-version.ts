// The app version seen in response headers; a change marks an update as pending (spec section 4).
import type { UpdateStrategy } from '@portal/contracts/enums';

type Reload = () => void;

export function createAppVersionTracker(reload: Reload = () => window.location.reload()) {
  let known: string | undefined;
  let pending = false;
  let strategy: UpdateStrategy = 'navigation';
  return {
    /** Called with the version header of every response. */
    observe(version: string | null) {
      if (!version) return;
      if (known === undefined) {
        known = version;
        return;
      }
      if (version !== known && !pending) {
        pending = true;
        if (strategy === 'immediate') reload();
      }
    },
    setStrategy(next: UpdateStrategy) {
      strategy = next;
      if (pending && strategy === 'immediate') reload();
    },
    /** Called after each navigation: a pending update reloads the page. */
    onNavigation() {
      if (pending) reload();
    },
    get isPending() {
      return pending;
    },
    get knownVersion() {
      return known;
    },
  };
}

export const appVersion = createAppVersionTracker();
