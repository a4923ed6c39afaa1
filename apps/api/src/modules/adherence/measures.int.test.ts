// Decision 079's hand-worked sequences end to end (issue 36): each patient enrols on the sequence's first day, the
// pharmacy API records the boxes on their days (a reversal the same day), the patient's own API changes the dose, the
// refresh computes the summaries, and the record an agent opens through the staff API shows the figures the table in
// the decision works out by hand. Boxes of 30 tablets of alivio's Migralen (1101), one a day unless the row says.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginResponseSchema } from '@portal/contracts/identity';
import { PurchaseResponseSchema } from '@portal/contracts/pharmacy';
import { StaffOpenRecordResponseSchema } from '@portal/contracts/staff-records';
import { programConfigOf } from '@portal/contracts/test/program-folders';
import { alivioTreatment } from '@portal/contracts/test/sample-bodies';
import { planPatient } from '../../db/schema.ts';
import { createTestApp, createTestClock, TEST_DB, type TestApp } from '../../test/app.ts';
import { callAs, enrolPatient, type TestPatient } from '../../test/patients.ts';
import { createTestPharmacy, pharmacyCall, type TestPharmacy } from '../../test/pharmacy.ts';
import { addTestStaffMember } from '../../test/staff.ts';
import { getOrCreateLiveCode } from '../benefits/codes.ts';
import { refreshProgram, settingsByProgram } from './public.ts';

const clock = createTestClock(new Date('2026-01-01T16:00:00Z'));
/** 16:00 UTC: the same day in Costa Rica. */
const at = (day: string) => new Date(`${day}T16:00:00Z`);

let t: TestApp;
let counter: TestPharmacy;
let alivioId: number;
let agent: { openSession: () => Promise<string> };
let receipts = 0;

beforeAll(async () => {
  t = await createTestApp(
    { LOGIN_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '100000', SIGNUP_PER_MINUTE: '1000' },
    { clock },
  );
  alivioId = t.app.programs.get('alivio')!.id;
  counter = await createTestPharmacy(t, 'alivio', 'CR');
  agent = await addTestStaffMember(t, ['agent:alivio']);
}, 120_000);
afterAll(async () => t.close());

type Step = { day: string; buy: number; reverse?: true } | { day: string; dose: { amount: number; interval: 'day' } };

interface Sequence {
  name: string;
  unitAmount?: string;
  steps: Step[];
  today: string;
  expected: { pdc: number; coveredUntil: string; persistent: boolean };
}

// The rows of decision 079's table that a patient can live through the APIs (the 365-day period).
const SEQUENCES: Sequence[] = [
  {
    name: 'monthly boxes of 30, on time: 90 of 90 days',
    steps: [
      { day: '2026-01-01', buy: 1 },
      { day: '2026-01-31', buy: 1 },
      { day: '2026-03-02', buy: 1 },
    ],
    today: '2026-03-31',
    expected: { pdc: 1, coveredUntil: '2026-03-31', persistent: true },
  },
  {
    name: 'stockpiling: the early box starts when the first runs out, 60 of 90',
    steps: [
      { day: '2026-01-01', buy: 1 },
      { day: '2026-01-15', buy: 1 },
    ],
    today: '2026-03-31',
    expected: { pdc: 60 / 90, coveredUntil: '2026-03-01', persistent: true },
  },
  {
    name: 'a gap of 61 days: 59 of 120, not persistent',
    steps: [
      { day: '2026-01-01', buy: 1 },
      { day: '2026-04-02', buy: 1 },
    ],
    today: '2026-04-30',
    expected: { pdc: 59 / 120, coveredUntil: '2026-05-01', persistent: false },
  },
  {
    name: 'a dose change mid-way (the patient modifies it): 45 of 90',
    steps: [
      { day: '2026-01-01', buy: 1 },
      { day: '2026-03-01', dose: { amount: 2, interval: 'day' } },
      { day: '2026-03-01', buy: 1 },
    ],
    today: '2026-03-31',
    expected: { pdc: 45 / 90, coveredUntil: '2026-03-15', persistent: true },
  },
  {
    name: 'a reversed purchase counts as never made: 30 of 90',
    steps: [
      { day: '2026-01-01', buy: 1 },
      { day: '2026-01-31', buy: 1, reverse: true },
    ],
    today: '2026-03-31',
    expected: { pdc: 30 / 90, coveredUntil: '2026-01-30', persistent: true },
  },
  {
    name: "a purchase on the period's last day: 31 of 90",
    steps: [
      { day: '2026-01-01', buy: 1 },
      { day: '2026-03-31', buy: 1 },
    ],
    today: '2026-03-31',
    expected: { pdc: 31 / 90, coveredUntil: '2026-04-29', persistent: true },
  },
  {
    name: 'half a tablet a day ("0.5"): 60 of 90',
    unitAmount: '0.5',
    steps: [{ day: '2026-01-01', buy: 1 }],
    today: '2026-03-31',
    expected: { pdc: 60 / 90, coveredUntil: '2026-03-01', persistent: true },
  },
];

