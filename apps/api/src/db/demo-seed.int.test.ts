import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, like } from 'drizzle-orm';
import { UserResponseSchema } from '@portal/contracts/identity';
import { TreatmentsResponseSchema } from '@portal/contracts/treatments';
import { createTestApp, TEST_DB, type TestApp } from '../test/app.ts';
import { callAs, signInDemo } from '../test/patients.ts';
import { readProgramConfigs } from './seed.ts';
import { seedDemoData } from './demo-seed.ts';
import { userAccount } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(async () => t.close());

const signIn = (slug: string, email: string) => signInDemo(t, slug, email);

describe(`demo data (${TEST_DB})`, () => {
  it.each(['alivio', 'piel', 'equilibrio'])(
    'seeds demo2@%s.example: confirmed, no caregiver, one treatment',
    async (slug) => {
      const who = await signIn(slug, `demo2@${slug}.example`);
      const profile = UserResponseSchema.parse((await callAs(t, who, 'GET', '/api/v1/user')).json()).data;
      expect(profile.caregiver).toBeUndefined();
      const { live } = TreatmentsResponseSchema.parse((await callAs(t, who, 'GET', '/api/v1/treatments')).json()).data;
      expect(live).toHaveLength(1);
    },
  );

  it('seeds a minor with a caregiver in alivio, who cannot remove it', async () => {
    const who = await signIn('alivio', 'menor@alivio.example');
    const profile = UserResponseSchema.parse((await callAs(t, who, 'GET', '/api/v1/user')).json()).data;
    expect(profile.caregiver).toBeDefined();
    const removal = await callAs(t, who, 'DELETE', `/api/v1/caregiver/${profile.caregiver!.id}`);
    expect(removal.statusCode).toBe(409);
  });

  it('seeds nothing twice', async () => {
    const demoAccounts = async () =>
      (await t.database.db.select({ n: count() }).from(userAccount).where(like(userAccount.email, '%@%.example')))[0]!
        .n;
    const before = await demoAccounts();
    await seedDemoData(t.database.db, readProgramConfigs(t.config.PROGRAMS_DIR));
    expect(await demoAccounts()).toBe(before);
  });
});
