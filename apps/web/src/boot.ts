// The page's first script: small, and the only one the HTML names (decision 028). The server's HTML paints the
// program's frame (decision 025), or on the login screen the whole screen (decision 029). The app's scripts and the
// program's content are fetched once that is on screen, so that on a slow connection the stylesheet and the mark have
// the line to themselves, and the app's first render then runs with the content already there.
import './styles.css';
import { initialLanguage } from './lib/initial-language.ts';
import { sessionStore } from './lib/session.ts';
import { startProgramBoot } from './program/program-content.ts';
import { holdUntilHydrated, hydrated, onFirstInteraction } from './lib/before-hydration.ts';

function start() {
  void startProgramBoot(initialLanguage(window.location.pathname));
  // The app could not load (lazy.ts retries a screen, not this): a press held for it is done without it.
  import('./main.tsx').catch(hydrated);
}

/** Runs `then` once the frame is painted: its first contentful paint (or any paint, for a frame with no text). */
function afterFramePaint(frame: HTMLElement | null, then: () => void) {
  const supported =
    typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  // Nothing to wait for: no frame, no paint to observe, or a hidden tab (it paints nothing until shown).
  if (!frame || !supported || document.visibilityState !== 'visible') return then();
  const contentful = (frame.textContent ?? '').trim() !== '' || frame.querySelector('img') !== null;
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    document.removeEventListener('visibilitychange', go);
    // After the task that reported the paint.
    setTimeout(then, 0);
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => entry.name === (contentful ? 'first-contentful-paint' : 'first-paint'))) go();
  });
  observer.observe({ type: 'paint', buffered: true });
  // Hidden before it painted: start now.
  document.addEventListener('visibilitychange', go);
}

// The service worker is registered on load (spec section 4); it serves the app shell when offline. It is
// vite-plugin-pwa's generated /sw.js, which takes over at once ('autoUpdate'): when a new one takes over a page an
// older one controlled, the page reloads to run the new build — what the plugin's registerSW does, without
// loading workbox-window on every first visit (2 KB gzip on the login route, decision 023). Here, not in the app:
// the server-rendered login screen may never start the app.
function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const updating = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (updating) window.location.reload();
  });
  void navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
}
const onLoad = (then: () => void) =>
  document.readyState === 'complete' ? then() : window.addEventListener('load', then, { once: true });

const rendered = document.querySelector<HTMLElement>('#root[data-server-rendered]');
const frame = document.getElementById('boot-frame') ?? rendered;
if (rendered && sessionStore.get() === null) {
  // The login screen the server drew is whole: it is read, scrolled, typed into and its links followed without the
  // app. The app starts when the visitor first touches it; what they pressed meanwhile is done once it has hydrated.
  holdUntilHydrated(rendered);
  onFirstInteraction(rendered, start);
} else {
  afterFramePaint(frame, start);
}
afterFramePaint(frame, () => onLoad(registerServiceWorker));
