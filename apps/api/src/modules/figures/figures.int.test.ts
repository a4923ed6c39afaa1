// The managers' figures end to end (decision 081, issue 36): purchases recorded through the pharmacy API, adherence's
// refresh, the figures job's round, then GET /staff/figures. Only the host's managers read them; three patients show
// "<5" everywhere, totals included; a small seeded case matches a hand calculation.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProgramFiguresResponseSchema, type ProgramFigures } from '@portal/contracts/program-figures';
import { SUPPRESSED } from '@portal/contracts/small-cells';
import { programConfigOf } from '@portal/contracts/test/program-folders';
import { planPatient, program } from '../../db/schema.ts';
import { countRoundTrips } from '../../platform/db.ts';
import { createTestApp, createTestClock, TEST_DB, type TestApp } from '../../test/app.ts';
import { callAs, enrolPatient, errorOf, type TestPatient } from '../../test/patients.ts';
import { createTestPharmacy, pharmacyCall, type TestPharmacy } from '../../test/pharmacy.ts';
import { openTestStaffSession } from '../../test/staff.ts';
import { getOrCreateLiveCode } from '../benefits/codes.ts';
import { refreshProgram, settingsByProgram } from '../adherence/public.ts';
import { computeProgramFigures } from './public.ts';

/** 16:00 UTC: the same calendar day in every country of the programs. 2027-01-04 is a Monday. */
const clock = createTestClock(new Date('2027-01-04T16:00:00Z'));
const atDay = (day: string) => new Date(`${day}T16:00:00Z`);

let t: TestApp;
let counter: TestPharmacy;
let manager: string;
let alivioId: number;
let receipts = 0;
/** The discounts the pharmacy API answered, in cents, per month: the hand calculation's savings. */
const savedCents = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp(
    { LOGIN_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '100000', SIGNUP_PER_MINUTE: '1000' },
    { clock },
  );
  [{ id: alivioId }] = (await t.database.db
    .select({ id: program.id })
    .from(program)
    .where(eq(program.slug, 'alivio'))) as [{ id: number }];
  counter = await createTestPharmacy(t, 'alivio', 'CR');
  manager = await openTestStaffSession(t, ['manager:alivio']);
}, 120_000);
afterAll(async () => t.close());

const settings = () => settingsByProgram([programConfigOf('alivio')], [{ id: alivioId, slug: 'alivio' }])(alivioId);
async function recompute() {
  await refreshProgram(t.database.db, alivioId, settings(), clock(), { full: true });
  await computeProgramFigures(t.database.db, alivioId, clock());
}
async function figuresAs(authorization: string, query = '?from=2027-01&to=2027-04', slug = 'alivio') {
  return callAs(t, { slug, authorization }, 'GET', `/api/v1/staff/figures${query}`);
}
async function figures(query?: string): Promise<ProgramFigures> {
  // A session opened now: the clock moves months between the calls.
  const answer = await figuresAs(await openTestStaffSession(t, ['manager:alivio']), query);
  expect(answer.statusCode, answer.body).toBe(200);
  return ProgramFiguresResponseSchema.parse(answer.json()).data;
}

const findDiscount = (value: unknown): string | undefined => {
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'discountAmount' && typeof v === 'string') return v;
      const found = findDiscount(v);
      if (found) return found;
    }
  }
  return undefined;
};

/** One box of alivio's Migralen (1101: one tablet a day, boxes of 30) on the clock's day. */
async function buy(who: TestPatient) {
  const [plan] = await t.database.db
    .select({ id: planPatient.id })
    .from(planPatient)
    .where(eq(planPatient.patientId, who.patientId));
  const made = await getOrCreateLiveCode(
    t.database.db,
    { programId: alivioId, planPatientId: plan!.id, productId: 1101 },
    clock(),
  );
  receipts += 1;
  const bought = await pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/purchases', {
    code: made!.row.code,
    productId: 1101,
    quantity: 1,
    unitPrice: '100.00',
    receiptId: `figures-${receipts}`,
    purchasedAt: clock().toISOString(),
  });
  expect(bought.statusCode, bought.body).toBe(201);
  const month = clock().toISOString().slice(0, 7);
  const cents = Math.round(Number(findDiscount(bought.json()) ?? '0') * 100);
  savedCents.set(month, (savedCents.get(month) ?? 0) + cents);
}

