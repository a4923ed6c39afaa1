// The demo patients are living patients on whatever day the demo is started (issue 38, decision 089): seeded on a day
// in January, in November and a year later, or seeded once and started again months later on a kept database, every
// demo patient of the three programs has a live treatment at a sensible dose, a plan that covers today, a refill
// estimate weeks ahead, a few refills, an appointment ahead and a lesson read, as the API answers them that day.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { UserResponseSchema } from '@portal/contracts/identity';
import { BookingsResponseSchema } from '@portal/contracts/booking';
import { LearningProgressResponseSchema } from '@portal/contracts/learning';
import { ProductPurchasesResponseSchema, RefillsResponseSchema } from '@portal/contracts/purchases';
import { dayNumberOf } from '@portal/contracts/refill';
import { treatmentTime } from '@portal/contracts/treatment-time';
import { TreatmentsResponseSchema } from '@portal/contracts/treatments';
import { buildApp } from '../app.ts';
import { migrateDatabase, openDatabase, type Database } from '../platform/db.ts';
import { ensurePoolKeys } from '../modules/identity/keys.ts';
import { databaseUrl, withAdminClient } from '../test/postgres.ts';
import { TEST_DB, testAppOf, testConfig, type TestApp } from '../test/app.ts';
import { callAs, signInDemo } from '../test/patients.ts';
import { DEMO_PURCHASES, seedDemoHistory, shiftDemoPatients } from './demo-history.ts';
import { demoEmailsOf, seedDemoData } from './demo-seed.ts';
import { readProgramConfigs, seedPrograms } from './seed.ts';

const DAY = 24 * 60 * 60 * 1000;
const config = testConfig({ LOGIN_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '100000' });
const configs = readProgramConfigs(config.PROGRAMS_DIR);
const opened: TestApp[] = [];
afterAll(async () => {
  for (const t of opened) await t.close();
});

/** A database with the programs and nothing else (no demo patients yet), as a first `npm start` has it. */
async function emptyDatabase(): Promise<Database> {
  if (TEST_DB === 'postgres') {
    const name = `${inject('pgRunPrefix')}_${randomBytes(4).toString('hex')}`;
    await withAdminClient((client) => client.query(`create database "${name}"`));
    const database = await openDatabase({ databaseUrl: databaseUrl(name), pgliteDataDir: 'memory://' });
    await migrateDatabase(database, databaseUrl(name));
    return database;
  }
  const database = await openDatabase({ pgliteDataDir: 'memory://' });
  await migrateDatabase(database);
  return database;
}

/** The demo seeded as `npm start` seeds it on `seededOn`, and the app answering on `startedOn` (the same day unless told). */
async function demoStarted(seededOn: Date, startedOn: Date = seededOn): Promise<TestApp> {
  const database = await emptyDatabase();
  await seedPrograms(database.db, configs, config.PUBLIC_URL);
  await ensurePoolKeys(database.db, config.keyEncryptionSecret);
  const deps = { signingKeys: config.signingKeys, programsDir: config.PROGRAMS_DIR };
  await seedDemoData(database.db, configs, undefined, seededOn);
  await seedDemoHistory(database.db, configs, deps, seededOn);
  if (startedOn !== seededOn) {
    await seedDemoData(database.db, configs, undefined, startedOn);
    await shiftDemoPatients(database.db, configs, startedOn);
    await seedDemoHistory(database.db, configs, deps, startedOn);
  }
  const app = await buildApp(config, { database, clock: () => startedOn });
  const t = testAppOf(app, database, config);
  opened.push(t);
  return t;
}

