// Password hashing for every module and the demo seed (argon2id); a platform concern, so no module reaches into another for it.
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum (m = 19 MiB, t = 2, p = 1); runs on libuv's thread pool, off the event loop. */
// algorithm 2 is Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A real hash of a random password, verified for unknown e-mails so that both answers take about as long. */
let dummyHash: Promise<string> | undefined;
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummyHash;
}
