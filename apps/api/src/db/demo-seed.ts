// Demo data for newcomers (never in production unless SEED_DEMO=true), all with the password Demo-pass-2026:
// per program demo@<slug>.example (full profile, plan, treatment; alivio's has a caregiver) and demo2@<slug>.example
// (no caregiver, one treatment); alivio also has menor@alivio.example, a minor with a caregiver. Every date is counted
// back from the day the demo is seeded (decision 089): enrolled DEMO_ENROLLED_DAYS_AGO days before, a year's plan and a
// year's treatment from that day, at a dose that makes sense for the presentation. Their history (purchases, an
// appointment, a lesson read) is demo-history.ts's, seeded by `npm start` only.
import { and, eq } from 'drizzle-orm';
import type { ProgramConfig } from '@portal/contracts/program-files';
import { curpCheckDigit } from '@portal/contracts/identification-numbers';
import { addDays } from '@portal/contracts/refill';
import { todayInCountry } from '@portal/contracts/time-zones';
import type { Db } from '../platform/db.ts';
import { hashPassword, type PasswordHashing } from '../platform/passwords.ts';
import {
  caregiver,
  consentRecord,
  identityPool,
  patient,
  pharmacy,
  planPatient,
  program,
  treatment,
  userAccount,
} from './schema.ts';

export const DEMO_PASSWORD = 'Demo-pass-2026';
export const demoEmail = (slug: string) => `demo@${slug}.example`;
/**
 * How long before the seeding day the demo patients enrolled: their plan's first day and their treatment's start. Long
 * enough for a few refills behind them, short enough that the year's plan and treatment have most of their time ahead.
 */
export const DEMO_ENROLLED_DAYS_AGO = 130;
/** The demo patients' plan period and treatment length from the enrolment day: a year. */
export const DEMO_PLAN_DAYS = 365;

interface DemoPerson {
  /** The e-mail's local part: <local>@<slug>.example. */
  local: string;
  firstName: string;
  lastName: string;
  secondLastName: string;
  gender: string;
  birthDate: string;
  /** demoIdentification's n of the patient, and of the caregiver when there is one. */
  identification: number;
  caregiver?: { firstName: string; lastName: string; identification: number };
}

/** Per program: the first demo patient, a second without caregiver (demo2), and in alivio a minor with a caregiver. */
const DEMO_PEOPLE: Record<string, DemoPerson[]> = {
  alivio: [
    {
      local: 'demo',
      firstName: 'María',
      lastName: 'Rodríguez',
      secondLastName: 'Solís',
      gender: 'FEMALE',
      birthDate: '1968-04-12',
      identification: 1,
      caregiver: { firstName: 'Carlos', lastName: 'Rodríguez', identification: 2 },
    },
    {
      local: 'demo2',
      firstName: 'Jorge',
      lastName: 'Castro',
      secondLastName: 'Vega',
      gender: 'MALE',
      birthDate: '1981-07-03',
      identification: 3,
    },
    {
      local: 'menor',
      firstName: 'Sofía',
      lastName: 'Rodríguez',
      secondLastName: 'Mora',
      gender: 'FEMALE',
      birthDate: '2013-05-20',
      identification: 4,
      caregiver: { firstName: 'Elena', lastName: 'Mora', identification: 5 },
    },
  ],
  piel: [
    {
      local: 'demo',
      firstName: 'José',
      lastName: 'Hernández',
      secondLastName: 'Pérez',
      gender: 'MALE',
      birthDate: '1975-09-30',
      identification: 1,
    },
    {
      local: 'demo2',
      firstName: 'Lucía',
      lastName: 'Ramírez',
      secondLastName: 'Ortiz',
      gender: 'FEMALE',
      birthDate: '1988-02-14',
      identification: 3,
    },
  ],
  equilibrio: [
    {
      local: 'demo',
      firstName: 'Ana',
      lastName: 'Martínez',
      secondLastName: 'López',
      gender: 'FEMALE',
      birthDate: '1959-01-22',
      identification: 1,
    },
    {
      local: 'demo2',
      firstName: 'Pedro',
      lastName: 'González',
      secondLastName: 'Ruiz',
      gender: 'MALE',
      birthDate: '1970-11-08',
      identification: 3,
    },
  ],
};
const DEFAULT_PEOPLE: DemoPerson[] = [
  {
    local: 'demo',
    firstName: 'Demo',
    lastName: 'Paciente',
    secondLastName: 'Prueba',
    gender: 'OTHER',
    birthDate: '1970-01-01',
    identification: 1,
  },
  {
    local: 'demo2',
    firstName: 'Demo',
    lastName: 'Segundo',
    secondLastName: 'Prueba',
    gender: 'OTHER',
    birthDate: '1972-01-01',
    identification: 3,
  },
];

/** The e-mails of a program's demo patients (the ones seedDemoData makes). */
export function demoEmailsOf(slug: string): string[] {
  return (DEMO_PEOPLE[slug] ?? DEFAULT_PEOPLE).map((person) => `${person.local}@${slug}.example`);
}

