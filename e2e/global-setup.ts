// Browser tests run against the production build: it must exist (npm test builds it first).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export default function setup() {
  const index = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist/index.html');
  if (!existsSync(index)) throw new Error('apps/web/dist is missing: run `npm run build` before the browser tests');
  if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'))
    throw new Error('Chromium is missing: npm test installs it');
}
