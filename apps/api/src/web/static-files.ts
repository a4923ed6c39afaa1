// Static content, prepared once at start-up and answered from memory: the per-program files at /program/{slug}/...,
// each program's web-app manifest, and the built SPA with history fallback, whose HTML carries the program's
// language, stylesheet (with its colours) and page frame (decision 025). The built files are read once too, with
// the build's compressed copies, and no page or file is compressed per request: serving opens no file and takes no
// thread of libuv's pool (decision 043).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@portal/contracts/enums';
import { languageOfPath, pageFrameOf, usesCamera } from '@portal/contracts/paths';
import { notFound } from '../platform/errors.ts';
import { CAMERA_PAGE_PERMISSIONS_POLICY } from '../platform/security.ts';
import {
  isProgramIconName,
  manifestIcons,
  programIconPath,
  type ProgramMark,
  type ProgramPictures,
} from '../platform/program-icons.ts';
import type { ProgramRow } from '../platform/programs.ts';
import { readProgramFile } from '../platform/program-files.ts';
import { PhonesSchema, type Phones } from '@portal/contracts/program-files';
import { loadServerRenderer } from './server-render.ts';
import { etagOf, sendStaticAnswer, staticAnswer, type StaticAnswer } from '../platform/static-answer.ts';

/** The only program files served: these folders, these extensions (everything else under programs/ stays private). */
const PROGRAM_FILE = /^\/[a-z][a-z0-9-]+\/(configuration|phones|navigation|texts|images)\/[a-z0-9-]+\.(json|svg)$/;
const PROGRAM_FILE_TYPES: Record<string, string> = { json: 'application/json; charset=utf-8', svg: 'image/svg+xml' };
/** The web adds ?ts=<timestamp> to every program request; within five minutes a copy is reused, then revalidated (304). */
const PROGRAM_FILE_CACHE = 'public, max-age=300, must-revalidate';

/**
 * The web-app manifest of the request's program (its host names it), so "add to home screen" installs
 * Alivio or Piel Plena with its own name, colour and mark, not a generic portal.
 */
export function webManifestOf(program: Pick<ProgramRow, 'slug' | 'name' | 'branding'>) {
  const { colors } = program.branding;
  return {
    id: '/',
    name: program.name,
    short_name: program.name,
    lang: DEFAULT_LANGUAGE,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: colors.primary,
    background_color: colors.background,
    // PNGs: an SVG icon is drawn by building a document on the page's main thread (decision 032).
    icons: manifestIcons(program.slug),
  };
}

/** The program's colours as the stylesheet's --brand-* properties (the names the web's applyBranding sets). */
export function themeCssOf(program: Pick<ProgramRow, 'branding'>): string {
  const declarations = Object.entries(program.branding.colors)
    .filter(([, value]) => /^#[0-9a-f]{3,8}$/i.test(value))
    .map(([name, value]) => `--brand-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${value}`);
  return `:root{${declarations.join(';')}}\n`;
}

/** Every servable program file, read once: `/{slug}/{folder}/{name}.{ext}` → its prepared answer. */
function readProgramFiles(programsDir: string): Map<string, StaticAnswer> {
  const files = new Map<string, StaticAnswer>();
  for (const slug of readdirSync(programsDir, { withFileTypes: true })) {
    if (!slug.isDirectory()) continue;
    for (const folder of readdirSync(path.join(programsDir, slug.name), { withFileTypes: true })) {
      if (!folder.isDirectory()) continue;
      for (const file of readdirSync(path.join(programsDir, slug.name, folder.name), { withFileTypes: true })) {
        const key = `/${slug.name}/${folder.name}/${file.name}`;
        if (!file.isFile() || !PROGRAM_FILE.test(key)) continue;
        const type = PROGRAM_FILE_TYPES[path.extname(file.name).slice(1)]!;
        files.set(key, staticAnswer(readFileSync(path.join(programsDir, slug.name, folder.name, file.name)), type));
      }
    }
  }
  return files;
}

export async function registerProgramFiles(
  app: FastifyInstance,
  programsDir: string,
  programs: ProgramRow[],
  pictures: ProgramPictures,
): Promise<void> {
  const manifests = new Map(
    programs.map((program) => [
      program.slug,
      staticAnswer(JSON.stringify(webManifestOf(program)), 'application/manifest+json; charset=utf-8'),
    ]),
  );
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) =>
    sendStaticAnswer(
      request,
      reply,
      manifests.get(request.program.slug) ??
        staticAnswer(JSON.stringify(webManifestOf(request.program)), 'application/manifest+json; charset=utf-8'),
      'public, max-age=300',
    ),
  );
  // The program's logo as pictures (program-icons.ts): /program/{slug}/icons/{mark|icon-32|...}.png.
  app.get('/program/:slug/icons/:file', { schema: { hide: true } }, async (request, reply) => {
    const { slug, file } = request.params as { slug: string; file: string };
    const name = file.endsWith('.png') ? file.slice(0, -'.png'.length) : '';
    const answer = isProgramIconName(name) ? pictures.answer(slug, name) : undefined;
    return answer ? sendStaticAnswer(request, reply, answer, PROGRAM_FILE_CACHE) : notFound(reply);
  });
  const files = readProgramFiles(programsDir);
  app.get('/program/*', { schema: { hide: true } }, async (request, reply) => {
    const answer = files.get(`/${(request.params as { '*': string })['*']}`);
    return answer ? sendStaticAnswer(request, reply, answer, PROGRAM_FILE_CACHE) : notFound(reply);
  });
}

