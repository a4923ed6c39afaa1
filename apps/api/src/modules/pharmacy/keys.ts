// Pharmacies and their API keys (decision 059): the one place keys are made, resolved to a pharmacy and revoked.
// A key is stored only as its keyed hash (the `pharmacy-key` purpose, decision 035) with its readable start in clear to
// find it. There is no key cache: every call reads its key's row by the unique prefix (one indexed read), so a revoked
// key is refused by every instance from the moment the revocation commits.
import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  BASE62_ALPHABET,
  parsePharmacyKey,
  PHARMACY_KEY_RANDOM_LENGTH,
  pharmacyKeyOf,
  type PharmacyKeyEnvironment,
} from '@portal/contracts/pharmacy-key';
import { pharmacy, pharmacyApiKey } from '../../db/schema.ts';
import { systemActor, type Actor } from '../../platform/actor.ts';
import { recordAudit } from '../../platform/audit.ts';
import { safeEqual, type SigningKeys } from '../../platform/crypto.ts';
import type { Db, Executor } from '../../platform/db.ts';
import { AppError, uniqueViolationOf } from '../../platform/errors.ts';
import type { PharmacyCaller } from '../../platform/pharmacy-auth.ts';
import { insertReturningId } from '../../platform/row-writes.ts';

/** `psp_live_` keys in production only: a test key never opens production, nor a production key a test server. */
export function keyEnvironmentOf(nodeEnv: string): PharmacyKeyEnvironment {
  return nodeEnv === 'production' ? 'live' : 'test';
}

/** A new key: 32 characters drawn uniformly from base62 by the cryptographic source. */
export function drawPharmacyKey(environment: PharmacyKeyEnvironment): string {
  const random = Array.from({ length: PHARMACY_KEY_RANDOM_LENGTH }, () => BASE62_ALPHABET[randomInt(62)]).join('');
  return pharmacyKeyOf(environment, random);
}

const hashOf = (keys: SigningKeys, key: string) => keys.sign('pharmacy-key', key);

/** Keys drawn again after a clash of their readable start (47 bits: practically never). */
const MAX_ATTEMPTS = 5;

/** Makes a key for a pharmacy and answers it: the only time the whole key exists outside the counter. */
export async function createPharmacyKey(
  db: Db,
  keys: SigningKeys,
  options: {
    pharmacyId: number;
    programId: number;
    environment: PharmacyKeyEnvironment;
    now: Date;
    /** Who makes it: the operator's command unless said. */
    actor?: Actor;
  },
): Promise<{ id: number; key: string; prefix: string }> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const key = drawPharmacyKey(options.environment);
    const { prefix } = parsePharmacyKey(key)!;
    try {
      const id = await db.transaction(async (tx) => {
        const keyId = await insertReturningId(tx, pharmacyApiKey, {
          pharmacyId: options.pharmacyId,
          prefix,
          keyHash: hashOf(keys, key),
          createdAt: options.now,
        });
        await recordAudit(tx, {
          programId: options.programId,
          actor: options.actor ?? systemActor('pharmacies:key'),
          action: 'pharmacy-key-created',
          subject: `pharmacy:${options.pharmacyId}`,
          detail: { keyId, prefix },
          createdAt: options.now,
        });
        return keyId;
      });
      return { id, key, prefix };
    } catch (error) {
      if (uniqueViolationOf(error) !== 'pharmacy_api_key_prefix_unique') throw error;
    }
  }
  throw new Error('no pharmacy key could be made');
}

/**
 * The pharmacy a presented key belongs to, on the program of the request's host; UNAUTHENTICATED for anything else
 * (malformed or mistyped: before any lookup; unknown, revoked, of the other environment or of another program).
 */
export async function resolvePharmacyKey(
  db: Executor,
  keys: SigningKeys,
  options: { environment: PharmacyKeyEnvironment; programId: number; presented: string | undefined },
): Promise<PharmacyCaller> {
  const parsed = options.presented === undefined ? undefined : parsePharmacyKey(options.presented);
  if (!parsed || parsed.environment !== options.environment) throw new AppError('UNAUTHENTICATED');
  const [row] = await db
    .select({
      apiKeyId: pharmacyApiKey.id,
      keyHash: pharmacyApiKey.keyHash,
      pharmacyId: pharmacy.id,
      programId: pharmacy.programId,
      country: pharmacy.country,
    })
    .from(pharmacyApiKey)
    .innerJoin(pharmacy, eq(pharmacy.id, pharmacyApiKey.pharmacyId))
    .where(and(eq(pharmacyApiKey.prefix, parsed.prefix), isNull(pharmacyApiKey.revokedAt)))
    .limit(1);
  if (!row || !safeEqual(row.keyHash, hashOf(keys, options.presented!)) || row.programId !== options.programId)
    throw new AppError('UNAUTHENTICATED');
  return { pharmacyId: row.pharmacyId, programId: row.programId, apiKeyId: row.apiKeyId, country: row.country };
}

