// Idempotent seed: programs, support plans, products, the benefit catalogue (decision 045), feature toggles and
// identity pools from programs/<slug>/.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { ProgramConfigSchema, type ProgramConfig } from '@portal/contracts/program-files';
import type { Db, Executor } from '../platform/db.ts';
import { benefit, benefitProduct, featureToggle, identityPool, product, program, supportPlan } from './schema.ts';

export function readProgramConfigs(programsDir: string): ProgramConfig[] {
  return readdirSync(programsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const file = path.join(programsDir, entry.name, 'configuration/config.json');
      const parsed = ProgramConfigSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (!parsed.success) throw new Error(`programs/${entry.name}/configuration/config.json: ${parsed.error.message}`);
      if (parsed.data.slug !== entry.name)
        throw new Error(`programs/${entry.name}: slug "${parsed.data.slug}" differs from the folder`);
      return parsed.data;
    })
    .sort((a, b) => a.slug.localeCompare(b.slug));
}

export async function seedPrograms(db: Db, configs: ProgramConfig[], publicUrl: string): Promise<void> {
  await db.transaction(async (tx) => {
    for (const config of configs) {
      const values = {
        slug: config.slug,
        name: config.name,
        condition: config.condition,
        supportEmail: config.supportEmail,
        defaultCountry: config.defaultCountry,
        countries: config.countries,
        updateStrategy: config.updateStrategy,
        latestTermsVersion: config.latestTermsVersion,
        branding: config.branding,
      };
      const [row] = await tx
        .insert(program)
        .values(values)
        .onConflictDoUpdate({ target: program.slug, set: { ...values, updatedAt: sql`now()` } })
        .returning({ id: program.id });
      const programId = row!.id;
      for (const { id, country, name, identificationTypes, fieldSettings } of config.supportPlans) {
        const planValues = { programId, country, name, identificationTypes, fieldSettings };
        await tx
          .insert(supportPlan)
          .values({ id, ...planValues })
          .onConflictDoUpdate({ target: supportPlan.id, set: planValues });
      }
      for (const {
        id,
        medicine,
        presentation,
        unit,
        minAgeYears,
        maxAgeYears,
        maxUnitAmount,
        unitsPerPackage,
        packageKind,
        countries,
        searchQuery,
      } of config.products) {
        const productValues = {
          programId,
          medicine,
          presentation,
          unit,
          minAgeYears,
          maxAgeYears,
          maxUnitAmount: String(maxUnitAmount),
          unitsPerPackage,
          packageKind,
          countries,
          searchQuery,
        };
        await tx
          .insert(product)
          .values({ id, ...productValues })
          .onConflictDoUpdate({ target: product.id, set: productValues });
      }
      await seedBenefits(tx, programId, config);
      // Toggles are seeded once; later changes in the database (by operations) win over the file.
      for (const [key, enabled] of Object.entries(config.featureToggles)) {
        await tx.insert(featureToggle).values({ programId, key, enabled }).onConflictDoNothing();
      }
      await tx
        .insert(identityPool)
        .values({ programId, issuer: `${new URL(publicUrl).origin}/pools/${config.slug}` })
        .onConflictDoNothing({ target: identityPool.programId });
    }
  });
}

/** The program's benefit catalogue as its file declares it; a benefit the file dropped is retired (its codes stay). */
async function seedBenefits(tx: Executor, programId: number, config: ProgramConfig): Promise<void> {
  for (const [
    position,
    { id, kind, products, countries, texts, discountPercent, booking, exchange },
  ] of config.benefits.entries()) {
    const values = {
      programId,
      kind,
      countries,
      texts,
      discountPercent: discountPercent ?? null,
      booking: booking ?? null,
      exchange: exchange ?? null,
      position,
      retiredAt: null,
    };
    await tx
      .insert(benefit)
      .values({ id, ...values })
      .onConflictDoUpdate({ target: benefit.id, set: values });
    await tx.delete(benefitProduct).where(eq(benefitProduct.benefitId, id));
    if (products.length > 0)
      await tx.insert(benefitProduct).values(products.map((productId) => ({ benefitId: id, productId })));
  }
  const declared = config.benefits.map((entry) => entry.id);
  await tx
    .update(benefit)
    .set({ retiredAt: sql`coalesce(${benefit.retiredAt}, now())` })
    .where(and(eq(benefit.programId, programId), notInArray(benefit.id, declared)));
}
