// `npm run purchases:import` (decision 059): a good file is recorded by the API's rules, bad lines are reported with
// their line numbers and reasons, and running the same file again changes nothing; a line is recorded as it arrives
// (streamed: a report of any length imports in bounded memory).
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscountCodeResponseSchema } from '@portal/contracts/benefits';
import { purchase } from '../../db/schema.ts';
import { createTestApp, createTestClock, TEST_DB, type TestApp } from '../../test/app.ts';
import { callAs, enrolPatient, MANY_PATIENTS_ENV } from '../../test/patients.ts';
import { createTestPharmacy } from '../../test/pharmacy.ts';
import { importPurchasesCommand, PURCHASES_IMPORT_USAGE } from './import.ts';

const clock = createTestClock(new Date('2026-11-21T15:00:00Z'));
let t: TestApp;
const dir = mkdtempSync(path.join(tmpdir(), 'purchases-import-'));

beforeAll(async () => {
  t = await createTestApp(MANY_PATIENTS_ENV, { clock });
});
afterAll(async () => t.close());

const run = (...args: string[]) => importPurchasesCommand(args, { db: t.database.db, config: t.config, now: clock });

describe(`npm run purchases:import (${TEST_DB})`, () => {
  it('records a good file, reports each bad line with its number, and changes nothing when run again', async () => {
    const patient = await enrolPatient(t, 'alivio');
    const made = await callAs(t, patient, 'PUT', '/api/v1/benefits/products/1101/discount-code');
    const { code } = DiscountCodeResponseSchema.parse(made.json()).data.code;
    const counter = await createTestPharmacy(t, 'alivio', 'CR');
    const at = clock().toISOString();
    const file = path.join(dir, 'report.csv');
    writeFileSync(
      file,
      [
        'code,productId,quantity,unitPrice,receiptId,purchasedAt',
        `${code},1101,1,12500.00,CH-1,${at}`,
        `${code},1101,2,12500.00,CH-2,${at}`,
        '',
        `${code.slice(0, -1)}${code.endsWith('0') ? '1' : '0'},1101,1,12500.00,CH-3,${at}`,
        `${code},1101,1,12.345,CH-4,${at}`,
        `${code},1101,1,12500.00,CH-5,2020-01-01T00:00:00Z`,
        `"${code}",1101,1,12500.00,CH-6,${at}`,
        // Lines are recorded several at a time: the same line twice is one purchase, another body with a receipt
        // already used is refused, as the API answers them.
        `${code},1101,2,12500.00,CH-2,${at}`,
        `${code},1101,3,12500.00,CH-1,${at}`,
      ].join('\n'),
    );
    const first = await run('alivio', String(counter.pharmacyId), file);
    expect(first.stdout).toBe('4 recorded (or already recorded), 4 refused');
    expect(first.stderr.split('\n')).toEqual([
      'line 5: VALIDATION_FAILED (code: errors.discountCodeMistyped)',
      'line 6: VALIDATION_FAILED (unitPrice)',
      'line 7: VALIDATION_FAILED (purchasedAt: errors.purchaseDateOutOfRange)',
      'line 10: IDEMPOTENCY_KEY_REUSED',
    ]);
    expect(first.status).toBe(1);
    const rows = await t.database.db.select().from(purchase).where(eq(purchase.pharmacyId, counter.pharmacyId));
    expect(rows.map((row) => [row.receiptId, row.quantity, row.total, row.apiKeyId]).sort()).toEqual([
      ['CH-1', 1, '12500.00', null],
      ['CH-2', 2, '25000.00', null],
      ['CH-6', 1, '12500.00', null],
    ]);
    const again = await run('alivio', String(counter.pharmacyId), file);
    expect(again.stdout).toBe('4 recorded (or already recorded), 4 refused');
    expect(await t.database.db.select().from(purchase).where(eq(purchase.pharmacyId, counter.pharmacyId))).toHaveLength(
      3,
    );
  });

  it('records each line as it arrives: the first is in the database while the file is still being written', async () => {
    const patient = await enrolPatient(t, 'alivio');
    const made = await callAs(t, patient, 'PUT', '/api/v1/benefits/products/1101/discount-code');
    const { code } = DiscountCodeResponseSchema.parse(made.json()).data.code;
    const counter = await createTestPharmacy(t, 'alivio', 'CR');
    const at = clock().toISOString();
    // A named pipe: the import reads what has been written so far and waits for more, as from a file of any length.
    const fifo = path.join(dir, 'stream.csv');
    execFileSync('mkfifo', [fifo]);
    const importing = run('alivio', String(counter.pharmacyId), fifo);
    const writer = createWriteStream(fifo);
    // Two lines: the parser keeps a chunk's last line until the next character comes (it may be the file's end).
    writer.write(
      [
        'code,productId,quantity,unitPrice,receiptId,purchasedAt',
        `${code},1101,1,12500.00,ST-1,${at}`,
        `${code},1101,1,12500.00,ST-2,${at}`,
        '',
      ].join('\n'),
    );
    const receipts = async () =>
      (await t.database.db.select().from(purchase).where(eq(purchase.pharmacyId, counter.pharmacyId)))
        .map((row) => row.receiptId)
        .sort();
    await expect.poll(receipts, { timeout: 20_000 }).toContain('ST-1');
    writer.end(`${code},1101,1,12500.00,ST-3,${at}\n`);
    expect((await importing).stdout).toBe('3 recorded (or already recorded), 0 refused');
    expect(await receipts()).toEqual(['ST-1', 'ST-2', 'ST-3']);
  });

  it('refuses a file with another header, bad arguments, and a pharmacy of another program', async () => {
    const counter = await createTestPharmacy(t, 'alivio', 'CR');
    const file = path.join(dir, 'bad-header.csv');
    writeFileSync(file, 'receipt,code\nA,B\n');
    const wrong = await run('alivio', String(counter.pharmacyId), file);
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain('the header must be code,productId,quantity,unitPrice,receiptId,purchasedAt');
    expect(await run('alivio')).toEqual({ status: 2, stdout: '', stderr: PURCHASES_IMPORT_USAGE });
    expect((await run('equilibrio', String(counter.pharmacyId), file)).status).toBe(1);
  });
});
