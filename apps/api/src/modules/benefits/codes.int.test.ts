// The discount codes' one function (decision 045): simultaneous calls make one live code, renewal revokes the old one,
// and a code of a finished plan is never made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { normaliseDiscountCode } from '@portal/contracts/discount-code';
import * as schema from '../../db/schema.ts';
import { createTestApp, createTestClock, TEST_DB, type TestApp } from '../../test/app.ts';
import { enrolPatient, MANY_PATIENTS_ENV } from '../../test/patients.ts';
import { findLiveCode, getOrCreateLiveCode, renewLiveCode, type CodeTarget } from './codes.ts';

const clock = createTestClock(new Date('2026-11-21T12:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(MANY_PATIENTS_ENV, { clock });
});
afterAll(async () => t.close());

/** An enrolled alivio patient's plan, with the enrolment's medicine (Migralen 50 mg, 1101). */
async function enrolledTarget(): Promise<CodeTarget & { productId: number }> {
  const enrolled = await enrolPatient(t, 'alivio');
  const [plan] = await t.database.db
    .select({ id: schema.planPatient.id })
    .from(schema.planPatient)
    .where(eq(schema.planPatient.patientId, enrolled.patientId));
  return { programId: t.app.programs.get('alivio')!.id, planPatientId: plan!.id, productId: 1101 };
}

const liveRows = (target: CodeTarget & { productId: number }) =>
  t.database.db
    .select()
    .from(schema.discountCode)
    .where(
      and(
        eq(schema.discountCode.planPatientId, target.planPatientId),
        eq(schema.discountCode.productId, target.productId),
        isNull(schema.discountCode.revokedAt),
      ),
    );

describe(`discount codes (${TEST_DB})`, () => {
  it('makes one live code for 16 simultaneous calls, valid to the plan period’s end, with a good check character', async () => {
    const target = await enrolledTarget();
    const answers = await Promise.all(
      Array.from({ length: 16 }, () => getOrCreateLiveCode(t.database.db, target, clock())),
    );
    const codes = new Set(answers.map((answer) => answer!.row.code));
    expect(codes.size).toBe(1);
    expect(answers.filter((answer) => answer!.created)).toHaveLength(1);
    expect(await liveRows(target)).toHaveLength(1);
    const [code] = [...codes];
    expect(normaliseDiscountCode(code!)).toBe(code);
    expect(answers[0]!.row.validUntil).toBe('2027-11-21');
  });

  it('renews: the old code is revoked and a new one is live, in one step', async () => {
    const target = await enrolledTarget();
    const first = (await getOrCreateLiveCode(t.database.db, target, clock()))!.row;
    const renewal = await t.database.db.transaction((tx) => renewLiveCode(tx, target, clock()));
    expect(renewal!.revoked!.id).toBe(first.id);
    expect(renewal!.renewed.row.code).not.toBe(first.code);
    const live = await findLiveCode(t.database.db, target, '2026-11-21');
    expect(live!.id).toBe(renewal!.renewed.row.id);
    expect((await liveRows(target)).map((row) => row.code)).toEqual([renewal!.renewed.row.code]);
  });

  it('makes no code for a plan of another program, nor for a plan whose period is over', async () => {
    const target = await enrolledTarget();
    const otherProgram = { ...target, programId: t.app.programs.get('piel')!.id };
    expect(await getOrCreateLiveCode(t.database.db, otherProgram, clock())).toBeUndefined();
    expect(await getOrCreateLiveCode(t.database.db, target, new Date('2027-11-23T12:00:00Z'))).toBeUndefined();
    expect(await liveRows(target)).toHaveLength(0);
  });
});
