// The demo patients' history (decision 089): what a living patient has behind them on the day the portal starts, a
// few refills at the demo pharmacy of their country (spaced as their dose uses them up, the newest a little while
// ago, so the refill estimate reads a date weeks ahead and the 4+1 has progress), an appointment ahead and a lesson
// read. Written through the same services as the real thing: the pharmacy's report of purchases (`purchases:import`'s
// path), the booking service's hold and confirm, the lessons' mark. `npm start` seeds it (SEED_DEMO); the tests' demo
// patients start without it, as accounts that tests fill themselves.
// `shiftDemoPatients` moves a kept database's demo patients forward on a later day, as shiftDemoYear does the made-up
// year: the treatment never ends and the plan always covers today, whenever the portal is started.
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { CountryCode } from '@portal/contracts/enums';
import { COUNTRY_CURRENCIES } from '@portal/contracts/money';
import type { ProgramConfig } from '@portal/contracts/program-files';
import { addDays, dayNumberOf } from '@portal/contracts/refill';
import { todayInCountry } from '@portal/contracts/time-zones';
import { systemActor } from '../platform/actor.ts';
import type { SigningKeys } from '../platform/crypto.ts';
import type { Db } from '../platform/db.ts';
import type { PatientScope } from '../platform/patient-auth.ts';
import { getOrCreateLiveCode } from '../modules/benefits/public.ts';
import { createBookingService } from '../modules/booking/public.ts';
import { createLearningService, readProgramLessons, type ProgramLessons } from '../modules/learning/public.ts';
import { findScopeOfPatient } from '../modules/patients/public.ts';
import { createPharmacyService } from '../modules/pharmacy/public.ts';
import { DEMO_ENROLLED_DAYS_AGO, demoDoseOf, demoEmailsOf } from './demo-seed.ts';
import { shiftRowsOfPatients } from './demo-year.ts';
import {
  booking,
  identityPool,
  lessonProgress,
  patient,
  pharmacy,
  planPatient,
  program,
  purchase,
  treatment,
  userAccount,
} from './schema.ts';

/** How many refills each demo patient has behind them (the 4+1's progress shows them; the fourth is the counter's). */
export const DEMO_PURCHASES = 3;
/** How far ahead the demo patients' appointment is, at least (the first free slot from then). */
export const DEMO_APPOINTMENT_DAYS_AHEAD = 7;
/** How long ago the demo patients read their lesson. */
const DEMO_LESSON_READ_DAYS_AGO = 9;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A box's price at the demo pharmacies, in each currency; a single syringe, auto-injector or pen costs five. */
const DEMO_PACKAGE_PRICES: Record<string, number> = {
  CRC: 18500,
  MXN: 950,
  USD: 42,
  HNL: 1050,
  GTQ: 330,
  DOP: 2500,
  TTD: 285,
};

export interface DemoHistoryDeps {
  /** The app's signing keys: the purchases' request fingerprints, as the counter's. */
  signingKeys: SigningKeys;
  /** Where the programs' lessons are (PROGRAMS_DIR). */
  programsDir: string;
}

export interface DemoHistorySeeded {
  purchases: number;
  appointments: number;
  lessons: number;
}

interface DemoPatient {
  config: ProgramConfig;
  scope: PatientScope;
}

/** The demo patients of each program that has them (the accounts seedDemoData made and nobody closed). */
async function findDemoPatients(db: Db, configs: readonly ProgramConfig[]): Promise<DemoPatient[]> {
  const found: DemoPatient[] = [];
  for (const config of configs) {
    const rows = await db
      .select({ programId: program.id, patientId: patient.id })
      .from(userAccount)
      .innerJoin(identityPool, eq(identityPool.id, userAccount.poolId))
      .innerJoin(program, eq(program.id, identityPool.programId))
      .innerJoin(patient, eq(patient.userId, userAccount.id))
      .where(and(eq(program.slug, config.slug), inArray(userAccount.email, demoEmailsOf(config.slug))));
    for (const row of rows) {
      const scope = await findScopeOfPatient(db, row.programId, row.patientId);
      if (scope) found.push({ config, scope });
    }
  }
  return found;
}

