import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

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
