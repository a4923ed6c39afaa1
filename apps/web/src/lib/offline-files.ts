// A screen that must open without a connection (the discount code's, decision 046) asks for the files it was drawn
// with to be kept: the service worker stores a screen's chunks, the program's files and its public resources only as
// they pass through it, and on a first visit they were fetched before it took control. Fetched again once it
// controls the page, they come from the browser's own cache and land in the worker's runtime caches (vite.config.ts).
// Only files and the program's public resources: never a patient's answer. Each file once per page, and only one
// that did not pass through the worker already: the home's cards each ask as their chunk loads, and every file came
// back three times more (decision 093).
const KEPT = [/^\/assets\//, /^\/program\//, /^\/api\/v1\/resource\/(support\/plan|branding|features)$/];

function controller(): Promise<ServiceWorker | null> {
  if (navigator.serviceWorker.controller) return Promise.resolve(navigator.serviceWorker.controller);
  return new Promise((resolve) =>
    navigator.serviceWorker.addEventListener('controllerchange', () => resolve(navigator.serviceWorker.controller), {
      once: true,
    }),
  );
}

/** The files this page has already passed through the worker (or is passing): none is fetched twice. */
const kept = new Set<string>();

/**
 * Of the page's loaded files, those to fetch again: this origin's files and program resources that went to the
 * network without the worker (a resource timing's `workerStart` is 0 then) and were not fetched again already.
 */
export function filesToKeep(entries: readonly Pick<PerformanceResourceTiming, 'name' | 'workerStart'>[]): string[] {
  const urls = new Set<string>();
  for (const entry of entries) {
    const url = new URL(entry.name);
    if (url.origin !== window.location.origin || !KEPT.some((pattern) => pattern.test(url.pathname))) continue;
    if (entry.workerStart > 0) kept.add(url.href);
    else if (!kept.has(url.href)) urls.add(url.href);
  }
  for (const url of urls) kept.add(url);
  return [...urls];
}

/** Fetches again, through the service worker, the files and program resources this page has loaded without it. */
export async function keepLoadedFilesForOffline(): Promise<void> {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  await navigator.serviceWorker.ready;
  if (!(await controller())) return;
  const urls = filesToKeep(performance.getEntriesByType('resource') as PerformanceResourceTiming[]);
  // Each body read to its end: an answer left unread keeps its request open (and the page never idle).
  await Promise.all(
    [...urls].map((url) =>
      fetch(url)
        .then((response) => response.arrayBuffer())
        // Not kept: the next screen that asks tries it again.
        .catch(() => kept.delete(url)),
    ),
  );
}
