// The demo's living year (decision 080): each program gets its made-up patients once, marked synthetic, with a year of
// purchases that puts some of them on the outreach list and gives the summaries figures; a later start moves the year
// forward, so the treatments stay current.
import { and, count, eq, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutreachListResponseSchema } from '@portal/contracts/outreach';
import { adherenceSummary, patient, program, purchase } from './schema.ts';
import { createTestApp, TEST_DB, type TestApp } from '../test/app.ts';
import { callAs } from '../test/patients.ts';
import { openTestStaffSession } from '../test/staff.ts';
import { refreshProgram, settingsByProgram } from '../modules/adherence/public.ts';
import { seedDemoYear, shiftDemoYear, SYNTHETIC_PATIENTS_PER_PROGRAM } from './demo-year.ts';
import { readProgramConfigs } from './seed.ts';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '100000' });
}, 120_000);
afterAll(async () => t.close());

describe(`the demo's living year (${TEST_DB})`, () => {
  it('gives alivio its made-up patients once, and an outreach list with names from the first refresh', async () => {
    const configs = readProgramConfigs(t.config.PROGRAMS_DIR).filter((config) => config.slug === 'alivio');
    const now = new Date();
    expect(await seedDemoYear(t.database.db, configs, t.config.PROGRAMS_DIR, now)).toBe(SYNTHETIC_PATIENTS_PER_PROGRAM);
    expect(await seedDemoYear(t.database.db, configs, t.config.PROGRAMS_DIR, now)).toBe(0);
    const [alivio] = await t.database.db.select().from(program).where(eq(program.slug, 'alivio'));
    const [made] = await t.database.db
      .select({ n: count() })
      .from(patient)
      .where(and(eq(patient.programId, alivio!.id), eq(patient.synthetic, true)));
    // Patients whose country has no plan of the program are not made.
    expect(made!.n).toBeGreaterThan(SYNTHETIC_PATIENTS_PER_PROGRAM * 0.9);

    await refreshProgram(t.database.db, alivio!.id, settingsByProgram(configs, [alivio!])(alivio!.id), now, {
      full: true,
    });
    const summaries = await t.database.db
      .select()
      .from(adherenceSummary)
      .where(eq(adherenceSummary.programId, alivio!.id));
    const pdcs = summaries.filter((row) => row.pdc !== null).map((row) => Number(row.pdc));
    // Some adherent, some not: a year with realistic gaps.
    expect(pdcs.filter((pdc) => pdc >= 0.8).length).toBeGreaterThan(20);
    expect(pdcs.filter((pdc) => pdc < 0.8).length).toBeGreaterThan(20);
    const agent = await openTestStaffSession(t, ['agent:alivio']);
    const list = await callAs(t, { slug: 'alivio', authorization: agent }, 'GET', '/api/v1/staff/outreach');
    const { entries } = OutreachListResponseSchema.parse(list.json()).data;
    expect(entries.length).toBeGreaterThan(10);
    expect(new Set(entries.flatMap((entry) => entry.reasons.map((reason) => reason.kind)))).toEqual(
      new Set(['ran-out', 'no-first-purchase', 'appointment-cancelled', 'appointment-missed']),
    );
  }, 120_000);

  it('moves the year forward on a later start, every time by the same days', async () => {
    const newest = async () => (await t.database.db.select({ at: max(purchase.purchasedAt) }).from(purchase))[0]!.at!;
    const before = new Date(await newest());
    const moved = await shiftDemoYear(t.database.db, new Date(Date.now() + 30 * DAY));
    expect(moved).toBeGreaterThanOrEqual(29);
    expect(new Date(await newest()).getTime() - before.getTime()).toBe(moved * DAY);
    expect(await shiftDemoYear(t.database.db, new Date(Date.now() + 30 * DAY))).toBe(0);
  }, 60_000);
});
