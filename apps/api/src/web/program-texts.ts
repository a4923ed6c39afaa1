// A program's texts as parsed ICU messages, at /program/{slug}/messages/text-{lang}.json: the browser formats them
// without shipping the ICU parser (decision 023). programs/<slug>/texts/text-<lang>.json stay the one
// definition (emails, e2e and `npm run check:programs` read them as they are); each file is parsed here once, and
// again only when it changes on disk.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { FastifyInstance } from 'fastify';
import { LANGUAGES, type Language } from '@portal/contracts/enums';
import { notFound } from '../platform/errors.ts';

/** The locale the web formats each language in (program-context.tsx): a message is parsed as it would be there. */
const LOCALES: Record<Language, string> = { es: 'es-419', en: 'en-US' };

export type ParsedTexts = Record<string, MessageFormatElement[]>;

/** Every message of a texts file parsed to the ICU syntax tree, without source locations. */
export function parseTexts(texts: Record<string, string>, language: Language): ParsedTexts {
  const locale = new Intl.Locale(LOCALES[language]);
  return Object.fromEntries(Object.entries(texts).map(([key, message]) => [key, parse(message, { locale })]));
}

export async function registerProgramTexts(app: FastifyInstance, programsDir: string): Promise<void> {
  /** The parsed file as JSON, by file path, with the modification time it was read at. */
  const cache = new Map<string, { mtimeMs: number; json: string }>();
  app.get<{ Params: { slug: string; file: string } }>(
    '/program/:slug/messages/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const { slug, file } = request.params;
      const language = /^text-([a-z]{2})\.json$/.exec(file)?.[1] as Language | undefined;
      if (!/^[a-z][a-z0-9-]+$/.test(slug) || !language || !LANGUAGES.includes(language)) return notFound(reply);
      const source = path.join(programsDir, slug, 'texts', `text-${language}.json`);
      let mtimeMs: number;
      try {
        mtimeMs = statSync(source).mtimeMs;
      } catch {
        return notFound(reply);
      }
      let cached = cache.get(source);
      if (cached?.mtimeMs !== mtimeMs) {
        cached = {
          mtimeMs,
          json: JSON.stringify(
            parseTexts(JSON.parse(readFileSync(source, 'utf8')) as Record<string, string>, language),
          ),
        };
        cache.set(source, cached);
      }
      // As the texts files themselves (static-files.ts): the web adds ?ts=<timestamp>, a short cache keeps edits visible.
      return reply
        .header('cache-control', 'public, max-age=300')
        .type('application/json; charset=utf-8')
        .send(cached.json);
    },
  );
}