/** Seeds what each demo patient lacks of their history: refills, an appointment ahead, a lesson read. */
export async function seedDemoHistory(
  db: Db,
  configs: readonly ProgramConfig[],
  deps: DemoHistoryDeps,
  now: Date = new Date(),
): Promise<DemoHistorySeeded> {
  const seeded: DemoHistorySeeded = { purchases: 0, appointments: 0, lessons: 0 };
  const clock = () => now;
  // The operator's import's caller (no key) and rules: the purchases are the demo pharmacy's report of its sales.
  const pharmacies = createPharmacyService({
    db,
    clock,
    keys: deps.signingKeys,
    guesses: {
      reserve: async () => ({ allowed: true, locksForMs: 0 }),
      reset: async () => {},
      lockedForMs: async () => 0,
    },
  });
  const bookings = createBookingService({ db, clock, holdsPerPatient: 1 });
  const lessons = new Map<string, ProgramLessons>();
  for (const { config, scope } of await findDemoPatients(db, configs)) {
    seeded.purchases += await seedPurchases(db, pharmacies, config, scope, now);
    seeded.appointments += await seedAppointment(db, bookings, scope, now);
    // The program's lesson files are read only when a patient of it has read none.
    const catalogueOf = () => {
      if (!lessons.has(config.slug))
        lessons.set(config.slug, readProgramLessons(deps.programsDir, deps.programsDir, config.slug));
      return lessons.get(config.slug)!;
    };
    seeded.lessons += await seedLesson(db, catalogueOf, config, scope, now);
  }
  return seeded;
}

/** DEMO_PURCHASES refills of the patient's medicine, unless the plan has a purchase already. */
async function seedPurchases(
  db: Db,
  pharmacies: ReturnType<typeof createPharmacyService>,
  config: ProgramConfig,
  scope: PatientScope,
  now: Date,
): Promise<number> {
  const [bought] = await db
    .select({ id: purchase.id })
    .from(purchase)
    .where(eq(purchase.planPatientId, scope.planPatientId))
    .limit(1);
  if (bought) return 0;
  const [live] = await db
    .select({ productId: treatment.productId, startDate: treatment.startDate })
    .from(treatment)
    .where(and(eq(treatment.planPatientId, scope.planPatientId), isNull(treatment.deletedAt)))
    .orderBy(treatment.id)
    .limit(1);
  const product = config.products.find((one) => one.id === live?.productId);
  const [counter] = await db
    .select({ id: pharmacy.id })
    .from(pharmacy)
    .where(and(eq(pharmacy.programId, scope.programId), eq(pharmacy.country, scope.country)))
    .orderBy(pharmacy.id)
    .limit(1);
  if (!live || !product || !counter) return 0;
  const code = await getOrCreateLiveCode(
    db,
    { programId: scope.programId, planPatientId: scope.planPatientId, productId: product.id },
    now,
  );
  if (!code) return 0;
  const dose = demoDoseOf(product);
  const units = product.unitsPerPackage ?? 1;
  const perDay =
    Number(dose.unitAmount) / { day: 1, week: 7, month: 30.4375 }[dose.frequencyInterval] / dose.frequencyAmount;
  const supplyDays = Math.max(1, Math.floor((dose.packagesPerPurchase * units) / perDay));
  const currency = COUNTRY_CURRENCIES[scope.country as CountryCode];
  const price = (DEMO_PACKAGE_PRICES[currency] ?? 100) * (units === 1 ? 5 : 1);
  // The newest refill a little under half a supply ago, each earlier one a supply and a day or few before it (a
  // patient who buys when they run out, never early): none before the treatment started.
  const today = todayInCountry(scope.country as CountryCode, now);
  const firstDay = live.startDate ? dayNumberOf(String(live.startDate).slice(0, 10)) : dayNumberOf(today);
  const daysAgo: number[] = [];
  for (let ago = Math.max(3, Math.round(supplyDays * 0.4)), n = 0; n < DEMO_PURCHASES; n += 1) {
    if (dayNumberOf(addDays(today, -ago)) < firstDay) break;
    daysAgo.push(ago);
    ago += supplyDays + [2, 4, 1][n % 3]!;
  }
  for (const [n, ago] of daysAgo.reverse().entries()) {
    await pharmacies.recordPurchase(
      { pharmacyId: counter.id, programId: scope.programId, country: scope.country, apiKeyId: null },
      {
        code: code.row.code,
        productId: product.id,
        quantity: dose.packagesPerPurchase,
        unitPrice: price.toFixed(2),
        receiptId: `demo-${scope.patientId}-${n + 1}`,
        purchasedAt: new Date(now.getTime() - ago * DAY_MS).toISOString(),
      },
      undefined,
    );
  }
  return daysAgo.length;
}

