// Pharmacies for the API tests (decision 059): a pharmacy of a program with a key, made as `npm run pharmacies:add`
// makes them, and what its counter records for a patient.
import { eq } from 'drizzle-orm';
import { discountCode, pharmacyApiKey, purchase, redemption } from '../db/schema.ts';
import { createPharmacyKey, insertPharmacy } from '../modules/pharmacy/keys.ts';
import type { TestApp } from './app.ts';

let pharmacies = 0;

/** A new pharmacy of the program in `country` with one key. */
export async function createTestPharmacy(
  t: TestApp,
  slug: string,
  country: string,
): Promise<{ pharmacyId: number; programId: number; key: string; prefix: string }> {
  const programId = t.app.programs.get(slug)!.id;
  pharmacies += 1;
  const now = t.app.clock();
  const pharmacyId = await insertPharmacy(
    t.database.db,
    { programId, name: `Farmacia de prueba ${pharmacies} ${Date.now()}`, country },
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

/** Four purchases of the code's product and the free unit they earn, as a pharmacy of the code's program records them. */
export async function recordPharmacyLoop(t: TestApp, options: { code: string; productId: number }): Promise<void> {
  const db = t.database.db;
  const [code] = await db.select().from(discountCode).where(eq(discountCode.code, options.code));
  const { programId, planPatientId } = code!;
  const slug = t.app.programs.all().find((row) => row.id === programId)!.slug;
  const counter = await createTestPharmacy(t, slug, 'CR');
  const now = t.app.clock();
  const purchaseIds: number[] = [];
  for (let index = 0; index < 4; index += 1) {
    const [row] = await db
      .insert(purchase)
      .values({
        programId,
        pharmacyId: counter.pharmacyId,
        apiKeyId: (await db.select().from(pharmacyApiKey).where(eq(pharmacyApiKey.prefix, counter.prefix)))[0]!.id,
        planPatientId,
        productId: options.productId,
        receiptId: `R-${index}`,
        requestHash: 'direct',
        quantity: 1,
        unitPrice: '100.00',
        discountPercent: 0,
        discountAmount: '0.00',
        total: '100.00',
        currency: 'CRC',
        purchasedAt: now,
      })
      .returning({ id: purchase.id });
    purchaseIds.push(row!.id);
  }
  await db.insert(redemption).values({
    programId,
    pharmacyId: counter.pharmacyId,
    apiKeyId: (await db.select().from(pharmacyApiKey).where(eq(pharmacyApiKey.prefix, counter.prefix)))[0]!.id,
    planPatientId,
    productId: options.productId,
    receiptId: 'R-free',
    requestHash: 'direct',
    redeemedAt: now,
    redeemedOn: now.toISOString().slice(0, 10),
    uses: purchaseIds.map((purchaseId) => ({ purchaseId, units: 1 })),
  });
}
