// Pharmacies for the API tests (decision 059): a pharmacy of a program with a key, made as `npm run pharmacies:add`
// makes them, its calls to the pharmacy API, and what its counter records for a patient.
import { randomInt } from 'node:crypto';
import { createPharmacyKey, insertPharmacy } from '../modules/pharmacy/keys.ts';
import { hostOf, type TestApp } from './app.ts';

let pharmacies = 0;

export interface TestPharmacy {
  pharmacyId: number;
  programId: number;
  key: string;
  prefix: string;
}

/** A new pharmacy of the program in `country` with one key. */
export async function createTestPharmacy(t: TestApp, slug: string, country: string): Promise<TestPharmacy> {
  const programId = t.app.programs.get(slug)!.id;
  pharmacies += 1;
  const now = t.app.clock();
  const pharmacyId = await insertPharmacy(
    t.database.db,
    { programId, name: `Farmacia de prueba ${pharmacies}-${randomInt(1_000_000)}`, country },
    now,
  );
  const { key, prefix } = await createPharmacyKey(t.database.db, t.config.signingKeys, {
    pharmacyId,
    programId,
    environment: 'test',
    now,
  });
  return { pharmacyId, programId, key, prefix };
}

/** A POST of the pharmacy API with a key, on a program's host. */
export function pharmacyCall(
  t: TestApp,
  key: string,
  slug: string,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { host: hostOf(slug), 'x-api-key': key, ...headers },
    payload: payload as Record<string, unknown>,
  });
}

/** Four purchases of the code's product at a new pharmacy of the program and the free unit they earn, through the API. */
export async function recordPharmacyLoop(
  t: TestApp,
  options: { slug: string; country: string; code: string; productId: number },
): Promise<TestPharmacy> {
  const counter = await createTestPharmacy(t, options.slug, options.country);
  for (let index = 0; index < 4; index += 1) {
    const bought = await pharmacyCall(t, counter.key, options.slug, '/api/v1/pharmacy/purchases', {
      code: options.code,
      productId: options.productId,
      quantity: 1,
      unitPrice: '100.00',
      receiptId: `loop-${index}`,
      purchasedAt: t.app.clock().toISOString(),
    });
    if (bought.statusCode !== 201) throw new Error(`purchase not recorded: ${bought.body}`);
  }
  const redeemed = await pharmacyCall(t, counter.key, options.slug, '/api/v1/pharmacy/redemptions', {
    code: options.code,
    productId: options.productId,
    receiptId: 'loop-free',
  });
  if (redeemed.statusCode !== 201) throw new Error(`free unit not redeemed: ${redeemed.body}`);
  return counter;
}
