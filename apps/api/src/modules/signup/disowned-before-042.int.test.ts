// The data migration 0007: enrolments disowned before decision 042 get what a disowned enrolment gets now.
import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignupResponseSchema } from '@portal/contracts/signup';
import { outbox, patient, userAccount } from '../../db/schema.ts';
import { createTestApp, hostOf, TEST_DB, type TestApp } from '../../test/app.ts';
import { alivioBody } from '../../test/signup-bodies.ts';

const MIGRATION = new URL('../../db/migrations/0007_disowned_before_042.sql', import.meta.url);
const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ MAIL_WORKER: 'false', RATE_LIMIT_PER_MINUTE: '100000', SIGNUP_PER_MINUTE: '1000' });
});
afterAll(async () => t.close());

async function enrol(body: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/patient/signup',
    headers: { host: hostOf('alivio') },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return SignupResponseSchema.parse(response.json()).data;
}

describe(`enrolments disowned before decision 042 (${TEST_DB})`, () => {
  it('get an erasure date, free their identification, and their mails move off the address (not the new enrolment’s)', async () => {
    const db = t.database.db;
    const body = alivioBody();
    const email = String(body.email);
    const old = await enrol(body);
    // As the old code left it: the welcome mail's link named the account id; the account disabled with a placeholder
    // address and no erasure date, the patient INACTIVE.
    const n = Buffer.from(old.userId.replaceAll('-', ''), 'hex').toString('base64url');
    await db
      .update(outbox)
      .set({
        payload: sql`jsonb_set(${outbox.payload}, '{notMeLink}', ${JSON.stringify(`http://alivio.localhost:3000/signup/not-me?n=${n}&s=x`)}::jsonb)`,
      })
      .where(and(eq(outbox.recipient, email), eq(outbox.kind, 'enrolment')));
    const placeholder = `disowned-${old.userId}@disowned.invalid`;
    await db
      .update(userAccount)
      .set({ status: 'DISABLED', email: placeholder, updatedAt: sql`now()` })
      .where(eq(userAccount.id, old.userId));
    await db.update(patient).set({ status: 'INACTIVE' }).where(eq(patient.userId, old.userId));
    const oldMails = await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.recipient, email));
    expect(oldMails.length).toBeGreaterThan(0);
    // The address's owner enrolled with it since (another identification: the old code kept the first one's).
    const real = await enrol(alivioBody({ email }));
    const realMails = await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.recipient, email));
    expect(realMails.length).toBeGreaterThan(oldMails.length);

    for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint'))
      await db.execute(sql.raw(statement));

    const [account] = await db.select().from(userAccount).where(eq(userAccount.id, old.userId));
    expect(account!.eraseAfter!.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    expect((await db.select().from(patient).where(eq(patient.userId, old.userId)))[0]?.status).toBe('DISOWNED');
    const moved = await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.recipient, placeholder));
    expect(moved.map((row) => row.id).sort()).toEqual(oldMails.map((row) => row.id).sort());
    const left = await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.recipient, email));
    expect(left).toHaveLength(realMails.length - oldMails.length);
    const [realAccount] = await db.select().from(userAccount).where(eq(userAccount.id, real.userId));
    expect(realAccount).toMatchObject({ status: 'CONFIRMED', eraseAfter: null });
    // The identification is free: its owner enrols with it.
    await enrol(alivioBody({ identification: body.identification }));
  });
});
