import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@portal/contracts/errors';
import { createTestApp, hostOf, TEST_DB, type TestApp } from '../test/app.ts';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from './json-body.ts';

describe('the JSON depth scan', () => {
  it('counts objects and arrays outside strings only', () => {
    expect(exceedsJsonDepth('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(exceedsJsonDepth('{"a":[1,{"b":[2]}]}', 3)).toBe(true);
    expect(exceedsJsonDepth(`{"a":"${'['.repeat(100)}"}`, 2)).toBe(false);
    expect(exceedsJsonDepth(`{"a":"\\"${'{'.repeat(100)}"}`, 2)).toBe(false);
    expect(exceedsJsonDepth('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toBe(false);
    expect(exceedsJsonDepth('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1))).toBe(true);
  });
});

describe(`JSON bodies and the HTTP layer's refusals (${TEST_DB})`, () => {
  let t: TestApp;
  let ip = 0;
  const post = (url: string, payload: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { host: hostOf('alivio'), 'content-type': 'application/json' },
      remoteAddress: `10.88.0.${++ip}`,
    });

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000', LOGIN_PER_MINUTE: '100000' });
  });
  afterAll(async () => t.close());

  it('refuses a body nested deeper than the limit with 400 in the error shape, before parsing it', async () => {
    const deep = `{"email":"a@b.example","password":${'['.repeat(MAX_JSON_DEPTH + 1)}1${']'.repeat(MAX_JSON_DEPTH + 1)}}`;
    const response = await post('/api/v1/patient/signup', deep);
    expect(response.statusCode).toBe(400);
    const error = ErrorBodySchema.parse(response.json()).error;
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.details).toEqual({ reason: 'JSON_TOO_DEEP', maxDepth: MAX_JSON_DEPTH });
  });

  it('answers a 50,000-deep body with a 4xx in the error shape, not a crash', async () => {
    for (const url of ['/api/v1/patient/signup', '/api/v1/login', '/api/v1/log']) {
      for (const bomb of [
        '['.repeat(50_000) + ']'.repeat(50_000),
        '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000),
        '['.repeat(20_000),
      ]) {
        const response = await post(url, bomb);
        expect([400, 413], url).toContain(response.statusCode);
        expect(['BAD_REQUEST', 'PAYLOAD_TOO_LARGE']).toContain(ErrorBodySchema.parse(response.json()).error.code);
      }
    }
    // A 10,000-deep body fits the sign-up's size limit, so the depth check is what refuses it.
    const response = await post('/api/v1/patient/signup', '['.repeat(10_000) + ']'.repeat(10_000));
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json()).error.details).toMatchObject({ reason: 'JSON_TOO_DEEP' });
  });

  it('limits body sizes per route: a few KB for login, more for a sign-up; beyond them 413 in the error shape', async () => {
    const login = await post('/api/v1/login', JSON.stringify({ email: 'a@b.example', password: 'x'.repeat(9 * 1024) }));
    expect(login.statusCode).toBe(413);
    expect(ErrorBodySchema.parse(login.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
    const signup = await post('/api/v1/patient/signup', JSON.stringify({ note: 'x'.repeat(9 * 1024) }));
    expect(signup.statusCode).toBe(400); // past the size check, refused by validation
    const huge = await post('/api/v1/patient/signup', JSON.stringify({ note: 'x'.repeat(70 * 1024) }));
    expect(huge.statusCode).toBe(413);
  });

  it('still refuses prototype poisoning', async () => {
    const response = await post('/api/v1/login', '{"__proto__":{"admin":true},"email":"a@b.example","password":"x"}');
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json()).error.code).toBe('BAD_REQUEST');
  });

  it('answers headers beyond the size Node accepts with 431 in the error shape', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`GET /healthz HTTP/1.1\r\nHost: alivio.localhost\r\nX-Big: ${'a'.repeat(32 * 1024)}\r\n\r\n`);
      });
      let data = '';
      socket.on('data', (chunk) => (data += String(chunk)));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
    expect(ErrorBodySchema.parse(JSON.parse(body)).error.code).toBe('HEADERS_TOO_LARGE');
  });
});
