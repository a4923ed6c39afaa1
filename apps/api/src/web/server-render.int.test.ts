// The server-rendered login page's plumbing (decision 029), with a stand-in for the web's server build: which
// addresses get it, the page around it, the program's content it reads through the server's own answers, its
// cache, and the frame page when it fails. The real build's output and its hydration are e2e/server-render.test.ts's.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, hostOf, TEST_DB, type TestApp } from '../test/app.ts';
import { writeWebBuild } from '../test/web-build.ts';

/**
 * A stand-in for apps/web's entry-server.tsx: it reads the program's plan and a file through the source it is given,
 * as the real one does; it fails for piel, and never ends for equilibrio's Spanish page.
 */
const ENTRY_SERVER = `
let calls = 0;
function programSource(fetch) { return { fetch }; }
async function renderPage(path, slug, source) {
  calls += 1;
  if (slug === 'piel') throw new Error('render failed');
  if (slug === 'equilibrio' && path === '/login') return new Promise(() => {});
  const plan = await (await source.fetch('/api/v1/resource/support/plan')).json();
  const login = await source.fetch('/program/' + slug + '/configuration/login.json?ts=1');
  return '<main class="rendered" data-calls="' + calls + '" data-plan="' + plan.data.slug + '" data-file="' + login.status + '">' + path + '</main>';
}
export default { programSource, renderPage };
`;

describe(`the server-rendered login page (${TEST_DB})`, () => {
  const build = mkdtempSync(path.join(tmpdir(), 'portal-build-'));
  const dist = path.join(build, 'dist');
  let t: TestApp;
  beforeAll(async () => {
    writeWebBuild(dist);
    mkdirSync(path.join(build, 'dist-ssr'));
    writeFileSync(path.join(build, 'dist-ssr', 'entry-server.js'), ENTRY_SERVER);
    writeFileSync(path.join(build, 'package.json'), '{ "type": "module" }');
    // A first render waits as long as a loaded test machine may need; the one that never ends has its own app below.
    t = await createTestApp({ WEB_DIST_DIR: dist, SERVER_RENDER_WAIT_MS: '30000' });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(build, { recursive: true, force: true });
  });
  const page = (url: string, slug = 'alivio') => t.app.inject({ url, headers: { host: hostOf(slug) } });
  const rootOf = (html: string) => /<div id="root"[^>]*>([\s\S]*?)<\/div>\n/.exec(html);

  it("puts the rendered screen in the root of /login and /en/login, in place of the frame, in the page's language", async () => {
    for (const [url, language] of [
      ['/login', 'es'],
      ['/en/login', 'en'],
    ] as const) {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain(`<html lang="${language}"`);
      expect(response.body).not.toContain('boot-frame');
      const root = rootOf(response.body);
      expect(root?.[0]).toContain('data-server-rendered');
      // The program's plan and file, read through the server's own answers for the program's host.
      expect(root?.[1]).toMatch(
        new RegExp(`^<main class="rendered" data-calls="\\d+" data-plan="alivio" data-file="200">${url}</main>$`),
      );
    }
  });

  it('renders each page once, then serves it from memory', async () => {
    const first = rootOf((await page('/en/login', 'equilibrio')).body)?.[1];
    const second = rootOf((await page('/en/login', 'equilibrio')).body)?.[1];
    expect(first).toContain('data-plan="equilibrio"');
    expect(second).toBe(first);
  });

  it('keeps the frame page for the login address with a query, and for every other page', async () => {
    for (const url of [
      '/login?next=%2Fprofile',
      '/login?ref=session-expired',
      '/password/forgot',
      '/home',
      '/signup',
    ]) {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('id="boot-frame"');
      expect(response.body).toContain('<div id="root"></div>');
    }
  });

  it('serves the frame page when the render does not end in time', async () => {
    const short = await createTestApp({ WEB_DIST_DIR: dist, SERVER_RENDER_WAIT_MS: '200' });
    try {
      const response = await short.app.inject({ url: '/login', headers: { host: hostOf('equilibrio') } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('id="boot-frame"');
      expect(response.body).toContain('<div id="root"></div>');
    } finally {
      await short.close();
    }
  });

  it('serves the frame page when the render fails', async () => {
    const response = await page('/login', 'piel');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('id="boot-frame"');
    expect(response.body).toContain('<div id="root"></div>');
  });
});
