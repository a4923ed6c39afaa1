// A discount code (decision 045): 10 random Crockford base32 characters (50 bits) and one check character,
// shown as XXXXX-XXXXX-C. One function reads a code as a person types it; the pharmacy side uses the same.
//
// The check character is a weighted sum over GF(32) (polynomial x^5 + x^2 + 1), c = sum of a^(i+1) * v_i:
// every single-character error changes the sum by a^(i+1) * e (never 0), and every swap of two neighbours by
// a^(i+1) * (1 + a) * (x + y) (never 0 when x != y), so both are caught before any lookup.

/** Crockford's base32: digits and letters without I, L, O and U. */
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Random characters of a code (50 bits), before its check character. */
export const DISCOUNT_CODE_RANDOM_LENGTH = 10;
/** Characters of a canonical code (random part and check character, no separators). */
export const DISCOUNT_CODE_LENGTH = DISCOUNT_CODE_RANDOM_LENGTH + 1;

/** Multiplication in GF(2^5) modulo x^5 + x^2 + 1. */
function gfMultiply(a: number, b: number): number {
  let product = 0;
  let x = a;
  let y = b;
  while (y > 0) {
    if (y & 1) product ^= x;
    y >>= 1;
    x <<= 1;
    if (x & 0b100000) x ^= 0b100101;
  }
  return product;
}

/** The check character of the random part (values 0..31 per character). */
function checkValueOf(values: readonly number[]): number {
  let sum = 0;
  let weight = 1;
  for (const value of values) {
    weight = gfMultiply(weight, 2);
    sum ^= gfMultiply(weight, value);
  }
  return sum;
}

const READ_AS: Record<string, string> = { I: '1', L: '1', O: '0' };

/**
 * The canonical form (11 upper-case characters) of what a person typed, or undefined when it is not a code:
 * case-insensitive, i and l read as 1 and o as 0, hyphens and white space ignored; a wrong length, a letter
 * outside the alphabet (u) or a check character that does not match answers undefined.
 */
export function normaliseDiscountCode(input: string): string | undefined {
  if (input.length > 64) return undefined;
  const compact = input
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/[ILO]/g, (letter) => READ_AS[letter] ?? letter);
  if (compact.length !== DISCOUNT_CODE_LENGTH) return undefined;
  const values: number[] = [];
  for (const character of compact) {
    const value = CROCKFORD_ALPHABET.indexOf(character);
    if (value < 0) return undefined;
    values.push(value);
  }
  const check = values.pop();
  return check === checkValueOf(values) ? compact : undefined;
}

/** A canonical code as shown and read aloud: XXXXX-XXXXX-C. */
export function formatDiscountCode(canonical: string): string {
  return `${canonical.slice(0, 5)}-${canonical.slice(5, 10)}-${canonical.slice(10)}`;
}

/**
 * A canonical code from at least 7 random bytes (the caller draws them from a cryptographic source):
 * the first 50 bits give the 10 characters, the check character follows.
 */
export function discountCodeFromRandomBytes(bytes: Uint8Array): string {
  if (bytes.length < 7) throw new RangeError('a discount code needs 7 random bytes');
  let bits = 0n;
  for (const byte of bytes.subarray(0, 7)) bits = (bits << 8n) | BigInt(byte);
  bits >>= 6n; // 56 bits drawn, 50 used
  const values = Array.from({ length: DISCOUNT_CODE_RANDOM_LENGTH }, (_, index) =>
    Number((bits >> BigInt(5 * (DISCOUNT_CODE_RANDOM_LENGTH - 1 - index))) & 31n),
  );
  return [...values, checkValueOf(values)].map((value) => CROCKFORD_ALPHABET[value]).join('');
}