type DemoProduct = Pick<ProgramConfig['products'][number], 'unitsPerPackage' | 'maxUnitAmount'>;

/**
 * A dose a real patient of this presentation would take, and how many packages they buy at a time (about a month's):
 * an insulin pen or vial at 20 IU a day, a box of tablets at one or two a day, a box of a few at one a week, a single
 * syringe, auto-injector or pen a month. Never above the product's maximum per administration.
 */
export function demoDoseOf(product: DemoProduct): {
  unitAmount: string;
  frequencyAmount: number;
  frequencyInterval: 'day' | 'week' | 'month';
  packagesPerPurchase: number;
} {
  const units = product.unitsPerPackage ?? 1;
  const upTo = (amount: number) => Math.max(1, Math.min(amount, product.maxUnitAmount));
  if (units >= 100) {
    const perDay = upTo(20);
    return {
      unitAmount: String(perDay),
      frequencyAmount: 1,
      frequencyInterval: 'day',
      packagesPerPurchase: Math.max(1, Math.round((30 * perDay) / units)),
    };
  }
  if (units >= 56)
    return { unitAmount: String(upTo(2)), frequencyAmount: 1, frequencyInterval: 'day', packagesPerPurchase: 1 };
  if (units >= 10)
    return {
      unitAmount: '1',
      frequencyAmount: 1,
      frequencyInterval: 'day',
      packagesPerPurchase: Math.max(1, Math.round(30 / units)),
    };
  if (units >= 2) return { unitAmount: '1', frequencyAmount: 1, frequencyInterval: 'week', packagesPerPurchase: 1 };
  return { unitAmount: '1', frequencyAmount: 1, frequencyInterval: 'month', packagesPerPurchase: 1 };
}

/** The product a demo person of this age in this country is given: the first the program offers them. */
export function demoProductOf(config: ProgramConfig, country: ProgramConfig['defaultCountry'], age: number) {
  return (
    config.products.find((p) => p.countries.includes(country) && p.minAgeYears <= age && age <= p.maxAgeYears) ??
    config.products.find((p) => p.countries.includes(country)) ??
    config.products[0]!
  );
}

function ageInYears(birthDate: string, on: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = on.getUTCFullYear() - y;
  if (on.getUTCMonth() + 1 < m || (on.getUTCMonth() + 1 === m && on.getUTCDate() < d)) age -= 1;
  return age;
}

/**
 * A demo identification number valid for the country's first identification type (the sign-up's checks find it:
 * entering it in the wizard says "already registered"). n (1-9): 1 the first patient, 2 its caregiver, 3 demo2,
 * 4 the minor, 5 the minor's caregiver.
 */
export function demoIdentification(country: string, n: number): string {
  switch (country) {
    case 'CR':
      return `10999000${n}`; // cédula, 9 digits
    case 'MX': {
      // A CURP (18 characters) with its check digit, n as the differentiator (decision 053).
      const first17 = `DEMO800101HDFXXX${n}`;
      return `${first17}${curpCheckDigit(first17)}`;
    }
    default:
      return `DEMO${country}0000${n}`;
  }
}

/** Demo phones valid for each country's numbering plan (the profile's edit checks them): the patient's, the caregiver's. */
const DEMO_PHONES: Record<string, [string, string]> = {
  CR: ['88001234', '88004321'],
  MX: ['5512345678', '5587654321'],
  PA: ['61234567', '67654321'],
  HN: ['98765432', '99887766'],
  GT: ['55123456', '55654321'],
  DO: ['8095551234', '8295554321'],
  SV: ['70001234', '77654321'],
  TT: ['8686201234', '8687654321'],
};
/** A place of the shipped gazetteer per country, so a demo patient's address is one the profile can save as it is. */
const DEMO_PLACES: Record<string, { id: string; country: string; region: string; city: string | null; label: string }> =
  {
    CR: { id: 'CR-san-jose', country: 'CR', region: 'San José', city: null, label: 'San José' },
    MX: {
      id: 'MX-jalisco-guadalajara',
      country: 'MX',
      region: 'Jalisco',
      city: 'Guadalajara',
      label: 'Guadalajara, Jalisco',
    },
    PA: { id: 'PA-panama', country: 'PA', region: 'Panamá', city: null, label: 'Panamá' },
    HN: {
      id: 'HN-francisco-morazan-tegucigalpa',
      country: 'HN',
      region: 'Francisco Morazán',
      city: 'Tegucigalpa',
      label: 'Tegucigalpa, Francisco Morazán',
    },
    GT: { id: 'GT-quetzaltenango', country: 'GT', region: 'Quetzaltenango', city: null, label: 'Quetzaltenango' },
    DO: { id: 'DO-santiago', country: 'DO', region: 'Santiago', city: null, label: 'Santiago' },
    SV: { id: 'SV-san-salvador', country: 'SV', region: 'San Salvador', city: null, label: 'San Salvador' },
    TT: { id: 'TT-puerto-espana', country: 'TT', region: 'Puerto España', city: null, label: 'Puerto España' },
  };
