import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '@portal/contracts/enums';
import { LocationSchema } from '@portal/contracts/patient-fields';
import { GAZETTEER } from './data/gazetteer.ts';
import { createGazetteerDirectory, foldText } from './locations.ts';

describe('gazetteer', () => {
  it('covers the eight countries with unique, valid ids and a modest size', async () => {
    const directory = createGazetteerDirectory();
    const ids = new Set<string>();
    let count = 0;
    for (const country of COUNTRY_CODES) {
      expect(GAZETTEER[country].length, country).toBeGreaterThan(0);
      for (const [region, cities] of GAZETTEER[country]) {
        count += 1 + cities.length;
        const regionName = typeof region === 'string' ? region : region.es;
        const found = await directory.search(country, regionName, 'es');
        expect(found.length, regionName).toBeGreaterThan(0);
        for (const place of found) {
          LocationSchema.parse(place);
          ids.add(place.id);
          expect(await directory.get(place.id, 'es')).toEqual(place);
        }
      }
    }
    expect(count).toBeGreaterThan(300);
    expect(count).toBeLessThan(800);
  });

  it('folds accents, case and punctuation', () => {
    expect(foldText('  San José, Costa Rica ')).toBe('san jose costa rica');
    expect(foldText('Ngäbe-Buglé')).toBe('ngabe bugle');
  });
});
