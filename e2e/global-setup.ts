// Browser tests run against the production build: it must exist (npm test builds it first).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumPath } from './chromium.ts';

export default function setup() {
  const index = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist/index.html');
  if (!existsSync(index)) throw new Error('apps/web/dist is missing: run `npm run build` before the browser tests');
  if (!existsSync(chromiumPath()))
    throw new Error(`Chromium's headless shell is missing at ${chromiumPath()}: npm test installs it`);
}
