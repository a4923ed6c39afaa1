// `npm run coupons:link`: the command's work (scripts/coupon-link.ts runs it with the real database and config).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponLink, planPatient } from '../../db/schema.ts';
import { createTestApp, hostOf, TEST_DB, type TestApp } from '../../test/app.ts';
import { enrolPatient, MANY_PATIENTS_ENV } from '../../test/patients.ts';
import { COUPON_LINK_USAGE, couponLinkCommand } from './issue.ts';
import { couponSources } from './sources.ts';

let t: TestApp;
const NOW = new Date('2026-11-21T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ ...MANY_PATIENTS_ENV, COUPON_LINK_PER_MINUTE: '1000' }, { clock: () => NOW });
});
afterAll(async () => t.close());

const run = (...args: string[]) =>
  couponLinkCommand(args, { db: t.database.db, config: t.config, now: NOW, findBenefit: couponSources().findBenefit });

async function alivioPlanId() {
  const who = await enrolPatient(t, 'alivio');
  const [plan] = await t.database.db.select().from(planPatient).where(eq(planPatient.patientId, who.patientId));
  return plan!.id;
}

describe(`npm run coupons:link (${TEST_DB})`, () => {
  it('prints a link that opens the coupon, and records the staff user who issued it', async () => {
    const pp = await alivioPlanId();
    const result = await run('alivio', String(pp), '1205', '4321', 'en');
    expect(result.status, result.stderr).toBe(0);
    const [line] = result.stdout.split('\n');
    const link = new URL(line!);
    expect(`${link.origin}${link.pathname}`).toBe('http://alivio.localhost:3000/en/coupon');
    expect(link.searchParams.get('pp')).toBe(String(pp));
    expect(link.searchParams.get('iumb')).toBe('4321');
    const rows = await t.database.db.select().from(couponLink).where(eq(couponLink.planPatientId, pp));
    expect(rows).toEqual([expect.objectContaining({ benefitId: 1205, staffUserId: 4321, issuedAt: NOW })]);
    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/v1/coupon${link.search}`,
      headers: { host: hostOf('alivio') },
    });
    expect(opened.statusCode, opened.body).toBe(200);
  });

  it('prints the Spanish page by default', async () => {
    const result = await run('alivio', String(await alivioPlanId()), '1205', '4321');
    expect(result.status, result.stderr).toBe(0);
    expect(new URL(result.stdout.split('\n')[0]!).pathname).toBe('/coupon');
  });

  it('refuses ids that do not belong together, saying why, and records nothing', async () => {
    const pp = await alivioPlanId();
    const refusals = [
      await run('piel', String(pp), '2204', '4321'),
      await run('alivio', String(pp), '1203', '4321'),
      await run('alivio', String(pp), '2204', '4321'),
      await run('alivio', '999999999', '1205', '4321'),
      await run('nowhere', String(pp), '1205', '4321'),
    ];
    expect(refusals.map((result) => result.status)).toEqual([1, 1, 1, 1, 1]);
    expect(refusals[0]!.stderr).toContain('not one of the program');
    expect(refusals[1]!.stderr).toContain('not a general benefit');
    expect(refusals[2]!.stderr).toContain('not a general benefit');
    expect(refusals[4]!.stderr).toContain('no program "nowhere"');
    for (const result of refusals) expect(result.stdout).toBe('');
    expect(await t.database.db.select().from(couponLink).where(eq(couponLink.planPatientId, pp))).toEqual([]);
  });

  it('answers its usage for missing or malformed arguments', async () => {
    for (const args of [
      [],
      ['alivio', '1', '1205'],
      ['alivio', 'x', '1205', '1'],
      ['alivio', '1', '1205', '1', 'fr'],
    ]) {
      expect(await run(...args)).toEqual({ status: 2, stdout: '', stderr: COUPON_LINK_USAGE });
    }
  });
});
