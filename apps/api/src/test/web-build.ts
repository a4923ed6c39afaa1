// A stand-in for the web's build, for the tests of the pages the server answers.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The shape of the built index.html (apps/web/index.html after `npm run build`): the server swaps in the program's frame. */
export const INDEX_HTML = `<!doctype html>
<html lang="es">
  <head>
    <meta name="theme-color" content="#ffffff" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>Portal</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <!-- frame --><div id="boot-frame" class="app-shell boot-frame">neutral</div><!-- /frame -->
    <div id="root"></div>
  </body>
</html>`;

/** Writes that index.html and its stylesheet into `dist`. */
export function writeWebBuild(dist: string): void {
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dist, 'assets', 'index-abc.css'), '.built-rule { color: red; }');
}
