// Pharmacies and their keys (decision 059): `npm run pharmacies:add|key|revoke` and the key's lookup. A key resolves to
// its pharmacy on its own program's host only; a mistyped key is refused before any lookup; a revoked key is refused at
// once (there is no cache to wait for); only the key's hash is stored.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvent, pharmacy, pharmacyApiKey } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { createTestApp, TEST_DB, type TestApp } from '../../test/app.ts';
import { PHARMACY_USAGE, pharmacyCommand, type PharmacyCommand } from './commands.ts';
import { resolvePharmacyKey } from './keys.ts';

let t: TestApp;
const NOW = new Date('2026-11-21T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => NOW });
});
afterAll(async () => t.close());

const run = (command: PharmacyCommand, ...args: string[]) =>
  pharmacyCommand(command, args, { db: t.database.db, config: t.config, now: NOW });
const programId = (slug: string) => t.app.programs.get(slug)!.id;
const resolve = (presented: string | undefined, slug = 'alivio') =>
  resolvePharmacyKey(t.database.db, t.config.signingKeys, {
    environment: 'test',
    programId: programId(slug),
    presented,
  });
const keyOf = (stdout: string) => /psp_test_[0-9A-Za-z]{38}/.exec(stdout)![0];

async function refused(presented: string | undefined, slug = 'alivio') {
  const error: unknown = await resolve(presented, slug).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('UNAUTHENTICATED');
}

describe(`pharmacies and their keys (${TEST_DB})`, () => {
  it('adds a pharmacy and prints its first key, which resolves to it on its program only', async () => {
    const added = await run('add', 'alivio', 'Farmacia Sucre', 'CR', '--chain', 'Sucre', '--branch', 'Escazú');
    expect(added.status, added.stderr).toBe(0);
    const pharmacyId = Number(/^pharmacy (\d+)/.exec(added.stdout)![1]);
    const key = keyOf(added.stdout);
    expect(await resolve(key)).toEqual({
      pharmacyId,
      programId: programId('alivio'),
      apiKeyId: expect.any(Number),
      country: 'CR',
    });
    await refused(key, 'equilibrio');
    const [row] = await t.database.db.select().from(pharmacy).where(eq(pharmacy.id, pharmacyId));
    expect(row).toMatchObject({ name: 'Farmacia Sucre', chain: 'Sucre', branch: 'Escazú', country: 'CR' });
    const stored = JSON.stringify(await t.database.db.select().from(pharmacyApiKey));
    expect(stored).not.toContain(key);
    expect(stored).toContain(key.slice(0, 17));
  });

  it('refuses a mistyped, truncated, foreign-environment or missing key', async () => {
    const added = await run('add', 'alivio', 'Farmacia Typo', 'CR');
    const key = keyOf(added.stdout);
    const last = key.at(-1) === 'a' ? 'b' : 'a';
    await refused(`${key.slice(0, -1)}${last}`);
    await refused(key.slice(0, -1));
    await refused(key.replace('psp_test_', 'psp_live_'));
    await refused(undefined);
    await refused('psp_test_');
  });

  it('adds more keys to a pharmacy and revokes one at once, leaving the others', async () => {
    const added = await run('add', 'alivio', 'Farmacia Dos Cajas', 'CR');
    const pharmacyId = /^pharmacy (\d+)/.exec(added.stdout)![1]!;
    const first = keyOf(added.stdout);
    const second = keyOf((await run('key', pharmacyId)).stdout);
    expect(second).not.toBe(first);
    const revoked = await run('revoke', first.slice(0, 17));
    expect(revoked.status, revoked.stderr).toBe(0);
    await refused(first);
    expect((await resolve(second)).pharmacyId).toBe(Number(pharmacyId));
    expect((await run('revoke', first.slice(0, 17))).status).toBe(1);
    const actions = (
      await t.database.db.select({ action: auditEvent.action, detail: auditEvent.detail }).from(auditEvent)
    ).filter((event) => event.action.startsWith('pharmacy-'));
    expect(actions.map((event) => event.action)).toEqual(
      expect.arrayContaining(['pharmacy-added', 'pharmacy-key-created', 'pharmacy-key-revoked']),
    );
    expect(JSON.stringify(actions)).not.toContain(first);
  });

  it('refuses bad arguments, an unknown program or pharmacy, a country the program does not serve, a name twice', async () => {
    expect(await run('add', 'alivio', 'X')).toEqual({ status: 2, stdout: '', stderr: PHARMACY_USAGE.add });
    expect(await run('add', 'alivio', 'X', 'CR', '--colour', 'red')).toMatchObject({ status: 2 });
    expect(await run('key', 'abc')).toMatchObject({ status: 2 });
    expect(await run('revoke', 'psp_test_short')).toMatchObject({ status: 2 });
    expect(await run('add', 'nope', 'X', 'CR')).toMatchObject({ status: 1, stderr: 'refused: no program "nope"' });
    expect((await run('add', 'alivio', 'X', 'MX')).status).toBe(1);
    expect((await run('key', '999999')).status).toBe(1);
    expect((await run('add', 'alivio', 'Farmacia Única', 'PA')).status).toBe(0);
    expect((await run('add', 'alivio', 'Farmacia Única', 'PA')).status).toBe(1);
  });

  it('has one demo pharmacy per program country, without a key', async () => {
    const rows = await t.database.db.select().from(pharmacy).where(eq(pharmacy.name, 'Farmacia Demo CR'));
    expect(rows.length).toBeGreaterThan(0);
    const demo = await t.database.db
      .select({ name: pharmacy.name, country: pharmacy.country })
      .from(pharmacy)
      .where(eq(pharmacy.programId, programId('alivio')));
    expect(
      demo
        .filter((row) => row.name.startsWith('Farmacia Demo'))
        .map((row) => row.country)
        .sort(),
    ).toEqual(['CR', 'GT', 'HN', 'PA']);
  });
});