/** Every demo patient of every program, as the API shows them on that day. */
async function expectLivingPatients(t: TestApp, on: Date) {
  for (const { slug } of configs)
    for (const email of demoEmailsOf(slug)) {
      const who = await signInDemo(t, slug, email);
      const get = async (url: string) => {
        const answer = await callAs(t, who, 'GET', url);
        expect(answer.statusCode, `${email} ${url}: ${answer.body}`).toBe(200);
        return answer.json() as unknown;
      };
      const refills = RefillsResponseSchema.parse(await get('/api/v1/purchases/refills')).data;
      const today = refills.today;
      const profile = UserResponseSchema.parse(await get('/api/v1/user')).data;
      expect(profile.startPeriod! <= today && today <= profile.endPeriod!, `${email}: plan covers ${today}`).toBe(true);

      const { live } = TreatmentsResponseSchema.parse(await get('/api/v1/treatments')).data;
      expect(live, email).toHaveLength(1);
      const [item] = live;
      expect(treatmentTime(item!, today).kind, `${email}: treatment running on ${today}`).toBe('running');

      // The refill estimate: a date weeks ahead, never years, never past.
      const [refill] = refills.refills;
      expect(refill?.productId, `${email}: a refill estimate`).toBe(item!.productId);
      const ahead = dayNumberOf(refill!.lastsUntil) - dayNumberOf(today);
      expect(ahead, `${email}: lasts until ${refill!.lastsUntil} (today ${today})`).toBeGreaterThan(0);
      expect(ahead, `${email}: lasts until ${refill!.lastsUntil} (today ${today})`).toBeLessThanOrEqual(120);

      const bought = ProductPurchasesResponseSchema.parse(
        await get(`/api/v1/purchases/products/${item!.productId}`),
      ).data;
      expect(bought.purchases.length, `${email}: purchases`).toBeGreaterThanOrEqual(DEMO_PURCHASES);
      expect(new Set(bought.purchases.map((one) => one.pharmacy.name)).size).toBe(1);

      // An appointment ahead, where the plan gives a service for the medicine (alivio's minor's has none).
      const bookings = BookingsResponseSchema.parse(await get('/api/v1/bookings')).data;
      const config = configs.find((one) => one.slug === slug)!;
      const hasService = config.benefits.some(
        (benefit) =>
          benefit.kind === 'service' &&
          benefit.products.includes(item!.productId) &&
          benefit.countries.includes(profile.country),
      );
      expect(
        bookings.some((one) => one.status === 'confirmed' && Date.parse(one.startsAt) > on.getTime()),
        `${email}: an appointment ahead`,
      ).toBe(hasService);
      if (email === 'menor@alivio.example') expect(hasService).toBe(false);
      else expect(hasService, `${email}: a service for the medicine`).toBe(true);
      // A dose that makes sense for the presentation: insulin at 20 IU a day, not 1.
      if (item!.unit === 'UI') expect(Number(item!.unitAmount), email).toBe(20);

      const progress = LearningProgressResponseSchema.parse(await get('/api/v1/learning/progress')).data;
      expect(progress.lastCompleted, `${email}: a lesson read`).not.toBeNull();
    }
}

describe(`the demo patients live on any day (${TEST_DB})`, () => {
  it.each([
    ['in January', new Date('2026-01-12T15:00:00Z')],
    ['in November, late at night', new Date('2026-11-20T04:30:00Z')],
    ['a year later', new Date('2027-11-20T16:00:00Z')],
  ])(
    'seeded %s',
    async (_when, on) => {
      await expectLivingPatients(await demoStarted(on), on);
    },
    120_000,
  );

  it('started again seven months later on the same database', async () => {
    const seeded = new Date('2026-03-02T13:00:00Z');
    const later = new Date(seeded.getTime() + 213 * DAY);
    const t = await demoStarted(seeded, later);
    await expectLivingPatients(t, later);
    // A start on the same day again adds nothing and moves nothing.
    const deps = { signingKeys: config.signingKeys, programsDir: config.PROGRAMS_DIR };
    expect(await shiftDemoPatients(t.database.db, configs, later)).toBe(0);
    expect(await seedDemoHistory(t.database.db, configs, deps, later)).toEqual({
      purchases: 0,
      appointments: 0,
      lessons: 0,
    });
  }, 240_000);
});
