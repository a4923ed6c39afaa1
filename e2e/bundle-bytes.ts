// The production build's bytes as a patient downloads them (decision 010), read from apps/web/dist as `npm run build`
// left it: one definition for the byte-budget test and for `npm run bench`. gzip level 9, KB = 1024 bytes.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const KB = 1024;

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export function gzipKb(file: string): number {
  return gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length / KB;
}

export function sumGzipKb(files: Iterable<string>): number {
  return [...files].reduce((total, file) => total + gzipKb(file), 0);
}

export function readManifest(): Record<string, ManifestChunk> {
  return JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
}

/** Reads the Vite manifest and the service worker of the current build. */
export function readBundle() {
  const manifest = readManifest();
  /** The files a chunk loads before it runs: itself and its static imports, transitively. */
  const staticClosure = (keys: string[], into = new Set<string>()): Set<string> => {
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk || into.has(chunk.file)) continue;
      into.add(chunk.file);
      staticClosure(chunk.imports ?? [], into);
    }
    return into;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  // The entry (boot.ts) imports the app (main.tsx) once the frame has painted (decision 028): both load on every route.
  const appKey = Object.keys(manifest).find((key) => key.endsWith('src/main.tsx'));
  const loginKey = Object.keys(manifest).find((key) => key.endsWith('app/routes/login.tsx'));
  const loginJs = staticClosure([entryKey, appKey, loginKey].filter((key): key is string => key !== undefined));
  // The home route (decision 052): its screen and the providers every screen but the login's loads (router.tsx).
  const homeKey = Object.keys(manifest).find((key) => key.endsWith('app/routes/home.tsx'));
  const providersKey = Object.keys(manifest).find((key) => key.endsWith('app/layouts/screen-providers.tsx'));
  const homeJs = staticClosure(
    [entryKey, appKey, homeKey, providersKey].filter((key): key is string => key !== undefined),
  );
  /**
   * The chunks of the sign-up: its route (with the sign-up's own contract) and the chunk that holds the patient fields'
   * contract it shares with the other forms of a patient's data (decision 065), whatever the bundler names it: a
   * message key of the doctor's name, which only contracts/patient-fields.ts writes, marks it.
   */
  const holdsPatientFields = (file: string) =>
    readFileSync(path.join(DIST, file), 'utf8').includes('signup.doctor.invalidCharacters');
  const signupChunks = Object.entries(manifest)
    .filter(
      ([key, chunk]) =>
        key.endsWith('app/routes/signup.tsx') || (chunk.file.endsWith('.js') && holdsPatientFields(chunk.file)),
    )
    .map(([, chunk]) => chunk.file);
  /** The service worker's precache list, as vite-plugin-pwa wrote it into sw.js. */
  const precache = [...readFileSync(path.join(DIST, 'sw.js'), 'utf8').matchAll(/url:"([^"]+)"/g)]
    .map((match) => match[1]!)
    .filter((url) => existsSync(path.join(DIST, url)));
  const loginCss = Object.values(manifest).flatMap((chunk) => (loginJs.has(chunk.file) ? (chunk.css ?? []) : []));
  /** A first visit to /login: the page, its scripts and styles, and everything the service worker precaches. */
  const firstVisit = new Set(['index.html', ...loginJs, ...loginCss, ...precache]);
  const chunks = Object.values(manifest).map((chunk) => chunk.file);
  return { entryKey, loginKey, loginJs, homeKey, homeJs, signupChunks, precache, firstVisit, chunks };
}
