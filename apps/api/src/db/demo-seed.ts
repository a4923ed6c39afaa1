// Demo data for newcomers (never in production unless SEED_DEMO=true): one confirmed patient per program,
// demo@<slug>.example / Demo-pass-2026, with a full profile, a plan and a treatment; alivio's has a caregiver.
import { and, eq } from 'drizzle-orm';
import type { ProgramConfig } from '@portal/contracts/program-files';
import type { Db } from '../platform/db.ts';
import { hashPassword } from '../platform/passwords.ts';
import { caregiver, consentRecord, identityPool, patient, planPatient, program, treatment, userAccount } from './schema.ts';

export const DEMO_PASSWORD = 'Demo-pass-2026';
export const demoEmail = (slug: string) => `demo@${slug}.example`;

const DEMO_PEOPLE: Record<string, { firstName: string; lastName: string; secondLastName: string; gender: string; birthDate: string; withCaregiver: boolean }> = {
  alivio: { firstName: 'María', lastName: 'Rodríguez', secondLastName: 'Solís', gender: 'FEMALE', birthDate: '1968-04-12', withCaregiver: true },
  piel: { firstName: 'José', lastName: 'Hernández', secondLastName: 'Pérez', gender: 'MALE', birthDate: '1975-09-30', withCaregiver: false },
  equilibrio: { firstName: 'Ana', lastName: 'Martínez', secondLastName: 'López', gender: 'FEMALE', birthDate: '1959-01-22', withCaregiver: false },
};

/**
 * A demo identification number valid for the country's first identification type (the sign-up's checks find it:
 * entering it in the wizard says "already registered"). n = 1 for the patient, 2 for the caregiver.
 */
export function demoIdentification(country: string, n: 1 | 2): string {
  switch (country) {
    case 'CR':
      return `10999000${n}`; // cédula, 9 digits
    case 'MX':
      return `DEMO800101HDFXXX0${n}`; // CURP, 18 characters
    default:
      return `DEMO${country}0000${n}`;
  }
}

export async function seedDemoData(db: Db, configs: ProgramConfig[]): Promise<void> {
  for (const config of configs) {
    const person = DEMO_PEOPLE[config.slug] ?? { firstName: 'Demo', lastName: 'Paciente', secondLastName: 'Prueba', gender: 'OTHER', birthDate: '1970-01-01', withCaregiver: false };
    const [pool] = await db
      .select({ poolId: identityPool.id, programId: program.id })
      .from(identityPool)
      .innerJoin(program, eq(program.id, identityPool.programId))
      .where(eq(program.slug, config.slug))
      .limit(1);
    if (!pool) continue;
    const email = demoEmail(config.slug);
    const [existing] = await db.select({ id: userAccount.id }).from(userAccount).where(and(eq(userAccount.poolId, pool.poolId), eq(userAccount.email, email))).limit(1);
    if (existing) continue;
    const plan = config.supportPlans.find((p) => p.country === config.defaultCountry) ?? config.supportPlans[0]!;
    const product = config.products.find((p) => p.countries.includes(plan.country) && p.minAgeYears <= 40) ?? config.products[0]!;
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await db.transaction(async (tx) => {
      const [account] = await tx.insert(userAccount).values({ poolId: pool.poolId, email, passwordHash, status: 'CONFIRMED', language: 'es' }).returning({ id: userAccount.id });
      const [row] = await tx
        .insert(patient)
        .values({
          userId: account!.id,
          programId: pool.programId,
          firstName: person.firstName,
          lastName: person.lastName,
          secondLastName: person.secondLastName,
          birthDate: person.birthDate,
          gender: person.gender,
          country: plan.country,
          typeIdentification: plan.identificationTypes[0]!,
          legalIdentification: demoIdentification(plan.country, 1),
          phoneCountry: plan.country,
          phoneNumber: '88001234',
          address: { line: 'Avenida Central 100', locality: 'Centro' },
          latestTermsAccepted: config.latestTermsVersion,
          language: 'es',
        })
        .returning({ id: patient.id });
      const [planRow] = await tx
        .insert(planPatient)
        .values({ patientId: row!.id, supportPlanId: plan.id, startPeriod: '2026-01-01', endPeriod: '2026-12-31' })
        .returning({ id: planPatient.id });
      await tx.insert(consentRecord).values({ patientId: row!.id, termsVersion: config.latestTermsVersion });
      await tx.insert(treatment).values({
        planPatientId: planRow!.id,
        productId: product.id,
        unitAmount: '1',
        frequencyAmount: 1,
        frequencyInterval: 'day',
        durationAmount: 6,
        durationInterval: 'month',
        startDate: '2026-01-15',
        doctorFirstName: 'Laura',
        doctorLastName: 'Vargas',
        healthCenterName: 'Clínica Central',
        healthCenterType: 'PRIVATE',
      });
      if (person.withCaregiver) {
        await tx.insert(caregiver).values({
          patientId: row!.id,
          programId: pool.programId,
          firstName: 'Carlos',
          lastName: 'Rodríguez',
          email: `cuidador@${config.slug}.example`,
          relation: 'DIRECT_FAMILY',
          typeIdentification: 'IDENTIFICATION',
          legalIdentification: demoIdentification(plan.country, 2),
          phoneCountry: plan.country,
          phoneNumber: '88004321',
        });
      }
    });
  }
}
