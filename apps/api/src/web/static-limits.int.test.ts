import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, hostOf, TEST_DB, type TestApp } from '../test/app.ts';

// One page load fetches the HTML shell, the app's files and the program's files; many patients share an address.
describe(`static files are never limited by address (${TEST_DB})`, () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
  let t: TestApp;
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1);');
    const big = 'console.log("a long enough script");\n'.repeat(100);
    writeFileSync(path.join(dist, 'assets', 'big-abc.js'), big);
    writeFileSync(path.join(dist, 'assets', 'big-abc.js.br'), brotliCompressSync(big));
    writeFileSync(path.join(dist, 'assets', 'big-abc.js.gz'), gzipSync(big));
    t = await createTestApp({ WEB_DIST_DIR: dist, RATE_LIMIT_PER_MINUTE: '5' });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('renders 60 page loads in a minute from one address, while the API keeps its limit', async () => {
    const from = { remoteAddress: '10.70.0.1', headers: { host: hostOf('alivio') } };
    for (let i = 0; i < 60; i += 1) {
      const page = await t.app.inject({ url: i % 2 ? '/login' : '/en/signup', ...from });
      expect(page.statusCode, `page load ${i + 1}`).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect((await t.app.inject({ url: '/assets/index-abc.js', ...from })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/program/alivio/texts/text-es.json', ...from })).statusCode).toBe(200);
    }
    const api = [];
    for (let i = 0; i < 6; i += 1)
      api.push((await t.app.inject({ url: '/api/v1/resource/countries', ...from })).statusCode);
    expect(api).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('sends the pre-compressed copy of a built file that the browser accepts, cacheable for a year', async () => {
    const br = await t.app.inject({ url: '/assets/big-abc.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('a long enough script');
    const gz = await t.app.inject({ url: '/assets/big-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ url: '/assets/big-abc.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('a long enough script');
  });
});
