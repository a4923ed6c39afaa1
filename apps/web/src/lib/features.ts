// Feature flags (spec section 6): server toggles, the `can` query list and the local-storage flag.
const STORAGE_KEY = 'portal.features';

/** Features named in `?can=a,b` when the app started; they stay on for the page's life. */
const fromQuery = new Set(
  (typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('can') ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter((name) => /^[a-zA-Z]+$/.test(name)),
);

function fromStorage(): Set<string> {
  try {
    return new Set(
      (localStorage.getItem(STORAGE_KEY) ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    );
  } catch {
    return new Set();
  }
}

export function isFeatureEnabled(
  name: string,
  serverToggles: Record<string, boolean> | undefined,
  queryList = fromQuery,
): boolean {
  return serverToggles?.[name] === true || queryList.has(name) || fromStorage().has(name);
}
