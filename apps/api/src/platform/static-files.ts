// Static content: per-program files at /program/{slug}/..., and the built SPA with history fallback.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from './errors.ts';

export async function registerProgramFiles(app: FastifyInstance, programsDir: string): Promise<void> {
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
