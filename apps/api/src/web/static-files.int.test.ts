import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, hostOf, TEST_DB, type TestApp } from '../test/app.ts';
import { writeWebBuild } from '../test/web-build.ts';

describe(`program files and pages from memory (${TEST_DB})`, () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
  let t: TestApp;
  beforeAll(async () => {
    writeWebBuild(dist);
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const programFile = (slug: string, file: string) =>
    readFileSync(path.join(t.config.PROGRAMS_DIR, slug, file), 'utf8');

  it('answers a program file with a strong ETag and a cache lifetime, and 304 when the client holds it', async () => {
    const url = '/program/alivio/configuration/login.json?ts=1700000000000';
    const first = await t.app.inject({ url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('application/json');
    expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    expect(first.json()).toEqual(JSON.parse(programFile('alivio', 'configuration/login.json')));
    // Another ts, the same file: the same ETag, so the client revalidates instead of downloading it again.
    const again = await t.app.inject({
      url: '/program/alivio/configuration/login.json?ts=1800000000000',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
    const changed = await t.app.inject({ url, headers: { 'if-none-match': '"something-else"' } });
    expect(changed.statusCode).toBe(200);
  });

  it('sends the precomputed brotli or gzip copy of a large file, and small files as they are', async () => {
    const url = '/program/piel/texts/text-en.json?ts=1';
    const texts = JSON.parse(programFile('piel', 'texts/text-en.json'));
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(texts);
    const gzip = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(texts);
    expect(gzip.headers.etag).toBe(br.headers.etag);
    const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(texts);
    const small = await t.app.inject({
      url: '/program/alivio/configuration/whitelist.json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    const logo = await t.app.inject({ url: '/program/piel/images/logo.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
  });

  it('answers 404 outside the listed folders and extensions', async () => {
    for (const url of [
      '/program/alivio/../../package.json',
      '/program/alivio/%2e%2e/%2e%2e/package.json',
      '/program/alivio/configuration/secret.txt',
      '/program/alivio/emails/welcome.json',
      '/program/alivio/texts/text-fr.json',
      '/program/alivio/config.json',
      '/program/nobody/texts/text-es.json',
      '/program/',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/json');
    }
  });

  it("sends each program's page in its language with its title, colour and frame, built once", async () => {
    const cases = [
      {
        slug: 'alivio',
        url: '/login',
        lang: 'es',
        title: 'Ingrese a Alivio · Alivio',
        text: 'Use el correo electrónico',
      },
      {
        slug: 'alivio',
        url: '/en/login?next=%2Fprofile',
        lang: 'en',
        title: 'Log in to Alivio · Alivio',
        text: 'Use the e-mail and password',
      },
      {
        slug: 'piel',
        url: '/en/login',
        lang: 'en',
        title: 'Log in to Piel Plena · Piel Plena',
        text: 'Use the e-mail and password',
      },
      { slug: 'piel', url: '/profile', lang: 'es', title: 'Piel Plena', text: 'boot-frame__bar--title' },
      { slug: 'piel', url: '/', lang: 'es', title: 'Piel Plena', text: 'boot-frame__bar--title' },
    ];
    for (const { slug, url, lang, title, text } of cases) {
      const page = await t.app.inject({ url, headers: { host: hostOf(slug) } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toContain('text/html');
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body, url).toContain(`<html lang="${lang}"`);
      expect(page.body, url).toContain(`<title>${title}</title>`);
      // The mark and the icons as PNGs, the mark with its size (decision 032).
      expect(page.body, url).toContain(
        `<img class="brand__logo" src="/program/${slug}/icons/mark.png" alt="" width="40" height="40">`,
      );
      expect(page.body, url).toContain(
        `<link rel="icon" href="/program/${slug}/icons/icon-32.png" type="image/png" sizes="32x32" />`,
      );
      expect(page.body, url).toContain(`<link rel="apple-touch-icon" href="/program/${slug}/icons/icon-180.png" />`);
      expect(page.body, url).not.toContain('.svg');
      expect(page.body, url).toContain(text);
      // The page's first script fetches this program's texts and files without waiting for the plan (decision 028).
      expect(page.body, url).toContain(`<meta name="program" content="${slug}" />`);
      expect(page.body, url).not.toContain('neutral');
      expect(page.body, url).toContain('<div id="root"></div>');
      // No inline style or script: the CSP forbids them.
      expect(page.body, url).not.toMatch(/<style|style="|<script>|<script type="module">/);
    }
    const alivio = await t.app.inject({ url: '/login', headers: { host: hostOf('alivio') } });
    expect(alivio.body).toContain('<meta name="theme-color" content="#5B2A86"');
    // "Help" works in the frame (decision 052): a link to the call-center phones at its foot, every country's, named.
    const home = await t.app.inject({ url: '/en/home', headers: { host: hostOf('alivio') } });
    expect(home.body).toContain('<a class="help-button" href="#help-phones">Help</a>');
    expect(home.body).toContain('<section id="help-phones" class="site-footer__help"');
    expect(home.body).toContain('<h3 class="phones__country">Costa Rica</h3>');
    expect(home.body).toContain('<a class="phones__link" href="tel:+50640001234">+506 4000 1234</a>');
    expect(home.body).toContain('href="https://wa.me/50688004321" target="_blank" rel="noopener noreferrer"');
    const spanish = await t.app.inject({ url: '/home', headers: { host: hostOf('alivio') } });
    expect(spanish.body).toContain('<a class="help-button" href="#help-phones">Ayuda</a>');
    expect(spanish.body).toContain('<h2 id="boot-help-title" class="site-footer__title">Líneas de atención</h2>');
    // The frame needs no script: the scripts load after the stylesheet and the mark.
    expect(alivio.body).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-abc.js">');
    // One stylesheet, in place of the built one: the built rules and the program's colours, cached for good (versioned).
    expect(alivio.body).not.toMatch(/<link rel="stylesheet"[^>]*href="\/assets\/index-abc\.css"(?![^>]*disabled)/);
    // Named but disabled (never fetched), so that Vite's chunk loader does not add it over the program's colours.
    expect(alivio.body).toContain('<link rel="stylesheet" href="/assets/index-abc.css" disabled>');
    const href = /<link rel="stylesheet" href="(\/theme\.css\?v=[^"]+)">/.exec(alivio.body)?.[1];
    expect(href).toBeDefined();
    const theme = await t.app.inject({ url: href!, headers: { host: hostOf('alivio') } });
    expect(theme.statusCode).toBe(200);
    expect(theme.headers['content-type']).toContain('text/css');
    expect(theme.headers['cache-control']).toContain('immutable');
    expect(theme.body).toContain('.built-rule { color: red; }');
    expect(theme.body).toContain('--brand-primary:#5B2A86');
    expect(theme.body).toContain('--brand-surface:');
    const pielTheme = await t.app.inject({ url: '/theme.css', headers: { host: hostOf('piel') } });
    expect(pielTheme.body).toContain('--brand-primary:#00695C');
    // Assets keep their 404.
    expect((await t.app.inject({ url: '/assets/missing.js', headers: { host: hostOf('alivio') } })).statusCode).toBe(
      404,
    );
  });

  it('lets the pharmacy counter’s page use the camera for its scanner, and no other page', async () => {
    const policyOf = async (url: string) =>
      (await t.app.inject({ url, headers: { host: hostOf('alivio') } })).headers['permissions-policy'];
    for (const url of ['/pharmacy', '/en/pharmacy', '/pharmacy/?x=1'])
      expect(await policyOf(url), url).toBe('camera=(self), microphone=(), geolocation=()');
    for (const url of ['/login', '/home', '/en/benefits', '/pharmacy/other', '/pharmacyx', '/api/v1/resource/features'])
      expect(await policyOf(url), url).toBe('camera=(), microphone=(), geolocation=()');
  });

  it('revalidates the web-app manifest with its ETag', async () => {
    const first = await t.app.inject({ url: '/manifest.webmanifest', headers: { host: hostOf('piel') } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ name: 'Piel Plena' });
    const again = await t.app.inject({
      url: '/manifest.webmanifest',
      headers: { host: hostOf('piel'), 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});
