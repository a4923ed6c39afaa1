// A pharmacy's API key (decision 059), shaped as GitHub's and Stripe's tokens are: a readable prefix that says what it
// is (`psp_live_` in production, `psp_test_` elsewhere, so that a secret scanner recognises a leaked one and a test key
// never opens production), 32 random base62 characters (190 bits), and a CRC32 of all that in 6 base62 characters at
// its end, so that a mistyped or truncated key is refused before any lookup. zod-free: the counter screen may check a
// key as it is typed.

export const PHARMACY_KEY_ENVIRONMENTS = ['live', 'test'] as const;
export type PharmacyKeyEnvironment = (typeof PHARMACY_KEY_ENVIRONMENTS)[number];

export const BASE62_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const PHARMACY_KEY_RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
/** The random characters kept in clear with the prefix to find a key and to name it (`psp_live_AbCd1234`). */
const LOOKUP_RANDOM_LENGTH = 8;

const KEY_PATTERN = /^psp_(live|test)_([0-9A-Za-z]{32})([0-9A-Za-z]{6})$/;
/** What `pharmacies:revoke` takes: the key's readable start. */
export const PHARMACY_KEY_PREFIX_PATTERN = /^psp_(live|test)_[0-9A-Za-z]{8}$/;

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let value = index;
  for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
  return value >>> 0;
});

/** CRC-32 (IEEE) of an ASCII text. */
export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let index = 0; index < text.length; index += 1)
    crc = CRC_TABLE[(crc ^ text.charCodeAt(index)) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function checksumOf(text: string): string {
  let value = crc32(text);
  let out = '';
  for (let index = 0; index < CHECKSUM_LENGTH; index += 1) {
    out = BASE62_ALPHABET[value % 62]! + out;
    value = Math.floor(value / 62);
  }
  return out;
}

/** A key from its environment and 32 random base62 characters (the server draws them from its cryptographic source). */
export function pharmacyKeyOf(environment: PharmacyKeyEnvironment, random: string): string {
  if (random.length !== PHARMACY_KEY_RANDOM_LENGTH || [...random].some((c) => !BASE62_ALPHABET.includes(c)))
    throw new Error('a pharmacy key needs 32 base62 characters');
  const body = `psp_${environment}_${random}`;
  return `${body}${checksumOf(body)}`;
}

/** A well-formed key's environment and lookup prefix; undefined for anything else (a typo, a truncated key). */
export function parsePharmacyKey(input: string): { environment: PharmacyKeyEnvironment; prefix: string } | undefined {
  const match = KEY_PATTERN.exec(input);
  if (!match) return undefined;
  const [, environment, random, checksum] = match;
  const body = `psp_${environment}_${random}`;
  if (checksumOf(body) !== checksum) return undefined;
  return {
    environment: environment as PharmacyKeyEnvironment,
    prefix: `psp_${environment}_${random!.slice(0, LOOKUP_RANDOM_LENGTH)}`,
  };
}
