// A screen that must open without a connection (the discount code's, decision 046) asks for the files it was drawn
// with to be kept: the service worker stores a screen's chunks, the program's files and its public resources only as
// they pass through it, and on a first visit they were fetched before it took control. Fetched again once it
// controls the page, they come from the browser's own cache and land in the worker's runtime caches (vite.config.ts).
// Only files and the program's public resources: never a patient's answer.
const KEPT = [/^\/assets\//, /^\/program\//, /^\/api\/v1\/resource\/(support\/plan|branding|features)$/];

function controller(): Promise<ServiceWorker | null> {
  if (navigator.serviceWorker.controller) return Promise.resolve(navigator.serviceWorker.controller);
  return new Promise((resolve) =>
    navigator.serviceWorker.addEventListener('controllerchange', () => resolve(navigator.serviceWorker.controller), {
      once: true,
    }),
  );
}

/** Fetches again, through the service worker, the files and program resources this page has loaded. */
export async function keepLoadedFilesForOffline(): Promise<void> {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  await navigator.serviceWorker.ready;
  if (!(await controller())) return;
  const urls = new Set(
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === window.location.origin && KEPT.some((pattern) => pattern.test(url.pathname)))
      .map((url) => url.href),
  );
  // Each body read to its end: an answer left unread keeps its request open (and the page never idle).
  await Promise.all(
    [...urls].map((url) =>
      fetch(url)
        .then((response) => response.arrayBuffer())
        .catch(() => undefined),
    ),
  );
}