async function codeOf(who: TestPatient): Promise<string> {
  const [plan] = await t.database.db
    .select({ id: planPatient.id })
    .from(planPatient)
    .where(eq(planPatient.patientId, who.patientId));
  const made = await getOrCreateLiveCode(
    t.database.db,
    { programId: alivioId, planPatientId: plan!.id, productId: 1101 },
    clock(),
  );
  return made!.row.code;
}

async function live(who: TestPatient, step: Step) {
  clock.set(at(step.day));
  if ('dose' in step) {
    // Weeks later: the patient logs in again (an access token lasts an hour).
    const login = await callAs(t, { slug: 'alivio' }, 'POST', '/api/v1/login', {
      email: who.email,
      password: who.password,
    });
    expect(login.statusCode, login.body).toBe(200);
    who = { ...who, authorization: `Bearer ${LoginResponseSchema.parse(login.json()).data.AccessToken}` };
    const treatments = (await callAs(t, who, 'GET', '/api/v1/treatments')).json() as {
      data: { live: { id: number }[] };
    };
    const changed = await callAs(t, who, 'PUT', `/api/v1/treatments/${treatments.data.live[0]!.id}`, {
      doctorAuthorized: true,
      treatment: alivioTreatment({ frequency: step.dose }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    return;
  }
  receipts += 1;
  const bought = await pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/purchases', {
    code: await codeOf(who),
    productId: 1101,
    quantity: step.buy,
    unitPrice: '100.00',
    receiptId: `measures-${receipts}`,
    purchasedAt: clock().toISOString(),
  });
  expect(bought.statusCode, bought.body).toBe(201);
  if (step.reverse) {
    const { purchase } = PurchaseResponseSchema.parse(bought.json()).data;
    const reversed = await pharmacyCall(
      t,
      counter.key,
      'alivio',
      `/api/v1/pharmacy/purchases/${purchase.id}/reversal`,
      { reason: 'ENTERED_BY_MISTAKE' },
    );
    expect(reversed.statusCode, reversed.body).toBe(200);
  }
}

describe(`decision 079's sequences through the pharmacy, patient and staff APIs (${TEST_DB})`, () => {
  it.each(SEQUENCES)('$name', async ({ steps, today, expected, unitAmount }) => {
    clock.set(at(steps[0]!.day));
    const who = await enrolPatient(t, 'alivio', {
      treatments: [alivioTreatment(unitAmount ? { unitAmount } : {})],
    });
    for (const step of steps) await live(who, step);
    clock.set(at(today));
    const config = programConfigOf('alivio');
    await refreshProgram(
      t.database.db,
      alivioId,
      settingsByProgram([config], [{ id: alivioId, slug: 'alivio' }])(alivioId),
      clock(),
      {
        full: true,
      },
    );
    const opened = await callAs(
      t,
      { slug: 'alivio', authorization: await agent.openSession() },
      'POST',
      `/api/v1/staff/patients/${who.patientId}/open`,
      { reason: 'inbound-call' },
    );
    expect(opened.statusCode, opened.body).toBe(200);
    const [row] = StaffOpenRecordResponseSchema.parse(opened.json()).data.record.adherence;
    expect(row).toMatchObject({ coveredUntil: expected.coveredUntil, persistent: expected.persistent });
    expect(Number(row!.pdc)).toBeCloseTo(expected.pdc, 4);
  });
});