describe(`who reads the figures (${TEST_DB})`, () => {
  it('the host’s managers only: agents, nurses, admins and a manager of another program are refused', async () => {
    for (const roles of [['agent:alivio'], ['nurse:alivio'], ['admin:alivio'], ['manager:equilibrio']]) {
      const answer = await figuresAs(await openTestStaffSession(t, roles));
      expect(answer.statusCode, `${roles.join()} ${answer.body}`).toBe(403);
      expect(errorOf(answer.json()).code).toBe('FORBIDDEN');
    }
    expect((await figuresAs(manager)).statusCode).toBe(200);
    expect((await figuresAs(manager, '?from=2027-05&to=2027-01')).statusCode).toBe(400);
  });
});

describe(`the figures, suppressed and by hand (${TEST_DB})`, () => {
  const groupA: TestPatient[] = [];
  const groupB: TestPatient[] = [];

  it('three patients show "<5" everywhere, totals included', async () => {
    clock.set(atDay('2027-01-04'));
    for (let i = 0; i < 3; i++) groupA.push(await enrolPatient(t, 'alivio'));
    for (const who of groupA) await buy(who);
    clock.set(atDay('2027-01-05'));
    await recompute();
    const seen = await figures('?country=CR&from=2027-01&to=2027-04');
    expect(seen.country).toBe('CR');
    expect(seen.countries).toEqual(['CR']);
    expect(seen.enrolments.rows).toEqual([{ key: '2027-01-04', cells: [SUPPRESSED] }]);
    expect(seen.enrolments.columnTotals).toEqual([SUPPRESSED]);
    expect(seen.active).toBe(SUPPRESSED);
    expect(seen.pdc.deciles.rows[0]!.cells.every((cell) => cell === SUPPRESSED)).toBe(true);
    expect(seen.pdc.deciles.columnTotals.every((cell) => cell === SUPPRESSED)).toBe(true);
    expect(seen.pdc.adherent).toEqual([{ productId: 1101, count: SUPPRESSED, share: null }]);
    expect(seen.savings).toEqual([
      { month: '2027-01', currency: expect.any(String), patients: SUPPRESSED, amount: null },
    ]);
    expect(seen.freeUnits.columnTotals).toEqual([SUPPRESSED]);
    expect(JSON.stringify(seen)).not.toMatch(/@|patientId|firstName/);
  });

  it('eleven patients: the hand calculation', async () => {
    // Group A (6): a box on 01-04, 02-03 and 03-05 — covered 01-04 to 04-04, persistent, PDC 90/97 on 04-10.
    // Group B (5): one box on 01-04 — covered to 02-02; the gap passes 60 days on 04-04 (not persistent), PDC 30/97.
    clock.set(atDay('2027-01-04'));
    for (let i = 0; i < 3; i++) groupA.push(await enrolPatient(t, 'alivio'));
    for (let i = 0; i < 5; i++) groupB.push(await enrolPatient(t, 'alivio'));
    for (const who of [...groupA.slice(3), ...groupB]) await buy(who);
    clock.set(atDay('2027-02-03'));
    for (const who of groupA) await buy(who);
    clock.set(atDay('2027-03-05'));
    for (const who of groupA) await buy(who);
    clock.set(atDay('2027-04-10'));
    await recompute();
    const seen = await figures();

    expect(seen.enrolments.rows).toEqual([{ key: '2027-01-04', cells: [11] }]);
    expect(seen.enrolments.columnTotals).toEqual([11]);
    // Active: a purchase or a login in the last 90 days — group A's purchase of 03-05; everyone's login was 01-04.
    expect(seen.active).toBe(6);

    // PDC: 5 in the 30–40 % decile, 6 in the 90–100 % one; every other decile is 0, so "<5".
    const row = seen.pdc.deciles.rows[0]!;
    expect(row.key).toBe('1101');
    expect(row.cells[3]).toBe(5);
    expect(row.cells[9]).toBe(6);
    expect(row.cells.filter((cell) => cell === SUPPRESSED)).toHaveLength(8);
    // Adherent (≥ 80 %) = deciles 8 + 9 = 0 + 6: shown, it would tell that the hidden decile 8 is 0.
    expect(seen.pdc.adherent).toEqual([{ productId: 1101, count: SUPPRESSED, share: null }]);
    expect(seen.pdc.products).toEqual([expect.objectContaining({ productId: 1101 })]);

    // Persistence of the 2027-01 cohort: at 30 days all 11 (so "not persistent" is 0: both hidden); at 90 days
    // (04-04) group B's persistence ended that very day: 6 persistent, 5 not; 180 and 365 days have not elapsed.
    expect(seen.persistence.horizons).toEqual([30, 90, 180, 365]);
    expect(seen.persistence.rows).toEqual([
      {
        cohort: '2027-01',
        horizons: [
          { persistent: SUPPRESSED, stopped: SUPPRESSED, share: null },
          { persistent: 6, stopped: 5, share: 6 / 11 },
          { persistent: SUPPRESSED, stopped: SUPPRESSED, share: null },
          { persistent: SUPPRESSED, stopped: SUPPRESSED, share: null },
        ],
      },
    ]);

    // Savings: January 11 patients, February and March 6 each; the amounts the pharmacy API answered.
    const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    expect(seen.savings.map(({ month, patients, amount }) => ({ month, patients, amount }))).toEqual([
      { month: '2027-01', patients: 11, amount: money(savedCents.get('2027-01')!) },
      { month: '2027-02', patients: 6, amount: money(savedCents.get('2027-02')!) },
      { month: '2027-03', patients: 6, amount: money(savedCents.get('2027-03')!) },
    ]);
    // No appointments, lessons or calls: every month "<5".
    expect(seen.appointments.columnTotals).toEqual([SUPPRESSED, SUPPRESSED, SUPPRESSED]);
    expect(seen.lessons.rows.map((r) => r.key)).toEqual(['2027-01', '2027-02', '2027-03', '2027-04']);
    expect(seen.outreach.reached).toBeNull();
    expect(seen.refreshedAt).toBe(clock().toISOString());
    expect(JSON.stringify(seen)).not.toMatch(/@|patientId|firstName/);
  });

  it('an answer is assembled once a round, and a new round is answered at once, even at the same time', async () => {
    const session = await openTestStaffSession(t, ['manager:alivio']);
    const query = '?from=2027-02&to=2027-04';
    // The door warm, as under load (decision 086); another period, so that the counted one is still to assemble.
    await figuresAs(session, '?from=2027-01&to=2027-01');
    const first = await countRoundTrips(() => figuresAs(session, query));
    const again = await countRoundTrips(() => figuresAs(session, query));
    expect(first.result.statusCode, first.result.body).toBe(200);
    expect(again.result.json()).toEqual(first.result.json());
    // The second call reads which round the rows are of, not the rows and the products again.
    expect(first.count - again.count).toBe(2);
    const before = ProgramFiguresResponseSchema.parse(again.result.json()).data;
    expect(before.active).toBe(6);
    expect(before.savings.map((row) => row.month)).toEqual(['2027-02', '2027-03']);

    // A purchase of group B, and a round at the very same time as the last: the next answer is the new round's.
    await buy(groupB[0]!);
    await recompute();
    const after = ProgramFiguresResponseSchema.parse((await figuresAs(session, query)).json()).data;
    expect(after.refreshedAt).toBe(before.refreshedAt);
    expect(after.active).toBe(7);
    expect(after.savings.map((row) => row.month)).toEqual(['2027-02', '2027-03', '2027-04']);
  });
});
