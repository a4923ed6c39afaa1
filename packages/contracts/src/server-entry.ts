// What the web's server build gives the API (decision 029): apps/web/src/entry-server.tsx `satisfies` this type, and
// apps/api/src/web/server-render.ts reads the built dist-ssr/entry-server.js as it, so renaming a member on either
// side fails the type check rather than the first server render. Types only: nothing here reaches a bundle.

/** The build's default export: the module's one interface, so that no export name can drift either. */
export interface ServerEntry<Source = unknown> {
  /** The program's content read through `fetch` (answered by the API itself), as the browser's client reads it. */
  programSource(fetch: typeof globalThis.fetch): Source;
  /**
   * The HTML of the app's root at `path` (one of SERVER_RENDERED_PATHS, contracts/paths.ts) for the program `slug`,
   * or undefined when the program's content did not all load.
   */
  renderPage(path: string, slug: string, source: Source): Promise<string | undefined>;
}
