// The public pages the server renders (decision 029): the login screen's HTML, drawn by the same components the
// browser then hydrates, so that a phone paints the whole page from the HTML and its scripts only attach to it.
// Built by `vite build --ssr` into dist-ssr/; apps/api's web/server-render.ts calls it with the program's content
// fetched through the same requests the browser makes, through the interface ServerEntry (contracts) both sides name.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { SERVER_RENDERED_PATHS } from '@portal/contracts/paths';
import type { ServerEntry } from '@portal/contracts/server-entry';
import { createApiClient } from './lib/api-client.ts';
import { AppProviders } from './app/app.tsx';
import { AppRoutes, preloadScreenAt } from './app/router.tsx';
import { loadProgramBoot, type ProgramSource } from './program/program-content.ts';
import { programStore } from './program/program-store.ts';

/** The program's content read through `fetch` (the server's own answers), as the browser's API client reads it. */
function programSource(fetch: typeof globalThis.fetch): ProgramSource {
  return { api: createApiClient({ fetchImpl: fetch, getToken: () => undefined }), fetch, ts: Date.now() };
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * The HTML of the app's root at `path` for the program `slug`, with its content from `source`; undefined when the
 * program's content did not all load (the browser then draws the page as before). One render at a time: the
 * program's content lives in one store, as in a browser page.
 */
function renderPage(path: string, slug: string, source: ProgramSource): Promise<string | undefined> {
  const language = SERVER_RENDERED_PATHS[path];
  if (!language) return Promise.resolve(undefined);
  const render = queue.then(async () => {
    const boot = await loadProgramBoot(language, slug, source);
    const complete = boot.program.ok && Object.values(boot.files).every((loaded) => loaded.ok);
    if (!complete) return undefined;
    programStore.reset();
    programStore.accept(boot);
    await preloadScreenAt(path);
    // A component that throws here would leave React's client-rendering marker in the page: no page then.
    const errors: unknown[] = [];
    const { prelude } = await prerender(
      <StrictMode>
        <AppProviders initialPath={path}>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </StrictMode>,
      { onError: (error) => void errors.push(error) },
    );
    const html = await new Response(prelude).text();
    if (errors.length > 0) throw errors[0];
    return html;
  });
  queue = render.catch(() => undefined);
  return render;
}

/**
 * The build's one export, read by the API as ServerEntry: a default export, so that no export name can drift, and
 * `satisfies`, so that a renamed member fails this type check as it fails the API's.
 */
export default { programSource, renderPage } satisfies ServerEntry<ProgramSource>;