const HTML = 'text/html; charset=utf-8';
/** The rendered login is compressed once per render (a minute): a quick level, not the build's highest. */
const RENDERED_BROTLI_QUALITY = 5;
/** Hashed build files never change under their name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const BUILT_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  html: 'text/html; charset=utf-8',
  json: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  woff: 'font/woff',
  txt: 'text/plain; charset=utf-8',
  map: 'application/json; charset=utf-8',
};

/**
 * Every file of the web build, read once (a few megabytes): `/{path}` → its prepared answer, with the build's brotli
 * and gzip copies (apps/web/vite.config.ts writes them beside the scripts and styles) or, for a text file without
 * them, copies made here once. Dot-folders (.vite/manifest.json, for the build's own checks) are not served.
 */
export function readBuiltFiles(distDir: string): Map<string, StaticAnswer> {
  const files = new Map<string, StaticAnswer>();
  const walk = (folder: string, prefix: string) => {
    const entries = readdirSync(folder, { withFileTypes: true });
    const names = new Set(entries.map((entry) => entry.name));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        walk(full, `${prefix}${entry.name}/`);
        continue;
      }
      const isCopy = /\.(br|gz)$/.test(entry.name) && names.has(entry.name.replace(/\.(br|gz)$/, ''));
      if (!entry.isFile() || isCopy) continue;
      const type = BUILT_TYPES[path.extname(entry.name).slice(1).toLowerCase()] ?? 'application/octet-stream';
      const body = readFileSync(full);
      const br = names.has(`${entry.name}.br`) ? readFileSync(`${full}.br`) : undefined;
      const gzip = names.has(`${entry.name}.gz`) ? readFileSync(`${full}.gz`) : undefined;
      files.set(`${prefix}${entry.name}`, br || gzip ? builtAnswer(body, type, br, gzip) : staticAnswer(body, type));
    }
  };
  walk(distDir, '/');
  return files;
}

