import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import { App } from './app/app.tsx';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker is registered on load (spec section 4); it serves the app shell when offline.
window.addEventListener('load', () => {
  if ('serviceWorker' in navigator) registerSW({ immediate: true });
});