const demoPhone = (country: string, who: 0 | 1) => (DEMO_PHONES[country] ?? DEMO_PHONES.CR!)[who];
const DAY_MS = 24 * 60 * 60 * 1000;

/** `passwords`: the app's hashing when the server seeds; the shared one of the test helpers and scripts otherwise. */
export async function seedDemoData(
  db: Db,
  configs: ProgramConfig[],
  passwords: Pick<PasswordHashing, 'hash'> = { hash: hashPassword },
  now: Date = new Date(),
): Promise<void> {
  const passwordHash = await passwords.hash(DEMO_PASSWORD);
  for (const config of configs) {
    const [pool] = await db
      .select({ poolId: identityPool.id, programId: program.id })
      .from(identityPool)
      .innerJoin(program, eq(program.id, identityPool.programId))
      .where(eq(program.slug, config.slug))
      .limit(1);
    if (!pool) continue;
    const plan = config.supportPlans.find((p) => p.country === config.defaultCountry) ?? config.supportPlans[0]!;
    for (const person of DEMO_PEOPLE[config.slug] ?? DEFAULT_PEOPLE) {
      const email = `${person.local}@${config.slug}.example`;
      const [existing] = await db
        .select({ id: userAccount.id })
        .from(userAccount)
        .where(and(eq(userAccount.poolId, pool.poolId), eq(userAccount.email, email)))
        .limit(1);
      if (existing) continue;
      const product = demoProductOf(config, plan.country, ageInYears(person.birthDate, now));
      const dose = demoDoseOf(product);
      // Enrolled some months ago, in the patient's country's days: the plan and the treatment run a year from then.
      const enrolledAt = new Date(now.getTime() - DEMO_ENROLLED_DAYS_AGO * DAY_MS);
      const enrolledOn = addDays(todayInCountry(plan.country, now), -DEMO_ENROLLED_DAYS_AGO);
      await db.transaction(async (tx) => {
        const [account] = await tx
          .insert(userAccount)
          .values({
            poolId: pool.poolId,
            email,
            passwordHash,
            status: 'CONFIRMED',
            language: 'es',
            createdAt: enrolledAt,
          })
          .returning({ id: userAccount.id });
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
            legalIdentification: demoIdentification(plan.country, person.identification),
            phoneCountry: plan.country,
            phoneNumber: demoPhone(plan.country, 0),
            address: { line: 'Avenida Central 100', location: DEMO_PLACES[plan.country] ?? DEMO_PLACES.CR! },
            latestTermsAccepted: config.latestTermsVersion,
            language: 'es',
            createdAt: enrolledAt,
          })
          .returning({ id: patient.id });
        const [planRow] = await tx
          .insert(planPatient)
          .values({
            patientId: row!.id,
            supportPlanId: plan.id,
            startPeriod: enrolledOn,
            endPeriod: addDays(enrolledOn, DEMO_PLAN_DAYS - 1),
            createdAt: enrolledAt,
          })
          .returning({ id: planPatient.id });
        await tx
          .insert(consentRecord)
          .values({ patientId: row!.id, termsVersion: config.latestTermsVersion, acceptedAt: enrolledAt });
        await tx.insert(treatment).values({
          planPatientId: planRow!.id,
          productId: product.id,
          unitAmount: dose.unitAmount,
          frequencyAmount: dose.frequencyAmount,
          frequencyInterval: dose.frequencyInterval,
          // A year from the enrolment: months of it ahead on the day the demo is seeded, never "ended" (issue 38).
          durationAmount: 1,
          durationInterval: 'year',
          startDate: enrolledOn,
          createdAt: enrolledAt,
          updatedAt: enrolledAt,
          doctorFirstName: 'Laura',
          doctorLastName: 'Vargas',
          healthCenterName: 'Clínica Central',
          healthCenterType: 'PRIVATE',
        });
        if (person.caregiver) {
          await tx.insert(caregiver).values({
            patientId: row!.id,
            programId: pool.programId,
            firstName: person.caregiver.firstName,
            lastName: person.caregiver.lastName,
            email: `cuidador${person.caregiver.identification === 2 ? '' : person.caregiver.identification}@${config.slug}.example`,
            relation: 'DIRECT_FAMILY',
            typeIdentification: 'IDENTIFICATION',
            legalIdentification: demoIdentification(plan.country, person.caregiver.identification),
            phoneCountry: plan.country,
            phoneNumber: demoPhone(plan.country, 1),
          });
        }
      });
    }
    await seedDemoPharmacies(db, pool.programId, config.countries);
  }
}

/**
 * One demo pharmacy per program country (decision 059), without a key: a key is shown once, when made, so a developer
 * makes one with `npm run pharmacies:key -- <pharmacyId>` (README). Idempotent: the name is unique per country.
 */
async function seedDemoPharmacies(db: Db, programId: number, countries: readonly string[]): Promise<void> {
  await db
    .insert(pharmacy)
    .values(
      countries.map((country) => ({
        programId,
        name: `Farmacia Demo ${country}`,
        chain: 'Farmacias Demo',
        branch: 'Central',
        country,
      })),
    )
    .onConflictDoNothing();
}
