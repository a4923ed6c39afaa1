// Discount codes (decision 045): the check character catches every single-character error and every swap of two
// different neighbours, and a code reads back however a person types it. The catalogue's contract refuses a bad benefit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BenefitFileSchema } from './benefits.ts';
import {
  CROCKFORD_ALPHABET,
  DISCOUNT_CODE_LENGTH,
  discountCodeFromRandomBytes,
  formatDiscountCode,
  normaliseDiscountCode,
} from './discount-code.ts';

const randomBytes = fc.uint8Array({ minLength: 7, maxLength: 7 });
const code = randomBytes.map(discountCodeFromRandomBytes);

describe('discount codes', () => {
  it('makes canonical codes of 11 characters of the alphabet that read back as themselves', () => {
    fc.assert(
      fc.property(code, (canonical) => {
        expect(canonical).toHaveLength(DISCOUNT_CODE_LENGTH);
        expect([...canonical].every((character) => CROCKFORD_ALPHABET.includes(character))).toBe(true);
        expect(normaliseDiscountCode(canonical)).toBe(canonical);
      }),
    );
  });

  it('refuses every single-character substitution, at every position', () => {
    fc.assert(
      fc.property(code, (canonical) => {
        for (let index = 0; index < canonical.length; index += 1) {
          for (const other of CROCKFORD_ALPHABET) {
            if (other === canonical[index]) continue;
            const typo = `${canonical.slice(0, index)}${other}${canonical.slice(index + 1)}`;
            expect(normaliseDiscountCode(typo), typo).toBeUndefined();
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('refuses every swap of two different neighbours, the check character included', () => {
    fc.assert(
      fc.property(code, (canonical) => {
        for (let index = 0; index + 1 < canonical.length; index += 1) {
          if (canonical[index] === canonical[index + 1]) continue;
          const swapped = `${canonical.slice(0, index)}${canonical[index + 1]}${canonical[index]}${canonical.slice(index + 2)}`;
          expect(normaliseDiscountCode(swapped), swapped).toBeUndefined();
        }
      }),
      { numRuns: 500 },
    );
  });

  it('reads a code as a person types it: grouped, lower case, i and l for 1, o for 0, spaces and hyphens', () => {
    const typed = (canonical: string) =>
      fc
        .tuple(
          fc.array(fc.boolean(), { minLength: canonical.length, maxLength: canonical.length }),
          fc.array(fc.constantFrom('', '', '', '-', ' ', '  ', ' - '), {
            minLength: canonical.length + 1,
            maxLength: canonical.length + 1,
          }),
          fc.array(fc.boolean(), { minLength: canonical.length, maxLength: canonical.length }),
        )
        .map(([lower, separators, lookAlike]) =>
          [...canonical]
            .map((character, index) => {
              let shown = character;
              if (lookAlike[index] && character === '1') shown = index % 2 ? 'I' : 'L';
              if (lookAlike[index] && character === '0') shown = 'O';
              return `${separators[index]}${lower[index] ? shown.toLowerCase() : shown}`;
            })
            .join('')
            .concat(separators[canonical.length]!),
        );
    fc.assert(
      fc.property(
        code.chain((canonical) => fc.tuple(fc.constant(canonical), typed(canonical))),
        ([canonical, asTyped]) => {
          expect(normaliseDiscountCode(asTyped), asTyped).toBe(canonical);
          expect(normaliseDiscountCode(formatDiscountCode(canonical))).toBe(canonical);
          expect(formatDiscountCode(canonical)).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]$/);
        },
      ),
    );
  });

  it('refuses what is not a code: a wrong length, a U, an empty or overlong input', () => {
    const canonical = discountCodeFromRandomBytes(new Uint8Array([1, 2, 3, 4, 5, 6, 7]));
    expect(normaliseDiscountCode(canonical.slice(1))).toBeUndefined();
    expect(normaliseDiscountCode(`${canonical}0`)).toBeUndefined();
    expect(normaliseDiscountCode(`U${canonical.slice(1)}`)).toBeUndefined();
    expect(normaliseDiscountCode('')).toBeUndefined();
    expect(normaliseDiscountCode(`${canonical}${' '.repeat(60)}`)).toBeUndefined();
    expect(() => discountCodeFromRandomBytes(new Uint8Array(6))).toThrow(RangeError);
  });
});

describe('the benefit catalogue contract', () => {
  const texts = {
    title: 'benefits.catalogue.1.title',
    description: 'benefits.catalogue.1.description',
    conditions: 'benefits.catalogue.1.conditions',
  };
  /** A service's booking block as the programs declare one (its own contract is tested in booking-schedule.test.ts). */
  const booking = {
    slotMinutes: 30,
    capacity: 1,
    horizonDays: 60,
    minimumNoticeHours: 24,
    cancellationCutoffHours: 12,
    places: [{ id: 'video-cr', country: 'CR', kind: 'video', hours: [{ days: ['mon'], from: '08:00', to: '12:00' }] }],
    closedDates: { CR: ['2026-12-25'] },
  };
  const issuesOf = (benefit: unknown) =>
    BenefitFileSchema.safeParse(benefit).error?.issues.map((issue) => issue.path.join('.')) ?? [];

  it('accepts one benefit of each kind as the programs declare them', () => {
    expect(issuesOf({ id: 1, kind: 'discount', products: [2], countries: ['CR'], texts, discountPercent: 15 })).toEqual(
      [],
    );
    expect(issuesOf({ id: 1, kind: 'preventive4plus1', products: [2], countries: ['CR'], texts })).toEqual([]);
    expect(issuesOf({ id: 1, kind: 'service', products: [2], countries: ['CR'], texts, booking })).toEqual([]);
    expect(
      issuesOf({
        id: 1,
        kind: 'general',
        products: [],
        countries: ['CR'],
        texts: { ...texts, howToUse: 'x.howToUse' },
      }),
    ).toEqual([]);
  });

  it('refuses a general benefit with products, a discount without its percentage, and the like', () => {
    const howToUse = { ...texts, howToUse: 'x.howToUse' };
    expect(issuesOf({ id: 1, kind: 'general', products: [2], countries: ['CR'], texts: howToUse })).toEqual([
      'products',
    ]);
    // A general benefit's code is not a pharmacy's: its coupon says where and how it is used (decision 075).
    expect(issuesOf({ id: 1, kind: 'general', products: [], countries: ['CR'], texts })).toEqual(['texts.howToUse']);
    expect(issuesOf({ id: 1, kind: 'discount', products: [2], countries: ['CR'], texts })).toEqual(['discountPercent']);
    expect(issuesOf({ id: 1, kind: 'service', products: [], countries: ['CR'], texts, booking })).toEqual(['products']);
    expect(issuesOf({ id: 1, kind: 'service', products: [2], countries: ['CR'], texts })).toEqual(['booking']);
    expect(
      issuesOf({ id: 1, kind: 'preventive4plus1', products: [2], countries: ['CR'], texts, discountPercent: 5 }),
    ).toEqual(['discountPercent']);
    expect(issuesOf({ id: 1, kind: 'discount', products: [2], countries: [], texts, discountPercent: 101 })).toEqual([
      'countries',
      'discountPercent',
    ]);
  });
});