/** A built file with the build's own compressed copies. */
function builtAnswer(body: Buffer, type: string, br?: Buffer, gzip?: Buffer): StaticAnswer {
  return { body, type, etag: etagOf(body), ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A program text for the HTML, only when it is plain (no ICU argument or markup to format). */
function plainText(texts: Record<string, string>, key: string): string | undefined {
  const text = texts[key];
  return text && !/[{}<]/.test(text) ? escapeHtml(text) : undefined;
}

type FrameKind = ReturnType<typeof pageFrameOf>;

/**
 * The frame's help (decision 052): "Help" is a link to the program's call-center phones at the foot of the frame, every
 * country's (the frame is the same for every visitor), as the app's footer lists them for a visitor. They work
 * while the app loads: a patient who is lost on a slow connection can call before anything else has arrived.
 */
function frameHelpHtml(
  program: ProgramRow,
  texts: Record<string, string>,
  language: Language,
  phones: Phones | undefined,
): { link: string; footer: string } {
  const label = plainText(texts, 'app.help');
  const title = plainText(texts, 'phones.title');
  const countries = [program.defaultCountry, ...program.countries.filter((code) => code !== program.defaultCountry)];
  const names = new Intl.DisplayNames([language], { type: 'region' });
  const lists = countries.flatMap((code) => {
    const list = phones?.[code as keyof Phones] ?? [];
    if (list.length === 0) return [];
    const country = escapeHtml(names.of(code) ?? code);
    const items = list.map((phone) => {
      const digits = phone.number.replace(/[^0-9]/g, '');
      const whatsapp = phone.labelKey === 'phones.whatsapp';
      const href = whatsapp ? `https://wa.me/${digits}` : `tel:+${digits}`;
      const opens = whatsapp ? ' target="_blank" rel="noopener noreferrer"' : '';
      return `<li><span class="phones__label">${plainText(texts, phone.labelKey) ?? ''}: </span><a class="phones__link" href="${href}"${opens}>${escapeHtml(phone.number)}</a></li>`;
    });
    return [
      `<div><h3 class="phones__country">${country}</h3><ul class="phones" aria-label="${title ?? ''} · ${country}">${items.join('')}</ul></div>`,
    ];
  });
  if (!label || !title || lists.length === 0) return { link: '<span class="boot-frame__tool"></span>', footer: '' };
  return {
    link: `<a class="help-button" href="#help-phones">${label}</a>`,
    footer:
      `<footer class="site-footer"><div class="site-footer__inner"><section id="help-phones" class="site-footer__help" aria-labelledby="boot-help-title">` +
      `<h2 id="boot-help-title" class="site-footer__title">${title}</h2><div class="phones-by-country">${lists.join('')}</div></section></div></footer>`,
  };
}

/**
 * The page frame drawn from the HTML before any script runs: the program's header (mark, name and help), and the
 * login card's title and sentence on /login, else a title's skeleton, and the call-center phones at its foot. The same
 * classes as the React PageFrame (apps/web/src/components/layouts/page-frame.tsx), so the page React draws over it
 * stays where it is; main.tsx removes it when React shows the page.
 */
export function frameHtml(
  program: ProgramRow,
  mark: ProgramMark,
  texts: Record<string, string>,
  kind: FrameKind,
  language: Language = DEFAULT_LANGUAGE,
  phones?: Phones,
): string {
  const name = escapeHtml(program.name);
  const title = kind === 'login' ? plainText(texts, 'login.title') : undefined;
  const subtitle = kind === 'login' ? plainText(texts, 'login.subtitle') : undefined;
  const loading = plainText(texts, 'app.loading') ?? '…';
  const help = frameHelpHtml(program, texts, language, phones);
  const heading = title
    ? `<h1 class="page__title">${title}</h1>`
    : `<div class="page__title boot-frame__bar boot-frame__bar--title"></div>`;
  const body =
    kind === 'login'
      ? `<div class="card card--narrow">${subtitle ? `<p>${subtitle}</p>` : ''}<div class="boot-frame__field"></div><div class="boot-frame__field"></div><div class="boot-frame__bar boot-frame__bar--toggle"></div><div class="boot-frame__bar boot-frame__bar--link"></div><div class="boot-frame__button"></div></div>`
      : `<div class="card boot-frame__card"></div>`;
  return (
    `<div id="boot-frame" class="app-shell boot-frame">` +
    `<header class="site-header"><div class="site-header__bar"><span class="brand"><img class="brand__logo" src="${escapeHtml(mark.url)}" alt="" width="${mark.width}" height="${mark.height}"><span class="brand__name">${name}</span></span>` +
    `<div class="site-header__tools">${help.link}<span class="boot-frame__tool boot-frame__tool--wide"></span></div></div></header>` +
    `<main class="page${kind === 'page' ? ' page--foot-below' : ''}" aria-busy="true"><div class="page__header">${heading}</div>${body}<p class="visually-hidden" role="status">${loading}</p></main>${help.footer}</div>`
  );
}

/** The built index.html with the program's language, title, colours (its stylesheet), icon and frame. */
export function programHtml(
  indexHtml: string,
  program: ProgramRow,
  mark: ProgramMark,
  language: Language,
  texts: Record<string, string>,
  kind: FrameKind,
  stylesheetHref: string,
  phones?: Phones,
): string {
  const title =
    kind === 'login' && plainText(texts, 'login.title')
      ? `${plainText(texts, 'login.title')} · ${escapeHtml(program.name)}`
      : escapeHtml(program.name);
  // Replacement functions, not strings: a `$` in a program's text is not a pattern.
  return (
    indexHtml
      .replace(/<html lang="[^"]*"/, () => `<html lang="${language}"`)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
      .replace(
        /(<meta name="theme-color" content=")[^"]*"/,
        (_all, start: string) => `${start}${escapeHtml(program.branding.colors.primary ?? '#ffffff')}"`,
      )
      // The program's name for the page's first script: it fetches the texts and files in parallel with the plan (decision 028).
      .replace(
        /<meta name="theme-color"/,
        (tag) => `<meta name="program" content="${escapeHtml(program.slug)}" />\n    ${tag}`,
      )
      // The tab's and iOS's home-screen icons as PNGs (decision 032).
      .replace(
        /<link rel="icon"[^>]*>/,
        () =>
          `<link rel="icon" href="${programIconPath(program.slug, 'icon-32')}" type="image/png" sizes="32x32" />\n    <link rel="apple-touch-icon" href="${programIconPath(program.slug, 'icon-180')}" />`,
      )
      // The program's stylesheet (the built one with its colours) in place of the built one: one render-blocking request.
      // The built one stays named, disabled (never fetched): Vite's chunk loader adds a screen's missing stylesheets,
      // and the entry's is on every screen's list — it would load again over the program's colours.
      .replace(/<link rel="stylesheet"[^>]*>|<\/head>/, (found) => {
        const builtHref = /href="([^"]+)"/.exec(found)?.[1];
        const built = builtHref ? `\n    <link rel="stylesheet" href="${builtHref}" disabled>` : '';
        return `<link rel="stylesheet" href="${stylesheetHref}">${built}${found === '</head>' ? '\n  </head>' : ''}`;
      })
      // The frame needs no script: the stylesheet and the mark go first on a slow connection, the scripts after them.
      .replace(/<script type="module"|<link rel="modulepreload"/g, (tag) => `${tag} fetchpriority="low"`)
      .replace(/<!-- frame -->[\s\S]*?<!-- \/frame -->/, () => frameHtml(program, mark, texts, kind, language, phones))
  );
}

