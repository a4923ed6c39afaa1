// Each identity pool signs with its own Ed25519 keys (key id in the token header); keys rotate, old ones still verify.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose';
import type { Executor } from '../../platform/db.ts';
import { identityPool, signingKey } from '../../db/schema.ts';
import { decrypt, encrypt } from '../../platform/crypto.ts';

export const TOKEN_ALGORITHM = 'EdDSA';

export interface PoolKeys {
  poolId: number;
  issuer: string;
  active: { kid: string; privateKey: CryptoKey };
  /** Every key of this pool that may verify a token (active and retired), by key id. */
  verifying: Map<string, CryptoKey>;
}

async function createKey(db: Executor, poolId: number, secret: string) {
  const { privateKey, publicKey } = await generateKeyPair(TOKEN_ALGORITHM, { extractable: true, crv: 'Ed25519' });
  const kid = randomUUID();
  await db.insert(signingKey).values({
    kid,
    poolId,
    algorithm: TOKEN_ALGORITHM,
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: TOKEN_ALGORITHM, use: 'sig' },
    privateKeyEnc: encrypt(secret, JSON.stringify(await exportJWK(privateKey))),
    status: 'active',
  });
}

/** Makes sure every pool has an active key (idempotent; run at start-up). */
export async function ensurePoolKeys(db: Executor, secret: string): Promise<void> {
  const pools = await db.select({ id: identityPool.id }).from(identityPool);
  for (const pool of pools) {
    const active = await db
      .select({ kid: signingKey.kid })
      .from(signingKey)
      .where(and(eq(signingKey.poolId, pool.id), eq(signingKey.status, 'active')))
      .limit(1);
    if (active.length === 0) await createKey(db, pool.id, secret);
  }
}

/** Retires the pool's active key and creates a new one; tokens signed with the old key stay valid until they expire. */
export async function rotatePoolKey(db: Executor, poolId: number, secret: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(signingKey)
      .set({ status: 'retired', retiredAt: new Date() })
      .where(and(eq(signingKey.poolId, poolId), eq(signingKey.status, 'active')));
    await createKey(tx, poolId, secret);
  });
}

/** Loads the keys of every pool, by program id. */
export async function loadPoolKeys(db: Executor, secret: string): Promise<Map<number, PoolKeys>> {
  const pools = await db.select().from(identityPool);
  const keys = await db.select().from(signingKey);
  const byProgram = new Map<number, PoolKeys>();
  for (const pool of pools) {
    const own = keys.filter((key) => key.poolId === pool.id);
    const verifying = new Map<string, CryptoKey>();
    let active: PoolKeys['active'] | undefined;
    for (const key of own) {
      verifying.set(key.kid, (await importJWK(key.publicJwk as JWK, TOKEN_ALGORITHM)) as CryptoKey);
      if (key.status === 'active') {
        active = {
          kid: key.kid,
          privateKey: (await importJWK(
            JSON.parse(decrypt(secret, key.privateKeyEnc)) as JWK,
            TOKEN_ALGORITHM,
          )) as CryptoKey,
        };
      }
    }
    if (!active) throw new Error(`identity pool ${pool.id} has no active signing key`);
    byProgram.set(pool.programId, { poolId: pool.id, issuer: pool.issuer, active, verifying });
  }
  return byProgram;
}
