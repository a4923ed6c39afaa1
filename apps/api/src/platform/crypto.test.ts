import { createHmac, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  SIGNING_PURPOSES,
  decrypt,
  deriveSigningKeys,
  encrypt,
  issueSignedNonce,
  nonceHashOfSignedLink,
  sha256,
} from './crypto.ts';

const SECRET = 'a-signing-secret-of-at-least-32-characters';
const keys = deriveSigningKeys(SECRET);

describe('signing keys (decision 035)', () => {
  it('derives one key per purpose with HKDF-SHA256, the purpose as its info', () => {
    const key = Buffer.from(hkdfSync('sha256', SECRET, 'portal-signing-keys', 'recovery-link', 32));
    expect(keys.sign('recovery-link', 'value')).toBe(createHmac('sha256', key).update('value').digest('base64url'));
    const signatures = new Set(SIGNING_PURPOSES.map((purpose) => keys.sign(purpose, 'value')));
    expect(signatures.size).toBe(SIGNING_PURPOSES.length);
    expect(signatures).not.toContain(createHmac('sha256', SECRET).update('value').digest('base64url'));
  });

  it('gives the same keys for the same secret, and other keys for another', () => {
    expect(deriveSigningKeys(SECRET).sign('not-me-link', 'n')).toBe(keys.sign('not-me-link', 'n'));
    expect(deriveSigningKeys(`${SECRET}!`).sign('not-me-link', 'n')).not.toBe(keys.sign('not-me-link', 'n'));
  });

  it('verifies a signature only for the purpose it was made for', () => {
    const signature = keys.sign('email-change-link', 'nonce');
    expect(keys.verify('email-change-link', 'nonce', signature)).toBe(true);
    expect(keys.verify('recovery-link', 'nonce', signature)).toBe(false);
    expect(keys.verify('email-change-link', 'other', signature)).toBe(false);
    expect(keys.verify('email-change-link', 'nonce', `${signature}x`)).toBe(false);
  });

  it("opens a link signed with its purpose's key, and a link mailed before with the secret itself, but not another purpose's", () => {
    const link = issueSignedNonce(keys, 'preregistration-link');
    expect(link.nonceHash).toBe(sha256(link.nonce));
    expect(nonceHashOfSignedLink(keys, 'preregistration-link', link.nonce, link.signature)).toBe(link.nonceHash);
    expect(nonceHashOfSignedLink(keys, 'recovery-link', link.nonce, link.signature)).toBeUndefined();
    const legacy = createHmac('sha256', SECRET).update(link.nonce).digest('base64url');
    expect(nonceHashOfSignedLink(keys, 'recovery-link', link.nonce, legacy)).toBe(link.nonceHash);
    expect(nonceHashOfSignedLink(deriveSigningKeys(`${SECRET}!`), 'recovery-link', link.nonce, legacy)).toBeUndefined();
  });

  it('seals and opens a value with AES-GCM, and refuses a tampered one', () => {
    const sealed = encrypt(SECRET, 'private key');
    expect(decrypt(SECRET, sealed)).toBe('private key');
    expect(() => decrypt(`${SECRET}!`, sealed)).toThrow();
  });
});