/** Revokes the key with this readable start; false when no live key has it. */
export async function revokePharmacyKey(
  db: Db,
  prefix: string,
  now: Date,
  actor: Actor = systemActor('pharmacies:revoke'),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(pharmacyApiKey)
      .set({ revokedAt: now })
      .where(and(eq(pharmacyApiKey.prefix, prefix), isNull(pharmacyApiKey.revokedAt)))
      .returning({ id: pharmacyApiKey.id, pharmacyId: pharmacyApiKey.pharmacyId });
    if (!row) return false;
    const [owner] = await tx
      .select({ programId: pharmacy.programId })
      .from(pharmacy)
      .where(eq(pharmacy.id, row.pharmacyId));
    await recordAudit(tx, {
      programId: owner!.programId,
      actor,
      action: 'pharmacy-key-revoked',
      subject: `pharmacy:${row.pharmacyId}`,
      detail: { keyId: row.id, prefix },
      createdAt: now,
    });
    return true;
  });
}

export interface NewPharmacy {
  programId: number;
  name: string;
  country: string;
  chain?: string | undefined;
  branch?: string | undefined;
}

/** Adds a pharmacy to a program (the same name twice in a country is a unique violation: `pharmacy_program_name_uq`). */
export async function insertPharmacy(
  db: Db,
  values: NewPharmacy,
  now: Date,
  actor: Actor = systemActor('pharmacies:add'),
): Promise<number> {
  return db.transaction(async (tx) => {
    const id = await insertReturningId(tx, pharmacy, {
      programId: values.programId,
      name: values.name,
      country: values.country,
      chain: values.chain ?? null,
      branch: values.branch ?? null,
      createdAt: now,
    });
    await recordAudit(tx, {
      programId: values.programId,
      actor,
      action: 'pharmacy-added',
      subject: `pharmacy:${id}`,
      detail: { country: values.country },
      createdAt: now,
    });
    return id;
  });
}

/** The program's pharmacies with their keys (readable starts only), by name; for the admin's console (decision 077). */
export async function listPharmaciesOfProgram(db: Executor, programId: number, pharmacyId?: number) {
  const pharmacies = await db
    .select({
      id: pharmacy.id,
      name: pharmacy.name,
      chain: pharmacy.chain,
      branch: pharmacy.branch,
      country: pharmacy.country,
    })
    .from(pharmacy)
    .where(
      pharmacyId === undefined
        ? eq(pharmacy.programId, programId)
        : and(eq(pharmacy.programId, programId), eq(pharmacy.id, pharmacyId)),
    )
    .orderBy(asc(pharmacy.country), asc(pharmacy.name), asc(pharmacy.id));
  const keys = pharmacies.length
    ? await db
        .select({
          id: pharmacyApiKey.id,
          pharmacyId: pharmacyApiKey.pharmacyId,
          prefix: pharmacyApiKey.prefix,
          createdAt: pharmacyApiKey.createdAt,
          revokedAt: pharmacyApiKey.revokedAt,
        })
        .from(pharmacyApiKey)
        .where(
          inArray(
            pharmacyApiKey.pharmacyId,
            pharmacies.map((row) => row.id),
          ),
        )
        .orderBy(asc(pharmacyApiKey.id))
    : [];
  return pharmacies.map((row) => ({
    ...row,
    keys: keys
      .filter((key) => key.pharmacyId === row.id)
      .map(({ pharmacyId: _pharmacyId, ...key }) => ({
        ...key,
        createdAt: key.createdAt.toISOString(),
        revokedAt: key.revokedAt?.toISOString() ?? null,
      })),
  }));
}

/** The readable start of a key of this pharmacy of this program; undefined when there is no such key. */
export async function keyPrefixOf(
  db: Executor,
  programId: number,
  pharmacyId: number,
  keyId: number,
): Promise<string | undefined> {
  const [row] = await db
    .select({ prefix: pharmacyApiKey.prefix })
    .from(pharmacyApiKey)
    .innerJoin(pharmacy, eq(pharmacy.id, pharmacyApiKey.pharmacyId))
    .where(and(eq(pharmacyApiKey.id, keyId), eq(pharmacy.id, pharmacyId), eq(pharmacy.programId, programId)));
  return row?.prefix;
}
