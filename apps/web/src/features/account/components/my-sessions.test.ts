// The device words come from the contracts' lists (decision 044), and the screen builds their text keys from them:
// every program has a text for each, in both languages, so a word added to a list cannot show as a bare key.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEVICE_BROWSERS, DEVICE_SYSTEMS } from '@portal/contracts/sessions';

const PROGRAMS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../../programs');

describe('my sessions’ device texts', () => {
  const keys = [
    ...DEVICE_BROWSERS.map((browser) => `account.sessions.browser.${browser}`),
    ...DEVICE_SYSTEMS.map((system) => `account.sessions.system.${system}`),
  ];
  for (const slug of readdirSync(PROGRAMS)) {
    for (const language of ['es', 'en']) {
      it(`${slug} (${language}) names every browser and system`, () => {
        const texts = JSON.parse(
          readFileSync(path.join(PROGRAMS, slug, 'texts', `text-${language}.json`), 'utf8'),
        ) as Record<string, string>;
        expect(keys.filter((key) => !texts[key])).toEqual([]);
      });
    }
  }
});
