// The app's browser history, for react-router's declarative router (decision 029), with the one thing the data
// router gave that it lacks: a screen may hold the patient before they leave it (useLeaveGuard). A blocked link or
// navigate() does not happen until the patient confirms; a blocked Back or Forward, which the browser has already
// made, is undone at once and made again on confirmation — what react-router's useBlocker does.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import {
  NavigationType,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
  type To,
} from 'react-router';

type BrowserHistory = ReturnType<typeof createBrowserHistory>;
type Listener = Parameters<BrowserHistory['listen']>[0];
type Update = Parameters<Listener>[0];

/** Whether leaving `current` for `next` (pathnames) needs the patient's confirmation. */
type LeaveTest = (current: string, next: string) => boolean;

type LeaveGuard =
  | { state: 'unblocked'; proceed?: undefined; reset?: undefined }
  | { state: 'blocked'; proceed: () => void; reset: () => void };

const UNBLOCKED: LeaveGuard = { state: 'unblocked' };

/** Made for a window: main.tsx makes the app's one; tests make their own. */
function createAppHistory(window: Window = globalThis.window) {
  const base = createBrowserHistory({ window, v5Compat: true });
  let listener: Listener | null = null;
  /** The location the router shows: during a Back the browser's is already the next one. */
  let shown: Location = base.location;
  let test: LeaveTest | undefined;
  let guard: LeaveGuard = UNBLOCKED;
  const watchers = new Set<() => void>();
  /** The pop that undoes a blocked Back or Forward, which the router must not see. */
  let undoing = false;
  /** The pop that makes a confirmed Back or Forward again, which the test must not stop. */
  let confirmed = false;

  const setGuard = (next: LeaveGuard) => {
    guard = next;
    for (const watcher of watchers) watcher();
  };
  const stops = (next: string) => test !== undefined && test(shown.pathname, next);
  const hold = (go: () => void) =>
    setGuard({
      state: 'blocked',
      proceed: () => {
        setGuard(UNBLOCKED);
        go();
      },
      reset: () => setGuard(UNBLOCKED),
    });
  const deliver = (update: Update) => {
    shown = update.location;
    listener?.(update);
  };

  base.listen((update) => {
    if (update.action !== NavigationType.Pop) return deliver(update);
    if (undoing) {
      undoing = false;
      return;
    }
    const { delta } = update;
    if (confirmed || delta === null || delta === 0 || !stops(update.location.pathname)) {
      confirmed = false;
      return deliver(update);
    }
    undoing = true;
    base.go(-delta);
    hold(() => {
      confirmed = true;
      base.go(delta);
    });
  });

  const history: BrowserHistory = {
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    listen(fn) {
      listener = fn;
      return () => {
        if (listener === fn) listener = null;
      };
    },
    createHref: (to: To) => base.createHref(to),
    createURL: (to: To) => base.createURL(to),
    encodeLocation: (to: To) => base.encodeLocation(to),
    push(to, state) {
      if (stops(base.encodeLocation(to).pathname)) hold(() => base.push(to, state));
      else base.push(to, state);
    },
    replace(to, state) {
      if (stops(base.encodeLocation(to).pathname)) hold(() => base.replace(to, state));
      else base.replace(to, state);
    },
    go: (n: number) => base.go(n),
  };

  return {
    history,
    /** Sets the one test (a second screen's replaces it); returns its removal. */
    guard(next: LeaveTest) {
      test = next;
      return () => {
        if (test !== next) return;
        test = undefined;
        if (guard.state === 'blocked') setGuard(UNBLOCKED);
      };
    },
    subscribe(watcher: () => void) {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    current: () => guard,
  };
}

export type AppHistory = ReturnType<typeof createAppHistory>;

let appHistory: AppHistory | undefined;

/** The app's one history, made on first use. */
export function theAppHistory(): AppHistory {
  appHistory ??= createAppHistory();
  return appHistory;
}

/**
 * Holds the patient before they leave this screen when `stops(current, next)` says so, as react-router's useBlocker:
 * `state` is 'blocked' while a navigation waits for `proceed()` or `reset()`.
 */
export function useLeaveGuard(stops: LeaveTest, history: AppHistory = theAppHistory()): LeaveGuard {
  const latest = useRef(stops);
  useEffect(() => {
    latest.current = stops;
  });
  useEffect(() => history.guard((current, next) => latest.current(current, next)), [history]);
  return useSyncExternalStore(history.subscribe, history.current, history.current);
}
