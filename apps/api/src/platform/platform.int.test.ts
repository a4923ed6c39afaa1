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
    for (const url of ['/healthz', '/api/v1/resource/countries', '/home', '/program/alivio/texts/text-es.json?ts=1', '/api/v1/nope']) {
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
    const production = await createTestApp({ NODE_ENV: 'production', MAIL_WORKER: 'false', KEY_ENCRYPTION_SECRET: t.config.keyEncryptionSecret, RECOVERY_HMAC_SECRET: 'r'.repeat(40) });
    try {
      for (const url of ['/api/docs', '/api/docs/static/index.html', '/api/docs/json']) {
        const response = await production.app.inject({ url });
        expect(response.statusCode, url).toBeLessThan(400);
        const csp = String(response.headers['content-security-policy']);
        expect(csp, url).toBe(String((await production.app.inject({ url: '/healthz' })).headers['content-security-policy']));
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
    for (const [host, name, primary] of [['alivio.localhost', 'Alivio', '#5B2A86'], ['piel.portal.example', 'Piel Plena', '#00695C']] as const) {
      const response = await t.app.inject({ url: '/manifest.webmanifest', headers: { host } });
      expect(response.statusCode, host).toBe(200);
      expect(response.headers['content-type'], host).toContain('application/manifest+json');
      const manifest = response.json();
      expect(manifest, host).toMatchObject({ name, short_name: name, start_url: '/', display: 'standalone' });
      expect(manifest.theme_color.toLowerCase(), host).toBe(primary.toLowerCase());
      expect(manifest.icons[0].src, host).toMatch(/^\/program\/[a-z]+\/images\/logo\.svg$/);
      const icon = await t.app.inject({ url: manifest.icons[0].src, headers: { host } });
      expect(icon.statusCode, host).toBe(200);
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
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/v1/resource/countries', '/api/v1/log', '/api/v1/support/plan/{id}/field-settings']));
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
