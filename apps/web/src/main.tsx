import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './styles.css';

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

let started = false;
function start() {
  if (started) return;
  started = true;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
if (frame && document.visibilityState === 'visible') {
  // Paint the frame first, then start React: its first render is the longest task of the load, and when the scripts
  // arrive before the stylesheet it would otherwise run before the first paint. (A hidden tab gets no animation
  // frame, and has nothing to paint: it starts at once.)
  requestAnimationFrame(() => setTimeout(start, 0));
} else {
  start();
}

// The service worker is registered on load (spec section 4); it serves the app shell when offline. It is
// vite-plugin-pwa's generated /sw.js, which takes over at once ('autoUpdate'): when a new one takes over a page an
// older one controlled, the page reloads to run the new build — what the plugin's registerSW does, without
// loading workbox-window on every first visit (2 KB gzip on the login route, decision 023).
window.addEventListener('load', () => {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const updating = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (updating) window.location.reload();
  });
  void navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
});
