// The app, started by boot.ts once the frame has painted. Its work is cut into tasks a phone can run between two
// frames (decision 028): the program's content is in its store before the first render, the router is built
// in a task of its own, and the first render is a transition, which React renders in slices.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createRouter, preloadCurrentScreen } from './app/router.tsx';
import { initialLanguage } from './lib/initial-language.ts';
import { answerOwnLocalesDirectly } from './lib/intl-locales.ts';
import { programStore } from './program/program-store.ts';

const root = document.getElementById('root')!;

// The server's HTML paints the program's page frame before any script (decision 025). It stays while React shows only
// its loading placeholders (hidden behind it by styles.css) and goes when React shows anything else.
const frame = document.getElementById('boot-frame');
if (frame) {
  const shown = () => [...root.children].some((child) => !child.matches('.boot-loading, .route-loading') && child.textContent?.trim());
  const observer = new MutationObserver(() => {
    if (!shown()) return;
    frame.remove();
    observer.disconnect();
  });
  observer.observe(root, { childList: true, subtree: true, characterData: true });
}

/** Lets the browser paint and handle input before the next piece of start-up work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  // What boot.ts started fetching, into the program's store.
  const content = programStore.load(initialLanguage(window.location.pathname));
  // Each step below in a task of its own: the module evaluation above is one already.
  await nextTask();
  // formatjs' question about the portal's locales, answered without V8's list of every locale (intl-locales.ts).
  answerOwnLocalesDirectly();
  await content;
  await nextTask();
  const router = createRouter();
  await nextTask();
  await preloadCurrentScreen(router);
  await nextTask();
  const reactRoot = createRoot(root);
  await nextTask();
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}
void start();

// The service worker is registered on load (spec section 4); it serves the app shell when offline. It is
// vite-plugin-pwa's generated /sw.js, which takes over at once ('autoUpdate'): when a new one takes over a page an
// older one controlled, the page reloads to run the new build — what the plugin's registerSW does, without
// loading workbox-window on every first visit (2 KB gzip on the login route, decision 023).
function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const updating = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (updating) window.location.reload();
  });
  void navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
}
if (document.readyState === 'complete') registerServiceWorker();
else window.addEventListener('load', registerServiceWorker);
