import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { outbox, preregistration } from '../apps/api/src/db/schema.ts';
import { openDatabase } from '../apps/api/src/platform/db.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let dir: string;

beforeAll(async () => {
  // A migrated and seeded embedded database, as `npm start` leaves it.
  dir = mkdtempSync(path.join(tmpdir(), 'preregister-'));
  const app = await buildApp(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PGLITE_DATA_DIR: path.join(dir, 'data') }),
  );
  await app.ready();
  await app.close();
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/preregister.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'silent', PGLITE_DATA_DIR: path.join(dir, 'data') },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('npm run patients:preregister', () => {
  it('records the held data and queues the invitation, without printing the link', async () => {
    const file = path.join(dir, 'patient.json');
    const email = 'invited@test.example';
    writeFileSync(
      file,
      JSON.stringify({
        supportPlanId: 101,
        country: 'CR',
        email,
        personalInfo: { firstName: 'Rosa', lastName: 'Jiménez' },
      }),
    );
    const result = run('alivio', file, 'en');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/pre-registration \d+ recorded in alivio/);
    expect(result.stdout).not.toMatch(/[?&][ns]=/);

    const database = await openDatabase({ pgliteDataDir: path.join(dir, 'data') });
    try {
      const [row] = await database.db.select().from(preregistration).where(eq(preregistration.email, email));
      expect(row).toMatchObject({ supportPlanId: 101, language: 'en', usedAt: null });
      const [mail] = await database.db.select().from(outbox).where(eq(outbox.recipient, email));
      expect(mail).toMatchObject({ kind: 'preregistration', language: 'en', status: 'PENDING' });
      expect(String(mail!.payload.link)).toMatch(/\/en\/signup\?v=ppr&n=[\w-]+&s=[\w-]+$/);
    } finally {
      await database.close();
    }
  }, 90_000);

  it('refuses a wrong call, an unknown program and data that break the contracts', () => {
    expect(run('alivio').status).toBe(2);
    const file = path.join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ supportPlanId: 101, country: 'CR', email: 'not an e-mail' }));
    expect(run('nobody', file).status).toBe(1);
    const bad = run('alivio', file);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('email: ');
    expect(bad.stderr).not.toContain('not an e-mail');
    writeFileSync(file, JSON.stringify({ supportPlanId: 201, country: 'MX', email: 'other@test.example' }));
    const otherPlan = run('alivio', file);
    expect(otherPlan.status).toBe(1);
    expect(otherPlan.stderr).toContain('SUPPORT_PLAN_NOT_FOUND');
  }, 90_000);
});
