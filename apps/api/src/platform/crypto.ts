// Small crypto helpers: hashing of opaque tokens, AES-GCM at rest, the keys derived from SIGNING_SECRET and the signed
// links made with them (decision 035; passwords: platform/passwords.ts).
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function hmac(secret: string | Buffer, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * What a key derived from SIGNING_SECRET is for. Each purpose has its own key, so that a signature made for one
 * purpose is worthless for any other. 'coupon-link' and 'pharmacy-key' are reserved for features not built yet:
 * the list is settled here, in one place, before they need it.
 */
export const SIGNING_PURPOSES = [
  'recovery-link',
  'email-change-link',
  'not-me-link',
  'preregistration-link',
  'rate-limit-subject',
  'request-fingerprint',
  'coupon-link',
  'pharmacy-key',
  // A staff member's one-time set-up link (decision 068).
  'staff-setup-link',
  // The old address's "this wasn't me" link after an agent changed an account's e-mail (decision 076).
  'email-not-me-link',
  // A caregiver's invitation to set up their own login (decision 092).
  'caregiver-invitation-link',
] as const;
export type SigningPurpose = (typeof SIGNING_PURPOSES)[number];

/** The purposes of links mailed before decision 035, when they were signed with the secret itself. */
export type MailedLinkPurpose = Extract<
  SigningPurpose,
  | 'recovery-link'
  | 'email-change-link'
  | 'not-me-link'
  | 'preregistration-link'
  | 'staff-setup-link'
  | 'email-not-me-link'
  | 'caregiver-invitation-link'
>;

/** HKDF's salt: fixed, so that the same secret always gives the same keys (on every instance, after every restart). */
const HKDF_SALT = 'portal-signing-keys';
const KEY_BYTES = 32;

export interface SigningKeys {
  /** The purpose's HMAC-SHA256 of `value`, base64url. */
  sign(purpose: SigningPurpose, value: string): string;
  /** Whether `signature` is the purpose's HMAC of `value` (constant time). */
  verify(purpose: SigningPurpose, value: string, signature: string): boolean;
  /**
   * Whether `signature` is the HMAC of `value` with the secret itself, as every link was signed before decision 035.
   * Only for links already mailed then (the invitations last 30 days); never for the "not me" link, whose old shape
   * is refused since decision 042.
   */
  verifyLegacy(value: string, signature: string): boolean;
}

/** One key per purpose, derived from the secret with HKDF-SHA256 (the purpose is HKDF's info). */
export function deriveSigningKeys(secret: string): SigningKeys {
  const keys = new Map(
    SIGNING_PURPOSES.map((purpose) => [
      purpose,
      Buffer.from(hkdfSync('sha256', secret, HKDF_SALT, purpose, KEY_BYTES)),
    ]),
  );
  const keyOfPurpose = (purpose: SigningPurpose) => keys.get(purpose)!;
  const keyring: SigningKeys = {
    sign: (purpose, value) => hmac(keyOfPurpose(purpose), value),
    verify: (purpose, value, signature) => safeEqual(hmac(keyOfPurpose(purpose), value), signature),
    verifyLegacy: (value, signature) => safeEqual(hmac(secret, value), signature),
  };
  // Never written out whole (a logged configuration, a test's snapshot): the keys stay in the closure.
  return Object.assign(keyring, { toJSON: () => '[signing keys]' });
}

/**
 * A mailed link's secret (recovery, first password, e-mail change, pre-registration invitation, "not me"): a random nonce (192
 * bits) and its HMAC with the purpose's key go into the link (n, s); only the nonce's hash is stored.
 */
export function issueSignedNonce(
  keys: SigningKeys,
  purpose: MailedLinkPurpose,
): { nonce: string; signature: string; nonceHash: string } {
  const nonce = randomToken(24);
  return { nonce, signature: keys.sign(purpose, nonce), nonceHash: sha256(nonce) };
}

/**
 * The stored hash a link's nonce stands for, or undefined when its HMAC is wrong. A link mailed before decision 035
 * (signed with the secret itself) is still accepted: both are computed every time, so the answer takes as long.
 */
export function nonceHashOfSignedLink(
  keys: SigningKeys,
  purpose: MailedLinkPurpose,
  nonce: string,
  signature: string,
): string | undefined {
  const current = keys.verify(purpose, nonce, signature);
  const legacy = keys.verifyLegacy(nonce, signature);
  return current || legacy ? sha256(nonce) : undefined;
}

function keyOf(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

export function encrypt(secret: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join('.');
}

export function decrypt(secret: string, sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) throw new Error('malformed sealed value');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}
