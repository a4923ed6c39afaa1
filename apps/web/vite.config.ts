import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The compression levels of the brotli and gzip copies: the highest for a build that is served (made once, here), a
 * quick one for the build `npm test` makes (PORTAL_TEST_BUILD=1, decision 036), whose copies are only checked to exist
 * and to be served: brotli's highest level is most of the build's time.
 */
const COMPRESSION =
  process.env.PORTAL_TEST_BUILD === '1' ? { brotliQuality: 4, gzipLevel: 6 } : { brotliQuality: 11, gzipLevel: 9 };

/** Brotli and gzip copies of the built scripts and styles (levels above); the server sends the one the browser accepts. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const assets = path.join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css)$/.test(name)) continue;
        const content = readFileSync(path.join(assets, name));
        if (content.length < 1024) continue;
        writeFileSync(
          path.join(assets, `${name}.br`),
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: COMPRESSION.brotliQuality } }),
        );
        writeFileSync(path.join(assets, `${name}.gz`), gzipSync(content, { level: COMPRESSION.gzipLevel }));
      }
    },
  };
}

/** The built files boot.ts (the entry) and main.tsx load before any screen: their static imports, transitively. */
function appShellFiles(): Set<string> {
  const manifest = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, 'dist/.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>;
  const files = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  for (const key of Object.keys(manifest)) if (manifest[key]!.isEntry || key === 'src/main.tsx') add(key);
  return files;
}

/**
 * The server's build of the public pages (decision 029): `vite build --ssr src/entry-server.tsx`, into dist-ssr/, for
 * Node. The contracts (TypeScript sources) are bundled in; the libraries stay packages that Node loads.
 */
const ssrBuild = defineConfig({
  resolve: {
    alias: [
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' },
    ],
  },
  plugins: [react()],
  ssr: { noExternal: ['@portal/contracts'] },
  build: { outDir: 'dist-ssr', target: 'node20', sourcemap: false, emptyOutDir: true, copyPublicDir: false },
});

export default defineConfig(({ command, isSsrBuild }) =>
  isSsrBuild
    ? ssrBuild
    : {
        // The browser gets the texts as parsed ICU messages (/program/{slug}/messages/…, decision 023), so the build leaves
        // out formatjs' message parser (its 'no-parser' entry). Tests keep the parser: they format the texts files as they are.
        resolve:
          command === 'build'
            ? {
                alias: [
                  {
                    find: /^@formatjs\/icu-messageformat-parser$/,
                    replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
                  },
                ],
              }
            : {},
        plugins: [
          react(),
          precompress(),
          VitePWA({
            registerType: 'autoUpdate',
            injectRegister: false,
            // The manifest is the program's, built by the server per host (GET /manifest.webmanifest); index.html links it.
            manifest: false,
            workbox: {
              // The worker controls the page that installed it, at once (not only from the next visit), so that what a
              // first visit keeps for offline use (the discount code's screen, decision 046) passes through it.
              clientsClaim: true,
              // No navigation route to the precached shell (the plugin's default): pages come from the network (the route below).
              navigateFallback: null,
              // The app shell only (the HTML, the entry script and its styles, the icons): a first visit to /login must
              // stay small on a poor connection. Every other chunk (screens, the password dictionaries) is cached when a
              // screen first loads it (below), so a visited screen still opens offline. See docs/decisions/010.
              // The shell is what boot.ts and main.tsx load before any screen (decision 028): read from Vite's manifest, as
              // the chunks' names follow their modules.
              globPatterns: ['index.html', 'assets/*.{js,css}', '*.svg'],
              manifestTransforms: [
                (entries) => ({
                  manifest: entries.filter(
                    (entry) => !entry.url.startsWith('assets/') || appShellFiles().has(entry.url),
                  ),
                  warnings: [],
                }),
              ],
              runtimeCaching: [
                {
                  // Pages come from the server, as on a first visit: the program's colours, language and frame, the login
                  // screen rendered (decisions 025, 029), and the page of the version now served. The precached app shell
                  // answers only when the network fails (offline); its app then says what it can (the offline page, or
                  // the screens whose files it has). Nothing is stored: a stored page would name the files of the version
                  // it came with, while the precached shell always names those stored with it.
                  urlPattern: ({ request, url }) =>
                    request.mode === 'navigate' &&
                    !url.pathname.startsWith('/api/') &&
                    !url.pathname.startsWith('/program/'),
                  handler: 'NetworkOnly',
                  options: {
                    plugins: [
                      {
                        handlerDidError: async () =>
                          (await caches.match('/index.html', { ignoreSearch: true })) ?? Response.error(),
                      },
                    ],
                  },
                },
                {
                  // The program's plan, branding and feature toggles (public, the same for every visitor of the host): fresh
                  // when online, the last copy offline, so that the app starts without a connection and a screen kept for
                  // offline use (the discount code's, decision 046) can open. Nothing of a patient is cached here.
                  urlPattern: ({ url }) =>
                    /^\/api\/v1\/resource\/(support\/plan|branding|features)$/.test(url.pathname),
                  handler: 'NetworkFirst',
                  options: { cacheName: 'program-resources', expiration: { maxEntries: 12 } },
                },
                {
                  // Built files have content hashes in their names: a cached copy is always right.
                  urlPattern: ({ url }) => url.pathname.startsWith('/assets/'),
                  handler: 'CacheFirst',
                  options: { cacheName: 'app-chunks', expiration: { maxEntries: 120 } },
                },
                {
                  // Program texts and configuration: fresh when online, last copy when offline.
                  urlPattern: ({ url }) => url.pathname.startsWith('/program/'),
                  handler: 'StaleWhileRevalidate',
                  options: {
                    cacheName: 'program-content',
                    // Room for the lessons a patient opened (decision 049) beside the texts and configuration.
                    expiration: { maxEntries: 150 },
                    // The web asks for each file with ?ts=<the page's load time> (spec section 7): keyed without it, the
                    // cache holds one copy per file, which the next (offline) visit finds under its own ts.
                    plugins: [
                      {
                        cacheKeyWillBeUsed: async ({ request }) => {
                          const url = new URL(request.url);
                          url.searchParams.delete('ts');
                          return url.href;
                        },
                      },
                    ],
                  },
                },
              ],
            },
          }),
        ],
        server: { proxy: { '/api': 'http://localhost:3000', '/program': 'http://localhost:3000' } },
        build: {
          target: 'es2022',
          sourcemap: false,
          // Which files each route loads, for the byte budgets (e2e/bundle-budget.test.ts); never served (a dot folder).
          manifest: true,
          rolldownOptions: {
            output: {
              codeSplitting: {
                // Each password-strength word list in its own chunk (they are separate modules, some 200 KB gzip):
                // no single chunk over the budget, and they load in parallel when a password meter opens.
                groups: [
                  {
                    debugName: 'zxcvbn-word-lists',
                    name: (id: string) => {
                      const match = /@zxcvbn-ts\/(language-[a-z-]+)\/dist\/([A-Za-z]+)\.json/.exec(id);
                      return match ? `zxcvbn-${match[1]}-${match[2]}` : null;
                    },
                    test: /@zxcvbn-ts\/language-/,
                  },
                  // React's runtime apart from the app's entry (no chunk over Vite's size warning); part of the shell.
                  { name: 'shell-react', test: /node_modules\/(react|react-dom|scheduler)\// },
                ],
              },
            },
          },
        },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
);
