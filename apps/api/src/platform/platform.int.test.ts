import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION_HEADER, ERROR_ID_HEADER } from '@portal/contracts/constants';
import { ErrorBodySchema } from '@portal/contracts/errors';
import { createTestApp, TEST_DB, type TestApp } from '../test/app.ts';

describe(`platform (${TEST_DB})`, () => {
  let t: TestApp;
  const webDir = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>portal</title><div id="root"></div>');
  writeFileSync(path.join(webDir, 'robots.txt'), 'User-agent: *');

  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST_DIR: webDir, APP_VERSION: '9.9.9-test' });
    t.app.get('/api/v1/test-boom', async () => {
      throw new Error('database password is hunter2');
    });
  });
  afterAll(async () => t.close());

  it('carries the app version and the security headers on every response', async () => {
    for (const url of [
      '/healthz',
      '/api/v1/resource/countries',
      '/home',
      '/program/alivio/texts/text-es.json?ts=1',
      '/api/v1/nope',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.headers[APP_VERSION_HEADER], url).toBe('9.9.9-test');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toContain('unsafe-inline');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('serves the API docs under the same CSP as the rest, in production too', async () => {
    const production = await createTestApp({
      NODE_ENV: 'production',
      MAIL_WORKER: 'false',
      KEY_ENCRYPTION_SECRET: 'k'.repeat(40),
      SIGNING_SECRET: 'r'.repeat(40),
    });
    try {
      for (const url of ['/api/docs', '/api/docs/static/index.html', '/api/docs/json']) {
        const response = await production.app.inject({ url });
        expect(response.statusCode, url).toBeLessThan(400);
        const csp = String(response.headers['content-security-policy']);
        expect(csp, url).toBe(
          String((await production.app.inject({ url: '/healthz' })).headers['content-security-policy']),
        );
        expect(csp, url).toContain("frame-ancestors 'none'");
        expect(response.headers['x-frame-options'], url).toBe('DENY');
      }
    } finally {
      await production.close();
    }
  });

  it('marks API answers no-store', async () => {
    const response = await t.app.inject({ url: '/api/v1/resource/features' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers unknown API paths with the JSON error body', async () => {
    const response = await t.app.inject({ url: '/api/v1/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(response.json()).error.code).toBe('NOT_FOUND');
  });

  it('never echoes internal messages on a 5xx and logs the same error id', async () => {
    const response = await t.app.inject({ url: '/api/v1/test-boom' });
    expect(response.statusCode).toBe(500);
    const body = ErrorBodySchema.parse(response.json());
    expect(body.error.code).toBe('INTERNAL');
    expect(response.body).not.toContain('hunter2');
    expect(body.error.errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers[ERROR_ID_HEADER]).toBe(body.error.errorId);
    expect(t.logs()).toContain(body.error.errorId!);
  });

  it('serves the SPA with history fallback, but not for missing files', async () => {
    const page = await t.app.inject({ url: '/en/learning/migraine/first-steps?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
    expect((await t.app.inject({ url: '/robots.txt' })).body).toContain('User-agent');
    const missing = await t.app.inject({ url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/json');
  });

  it('serves program files with the ts query, and nothing outside the program layout', async () => {
    const texts = await t.app.inject({ url: '/program/piel/texts/text-en.json?ts=1700000000000' });
    expect(texts.statusCode).toBe(200);
    expect(texts.json()).toHaveProperty(['language.toggle']);
    expect((await t.app.inject({ url: '/program/piel/../../package.json' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/program/piel/configuration/secret.txt' })).statusCode).toBe(404);
  });

  it("serves each program's web-app manifest on its own host", async () => {
    for (const [host, name, primary] of [
      ['alivio.localhost', 'Alivio', '#5B2A86'],
      ['piel.portal.example', 'Piel Plena', '#00695C'],
    ] as const) {
      const response = await t.app.inject({ url: '/manifest.webmanifest', headers: { host } });
      expect(response.statusCode, host).toBe(200);
      expect(response.headers['content-type'], host).toContain('application/manifest+json');
      const manifest = response.json();
      expect(manifest, host).toMatchObject({ name, short_name: name, start_url: '/', display: 'standalone' });
      expect(manifest.theme_color.toLowerCase(), host).toBe(primary.toLowerCase());
      // PNGs of the sizes an install needs (decision 032), each the size it says.
      expect(
        manifest.icons.map((icon: { sizes: string; type: string }) => `${icon.sizes} ${icon.type}`),
        host,
      ).toEqual(['192x192 image/png', '512x512 image/png']);
      for (const { src, sizes } of manifest.icons as { src: string; sizes: string }[]) {
        const icon = await t.app.inject({ url: src, headers: { host } });
        expect(icon.statusCode, host).toBe(200);
        expect(icon.headers['content-type'], host).toBe('image/png');
        expect(pngSize(icon.rawPayload), src).toBe(sizes);
      }
    }
  });

  it("draws each program's logo as PNG pictures: the mark keeps its proportions, the icons are square, and each is served from memory with its ETag", async () => {
    const expected = {
      mark: '120x120',
      'icon-32': '32x32',
      'icon-180': '180x180',
      'icon-192': '192x192',
      'icon-512': '512x512',
    };
    for (const [name, size] of Object.entries(expected)) {
      const picture = await t.app.inject({ url: `/program/piel/icons/${name}.png` });
      expect(picture.statusCode, name).toBe(200);
      expect(picture.headers['content-type'], name).toBe('image/png');
      expect(pngSize(picture.rawPayload), name).toBe(size);
      const again = await t.app.inject({
        url: `/program/piel/icons/${name}.png`,
        headers: { 'if-none-match': String(picture.headers.etag) },
      });
      expect(again.statusCode, name).toBe(304);
    }
    // Not the same picture for two programs; nothing for an unknown name, program or extension.
    const alivio = await t.app.inject({ url: '/program/alivio/icons/icon-32.png' });
    expect(alivio.rawPayload.equals((await t.app.inject({ url: '/program/piel/icons/icon-32.png' })).rawPayload)).toBe(
      false,
    );
    for (const url of [
      '/program/piel/icons/icon-64.png',
      '/program/nadie/icons/mark.png',
      '/program/piel/icons/mark.svg',
      '/program/piel/icons/constructor.png',
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('reports liveness and readiness', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });

  it('publishes the OpenAPI document generated from the contracts', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/v1/resource/countries', '/api/v1/log', '/api/v1/support/plan/{id}/field-settings']),
    );
  });

  it('keeps query strings (and so e-mails) out of the logs', async () => {
    await t.app.inject({ url: '/api/v1/resource/countries?lang=es&email=ana%40example.com' });
    expect(t.logs()).not.toContain('ana%40example.com');
    expect(t.logs()).not.toContain('ana@example.com');
  });
});

describe(`malformed requests (${TEST_DB})`, () => {
  it('answers a malformed URL with the catalogue body', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ url: '/api/v1/support/plan/%%20/field-settings' });
      expect(response.statusCode).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).error.code).toBe('BAD_REQUEST');
    } finally {
      await t.close();
    }
  });
});

/** A PNG's size as `WxH`, from its IHDR chunk. */
function pngSize(png: Buffer): string {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
}
