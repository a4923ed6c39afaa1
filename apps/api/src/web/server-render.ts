// The login screen's HTML, rendered by the web's own components on the server (decision 029): a phone paints the
// whole screen from the HTML, and the app's scripts then hydrate it instead of drawing it. The web's server build
// (apps/web/dist-ssr/entry-server.js) renders; its program content comes from this server through the very requests
// a browser makes (answered in-process), so the browser, fetching the same, hydrates the same tree.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { SERVER_RENDERED_PATHS } from '@portal/contracts/paths';
import type { ServerEntry } from '@portal/contracts/server-entry';

/** A rendered page is used for this long, then rendered again (the program's plan or files may have changed). */
const FRESH_MS = 60_000;
const within = (promise: Promise<void>, ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    void promise.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });

type Entry = { html: string | undefined; at: number; rendering?: Promise<void> };

export interface ServerRenderer {
  /** Whether `path` is one of the server-rendered pages. */
  renders(pathname: string): boolean;
  /** The root's HTML of `pathname` for the program, or undefined (render failed or incomplete content). */
  render(slug: string, pathname: string): Promise<string | undefined>;
}

/**
 * The renderer of the web's server build in `webDistDir`'s sibling dist-ssr/, or undefined when it is not built. A
 * request waits up to `firstRenderWaitMs` for a page's first render; then it gets the frame page, and the render goes
 * on for the next one (SERVER_RENDER_WAIT_MS).
 */
export async function loadServerRenderer(
  app: FastifyInstance,
  webDistDir: string,
  firstRenderWaitMs: number,
): Promise<ServerRenderer | undefined> {
  const entryPath = path.join(webDistDir, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(entryPath)) {
    app.log.warn('web server build not found: the login page is drawn by the browser (npm run build makes it)');
    return undefined;
  }
  // Plain JavaScript at run time: typed by the interface apps/web/src/entry-server.tsx `satisfies` (contracts).
  const entry = ((await import(pathToFileURL(entryPath).href)) as { default: ServerEntry }).default;

  /** fetch answered by this server for the program's host: the plan, branding, toggles and files a browser reads. */
  const fetchFor =
    (slug: string): typeof globalThis.fetch =>
    async (input, init) => {
      const url =
        typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;
      const answer = await app.inject({
        method: 'GET',
        url,
        headers: {
          host: `${slug}.localhost`,
          accept: 'application/json',
          ...(init?.headers as Record<string, string> | undefined),
        },
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(answer.headers))
        if (typeof value === 'string') headers.set(name, value);
      return new Response(
        answer.statusCode === 204 || answer.statusCode === 304 ? null : new Uint8Array(answer.rawPayload),
        { status: answer.statusCode, headers },
      );
    };

  const cache = new Map<string, Entry>();
  const renderInto = (key: string, slug: string, pathname: string): Promise<void> => {
    const rendering = entry
      .renderPage(pathname, slug, entry.programSource(fetchFor(slug)))
      .catch((error: unknown) => {
        app.log.error({ err: error, page: pathname, program: slug }, 'server render failed');
        return undefined;
      })
      .then((html) => {
        cache.set(key, { html, at: Date.now() });
      });
    const previous = cache.get(key);
    cache.set(key, { html: previous?.html, at: previous?.at ?? 0, rendering });
    return rendering;
  };

  return {
    renders: (pathname) => Object.hasOwn(SERVER_RENDERED_PATHS, pathname),
    async render(slug, pathname) {
      const key = `${slug}|${pathname}`;
      const cached = cache.get(key);
      if (!cached) {
        await within(renderInto(key, slug, pathname), firstRenderWaitMs);
        return cache.get(key)?.html;
      }
      // Stale: this request gets the page as it was, the next one the new render.
      if (Date.now() - cached.at > FRESH_MS && !cached.rendering) void renderInto(key, slug, pathname);
      if (cached.html === undefined && cached.rendering) await within(cached.rendering, firstRenderWaitMs);
      return cache.get(key)?.html;
    },
  };
}
