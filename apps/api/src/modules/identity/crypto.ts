// Small crypto helpers of identity: hashing of opaque tokens, AES-GCM at rest, HMAC links (passwords: platform/passwords.ts).
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function hmac(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * A mailed link's secret (recovery, first password, pre-registration invitation): a random nonce (192 bits) and its
 * HMAC go into the link (n, s); only the nonce's hash is stored.
 */
export function issueSignedNonce(secret: string): { nonce: string; signature: string; nonceHash: string } {
  const nonce = randomToken(24);
  return { nonce, signature: hmac(secret, nonce), nonceHash: sha256(nonce) };
}

/** The stored hash a link's nonce stands for, or undefined when its HMAC is wrong (compared in constant time). */
export function nonceHashOfSignedLink(secret: string, nonce: string, signature: string): string | undefined {
  return safeEqual(hmac(secret, nonce), signature) ? sha256(nonce) : undefined;
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
