// `npm start`: builds the web app (the browser's build and the server's render of the login screen, as `npm run build`),
// prints one line about it, then serves the portal in this same process (apps/api/src/server.ts). One process, started
// by `exec` in package.json: the npm process's SIGTERM or SIGINT reaches the server itself, which shuts down and frees
// its port (a shell in between would die and leave the server running). PORTAL_START_BUILD=false serves the build
// already there (the start-up test).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web');
// Vite is the web workspace's own dependency: resolved from there.
const { build } = (await import(pathToFileURL(createRequire(path.join(WEB, 'package.json')).resolve('vite')).href)) as {
  build: (config: object) => Promise<unknown>;
};

/** Both builds with Vite's warnings only: no chunk table, which a newcomer does not need (`npm run build` prints it). */
async function buildWeb(): Promise<string> {
  const started = Date.now();
  const configFile = path.join(WEB, 'vite.config.ts');
  await build({ root: WEB, configFile, logLevel: 'warn' });
  await build({ root: WEB, configFile, logLevel: 'warn', build: { ssr: 'src/entry-server.tsx' } });
  const assets = path.join(WEB, 'dist/assets');
  const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
  const gzipKb = scripts.reduce(
    (total, name) => total + gzipSync(readFileSync(path.join(assets, name)), { level: 6 }).length / 1024,
    0,
  );
  return `web app built in ${((Date.now() - started) / 1000).toFixed(1)} s: ${scripts.length} scripts, ${Math.round(gzipKb)} KB gzip (apps/web/dist)`;
}

if (process.env.PORTAL_START_BUILD !== 'false') {
  // Vite's build sets NODE_ENV=production for the bundle; the server reads its own (development unless set).
  const nodeEnv = process.env.NODE_ENV;
  const summary = await buildWeb();
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
  process.stdout.write(`${summary}\n`);
}
await import('../apps/api/src/server.ts');