/** An appointment of the plan's first service, the first free slot a week or more ahead, unless one is ahead already. */
async function seedAppointment(
  db: Db,
  bookings: ReturnType<typeof createBookingService>,
  scope: PatientScope,
  now: Date,
): Promise<number> {
  const [ahead] = await db
    .select({ id: booking.id })
    .from(booking)
    .where(
      and(eq(booking.planPatientId, scope.planPatientId), eq(booking.status, 'confirmed'), gt(booking.startsAt, now)),
    )
    .limit(1);
  if (ahead) return 0;
  const [service] = await bookings.services(scope);
  if (!service) return 0;
  const { days } = await bookings.availability(scope, service.benefitId);
  const from = addDays(todayInCountry(scope.country as CountryCode, now), DEMO_APPOINTMENT_DAYS_AHEAD);
  const day = days.find((one) => one.date >= from) ?? days.at(-1);
  // Mid-morning rather than the day's first slot, where there is one.
  const slot = day?.slots[Math.min(2, day.slots.length - 1)];
  if (!slot) return 0;
  const hold = await bookings.hold(scope, {
    benefitId: service.benefitId,
    placeId: slot.placeId,
    startsAt: slot.startsAt,
  });
  await bookings.confirm({ actor: systemActor('demo-seed'), scope }, hold.holdId);
  return 1;
}

/** The first lesson of the program's own condition, read some days ago, unless the patient has read one. */
async function seedLesson(
  db: Db,
  catalogueOf: () => ProgramLessons,
  config: ProgramConfig,
  scope: PatientScope,
  now: Date,
): Promise<number> {
  const [read] = await db
    .select({ id: lessonProgress.id })
    .from(lessonProgress)
    .where(eq(lessonProgress.patientId, scope.patientId))
    .limit(1);
  if (read) return 0;
  const catalogue = catalogueOf();
  const lesson = catalogue.indexes
    .get('es')
    ?.conditions.find((one) => one.condition === config.condition)
    ?.lessons.at(0);
  if (!lesson) return 0;
  const learning = createLearningService({
    db,
    clock: () => new Date(now.getTime() - DEMO_LESSON_READ_DAYS_AGO * DAY_MS),
    catalogue: new Map([[config.slug, catalogue]]),
    slugOf: () => config.slug,
  });
  await learning.mark(scope, { condition: config.condition, lesson: lesson.slug });
  return 1;
}

/**
 * Moves a kept database's demo patients forward to `now` when the portal starts on a later day than they were seeded
 * for: everything of theirs by the same whole days (their appointments excepted: the past ones stay as they were, and
 * seedDemoHistory books the next). Answers the patients moved.
 */
export async function shiftDemoPatients(
  db: Db,
  configs: readonly ProgramConfig[],
  now: Date = new Date(),
): Promise<number> {
  let moved = 0;
  for (const { scope } of await findDemoPatients(db, configs)) {
    const [plan] = await db
      .select({ startPeriod: planPatient.startPeriod })
      .from(planPatient)
      .where(eq(planPatient.id, scope.planPatientId));
    if (!plan) continue;
    const enrolledOn = addDays(todayInCountry(scope.country as CountryCode, now), -DEMO_ENROLLED_DAYS_AGO);
    const days = dayNumberOf(enrolledOn) - dayNumberOf(String(plan.startPeriod).slice(0, 10));
    if (!(days > 0)) continue;
    await db.transaction((tx) =>
      shiftRowsOfPatients(tx, sql`select ${sql.raw(String(scope.patientId))}::bigint`, days, { bookings: false }),
    );
    moved += 1;
  }
  return moved;
}
