// Route patterns and the language-prefix rules live in the contracts (the API serves the pages by the same rules);
// the browser's own rules about where a login may send the visitor back to are here.
import { paths, pathInLanguage } from '@portal/contracts/paths';
import type { Language } from '@portal/contracts/enum-lists';

export { isUnprefixedRoute, languageOfPath, pathInLanguage, paths, stripLanguage } from '@portal/contracts/paths';

/**
 * The same-origin path (path, query, hash) that `next` names, or undefined when it is absent or could
 * point anywhere else: other origins, protocol-relative '//host', backslashes (browsers read them as '/'),
 * control characters (the URL parser drops tabs and newlines, so '/\t/host' would become '//host'),
 * encoded slashes, backslashes, dots and controls (a later decode could turn them into any of those), and
 * dot segments that collapse into '//host' ('/..//host'). The answer always starts with exactly one '/'.
 */
export function safeNextPath(next: string | null | undefined, origin: string): string | undefined {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return undefined;
  if (/[\u0000-\u001f\u007f\\]/.test(next) || /%(?:2f|5c|2e|[01][0-9a-f]|7f)/i.test(next)) return undefined;
  try {
    const base = new URL(origin);
    const url = new URL(next, base);
    if (url.origin !== base.origin) return undefined;
    const path = `${url.pathname}${url.search}${url.hash}`;
    if (!path.startsWith('/') || path.startsWith('//') || new URL(path, base).origin !== base.origin) return undefined;
    return path;
  } catch {
    return undefined;
  }
}

/** The login path that brings the visitor back to `fullPath` afterwards. */
export function loginPathFor(language: Language, fullPath: string, ref?: 'session-expired'): string {
  const query = new URLSearchParams({ next: fullPath });
  if (ref) query.set('ref', ref);
  return `${pathInLanguage(language, paths.login)}?${query.toString()}`;
}
