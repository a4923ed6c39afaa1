// Static content: per-program files at /program/{slug}/..., and the built SPA with history fallback.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE } from '@portal/contracts/enums';
import { notFound } from './errors.ts';
import type { ProgramRow } from './programs.ts';

/**
 * The web-app manifest of the request's program (its host names it), so "add to home screen" installs
 * Alivio or Piel Plena with its own name, colour and mark, not a generic portal.
 */
export function webManifestOf(program: Pick<ProgramRow, 'slug' | 'name' | 'branding'>) {
  const { colors, logoPath } = program.branding;
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
    icons: [{ src: `/program/${program.slug}/${logoPath}`, sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  };
}

export async function registerProgramFiles(app: FastifyInstance, programsDir: string): Promise<void> {
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) =>
    reply.header('cache-control', 'public, max-age=300').type('application/manifest+json; charset=utf-8').send(JSON.stringify(webManifestOf(request.program))),
  );
  await app.register(fastifyStatic, {
    root: programsDir,
    prefix: '/program/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    // The web adds ?ts=<timestamp> to every program request; a short cache keeps edits visible.
    cacheControl: true,
    maxAge: '5m',
    allowedPath: (pathName) => /^\/[a-z][a-z0-9-]+\/(configuration|phones|navigation|texts|images)\/[a-z0-9-]+\.(json|svg)$/.test(pathName),
  });
}

export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  const indexPath = path.join(distDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn('web build not found; run `npm run build` to serve the portal');
    return false;
  }
  const indexHtml = readFileSync(indexPath, 'utf8');
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    wildcard: true,
    dotfiles: 'ignore', // .vite/manifest.json is for the build's own checks
    // The build writes .br and .gz beside each script and style (apps/web/vite.config.ts): no compression per request.
    preCompressed: true,
    cacheControl: false, // set by setHeaders below (immutable for hashed files)
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('cache-control', 'no-cache');
      }
    },
  });
  const sendIndex = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  app.get('/', (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/program/') &&
      !/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    return isPage ? sendIndex(reply) : notFound(reply);
  });
  return true;
}