/** Which language and frame a page path asks for, by the web's own rules (contracts/paths.ts). */
function pageOf(url: string): { language: Language; kind: FrameKind } {
  const pathname = url.split('?')[0] ?? '/';
  return { language: languageOfPath(pathname), kind: pageFrameOf(pathname) };
}

export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  programsDir: string,
  programs: ProgramRow[],
  pictures: ProgramPictures,
  firstRenderWaitMs: number,
): Promise<boolean> {
  const indexPath = path.join(distDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn('web build not found; run `npm run build` to serve the portal');
    return false;
  }
  const indexHtml = readFileSync(indexPath, 'utf8');
  // Each program's stylesheet: the built one followed by the program's colours, so that the first paint (before any
  // script; the CSP forbids inline styles) has them in one request. Its URL is versioned by its ETag: cached for good.
  const builtCss = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/.exec(indexHtml)?.[1];
  const builtCssText =
    builtCss && existsSync(path.join(distDir, builtCss)) ? readFileSync(path.join(distDir, builtCss), 'utf8') : '';
  const stylesheets = new Map(
    programs.map((program) => [
      program.slug,
      staticAnswer(`${builtCssText}\n${themeCssOf(program)}`, 'text/css; charset=utf-8'),
    ]),
  );
  app.get('/theme.css', { schema: { hide: true } }, async (request, reply) => {
    const answer = stylesheets.get(request.program.slug);
    return answer ? sendStaticAnswer(request, reply, answer, 'public, max-age=31536000, immutable') : notFound(reply);
  });
  // The login screen rendered by the web's components (decision 029), in a page without the frame.
  const renderer = await loadServerRenderer(app, distDir, firstRenderWaitMs);
  const frameless = indexHtml.replace(/<!-- frame -->[\s\S]*?<!-- \/frame -->/, '');
  // Every program × language × frame, built once here.
  const pages = new Map<string, string>();
  for (const program of programs) {
    const stylesheetHref = `/theme.css?v=${stylesheets.get(program.slug)!.etag.slice(1, 11)}`;
    for (const language of LANGUAGES) {
      const textsPath = path.join(programsDir, program.slug, 'texts', `text-${language}.json`);
      const texts = existsSync(textsPath)
        ? (JSON.parse(readFileSync(textsPath, 'utf8')) as Record<string, string>)
        : {};
      const mark = pictures.mark(program);
      const phonesPath = path.join(programsDir, program.slug, 'phones', 'phones.json');
      const phones = existsSync(phonesPath)
        ? readProgramFile(programsDir, program.slug, 'phones/phones.json', PhonesSchema)
        : undefined;
      for (const kind of ['login', 'page'] as const)
        pages.set(
          `${program.slug}|${language}|${kind}`,
          programHtml(indexHtml, program, mark, language, texts, kind, stylesheetHref, phones),
        );
      if (renderer)
        pages.set(
          `${program.slug}|${language}|rendered`,
          programHtml(frameless, program, mark, language, texts, 'login', stylesheetHref),
        );
    }
  }
  // The built files, from memory: no file is opened per request, so a busy libuv pool cannot delay them (decision 043).
  const built = readBuiltFiles(distDir);
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = `/${(request.params as { '*': string })['*']}`;
    const file = built.get(pathname);
    if (!file) return reply.callNotFound();
    return sendStaticAnswer(request, reply, file, pathname.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
  });
  // Each page with its compressed copies, made once (the rendered login once per render): no compression per request.
  const pageAnswers = new Map([...pages].map(([key, html]) => [key, staticAnswer(html, HTML)]));
  const renderedAnswers = new Map<string, { root: string; answer: StaticAnswer }>();
  const renderedAnswer = (key: string, page: string, root: string): StaticAnswer => {
    const known = renderedAnswers.get(key);
    if (known?.root === root) return known.answer;
    const html = page.replace('<div id="root"></div>', () => `<div id="root" data-server-rendered="">${root}</div>`);
    const answer = staticAnswer(html, HTML, { brotliQuality: RENDERED_BROTLI_QUALITY });
    renderedAnswers.set(key, { root, answer });
    return answer;
  };
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const { language, kind } = pageOf(request.url);
    const [pathname, query] = request.url.split('?');
    if (usesCamera(pathname ?? '/')) reply.header('permissions-policy', CAMERA_PAGE_PERMISSIONS_POLICY);
    // The bare login address only: a query (next, ref, e) changes what the screen says.
    if (renderer && query === undefined && renderer.renders(pathname ?? '')) {
      const root = await renderer.render(request.program.slug, pathname ?? '');
      const key = `${request.program.slug}|${language}|rendered`;
      const page = pages.get(key);
      if (root !== undefined && page)
        return sendStaticAnswer(request, reply, renderedAnswer(`${key}|${pathname}`, page, root), 'no-cache');
    }
    const answer = pageAnswers.get(`${request.program.slug}|${language}|${kind}`);
    if (answer) return sendStaticAnswer(request, reply, answer, 'no-cache');
    return reply.header('cache-control', 'no-cache').type(HTML).send(indexHtml);
  };
  app.get('/', { schema: { hide: true } }, sendIndex);
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/program/') &&
      !/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    return isPage ? sendIndex(request, reply) : notFound(reply);
  });
  return true;
}
