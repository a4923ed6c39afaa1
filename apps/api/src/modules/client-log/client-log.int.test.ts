import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { ErrorBodySchema } from '@portal/contracts/errors';
import { clientLog } from '../../db/schema.ts';
import { createTestApp, TEST_DB, type TestApp } from '../../test/app.ts';
import { stripControlCharacters } from './routes.ts';

const post = (t: TestApp, entry: unknown, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/log',
    remoteAddress: ip,
    payload: { jsonRawString: JSON.stringify(entry) },
  });

describe(`POST /api/v1/log (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CLIENT_LOG_PER_MINUTE: '5' });
  });
  afterAll(async () => t.close());

  it('stores a client entry with its numeric level and without control characters', async () => {
    const response = await post(t, {
      level: 'warning',
      message: 'chunk slow\n{"level":50,"msg":"forged"}',
      path: '/home?token=secret',
      context: { 'a\r\nb': 'x\u001b[31my' },
    });
    expect(response.statusCode).toBe(202);
    const [row] = await t.database.db.select().from(clientLog).orderBy(desc(clientLog.id)).limit(1);
    expect(row?.level).toBe(3);
    expect(row?.message).not.toMatch(/[\r\n]/);
    expect(row?.path).toBe('/home');
    expect(JSON.stringify(row?.context)).not.toMatch(/\\[rnu]/);
  });

  it('rejects text that is not a log entry with a documented code', async () => {
    for (const jsonRawString of ['not json', JSON.stringify({ level: 'loud', message: 'x' })]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/log',
        remoteAddress: '10.0.0.2',
        payload: { jsonRawString },
      });
      expect(response.statusCode).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('refuses an entry larger than the size limit', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/log',
      remoteAddress: '10.0.0.3',
      payload: { jsonRawString: 'x'.repeat(20_000) },
    });
    expect(response.statusCode).toBe(413);
    expect(ErrorBodySchema.parse(response.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('rate-limits one address without affecting another', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1)
      statuses.push((await post(t, { level: 'debug', message: `m${i}` }, '10.0.0.9')).statusCode);
    expect(statuses.slice(0, 5).every((s) => s === 202)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect((await post(t, { level: 'debug', message: 'other' }, '10.0.0.10')).statusCode).toBe(202);
  });

  it('strips every control character', () => {
    expect(stripControlCharacters('a\nb\rc\u2028d\u0000')).toBe('a b c d ');
  });
});
