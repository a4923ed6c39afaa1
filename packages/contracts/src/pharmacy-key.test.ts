// Pharmacy API keys (decision 059): a key reads back as itself with its lookup prefix, and every single-character
// change, a swap of two neighbours or a cut is refused by its checksum, before any lookup.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BASE62_ALPHABET,
  crc32,
  parsePharmacyKey,
  PHARMACY_KEY_PREFIX_PATTERN,
  PHARMACY_KEY_RANDOM_LENGTH,
  pharmacyKeyOf,
} from './pharmacy-key.ts';

const random = fc
  .array(fc.constantFrom(...BASE62_ALPHABET), {
    minLength: PHARMACY_KEY_RANDOM_LENGTH,
    maxLength: PHARMACY_KEY_RANDOM_LENGTH,
  })
  .map((characters) => characters.join(''));
const key = fc
  .tuple(fc.constantFrom('live' as const, 'test' as const), random)
  .map(([env, r]) => pharmacyKeyOf(env, r));

describe('pharmacy API keys', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32('123456789')).toBe(0xcbf43926);
  });

  it('reads a key back with its environment and its readable prefix', () => {
    fc.assert(
      fc.property(key, (k) => {
        const parsed = parsePharmacyKey(k)!;
        expect(k).toMatch(/^psp_(live|test)_[0-9A-Za-z]{38}$/);
        expect(k.startsWith(parsed.prefix)).toBe(true);
        expect(parsed.prefix).toMatch(PHARMACY_KEY_PREFIX_PATTERN);
        expect(k.startsWith(`psp_${parsed.environment}_`)).toBe(true);
      }),
    );
  });

  it('refuses every single-character change, every swap of neighbours and a cut key', () => {
    fc.assert(
      fc.property(key, fc.nat(), fc.constantFrom(...BASE62_ALPHABET), (k, at, other) => {
        const index = 9 + (at % (k.length - 9));
        if (other !== k[index])
          expect(parsePharmacyKey(`${k.slice(0, index)}${other}${k.slice(index + 1)}`)).toBeUndefined();
        const next = index + 1 < k.length ? index : index - 1;
        if (k[next] !== k[next + 1])
          expect(parsePharmacyKey(`${k.slice(0, next)}${k[next + 1]}${k[next]}${k.slice(next + 2)}`)).toBeUndefined();
        expect(parsePharmacyKey(k.slice(0, -1))).toBeUndefined();
      }),
      { numRuns: 500 },
    );
    expect(parsePharmacyKey('psp_prod_' + 'a'.repeat(38))).toBeUndefined();
  });
});
