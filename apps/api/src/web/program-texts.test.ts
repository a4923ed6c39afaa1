import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { parse } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { registerProgramTexts } from './program-texts.ts';

const PROGRAMS = path.join(REPO_ROOT, 'programs');
const texts = (slug: string, language: string) =>
  JSON.parse(readFileSync(path.join(PROGRAMS, slug, 'texts', `text-${language}.json`), 'utf8')) as Record<
    string,
    string
  >;

const app = Fastify();
await registerProgramTexts(app, PROGRAMS);
afterAll(() => app.close());

describe('parsed program texts', () => {
  it('sends every message of a texts file parsed as the browser would parse it, and formats the same', async () => {
    const response = await app.inject({ url: '/program/alivio/messages/text-es.json?ts=1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const parsed = response.json<Record<string, unknown>>();
    const source = texts('alivio', 'es');
    expect(Object.keys(parsed).sort()).toEqual(Object.keys(source).sort());
    for (const [key, message] of Object.entries(source)) expect(parsed[key], key).toEqual(parse(message));
    const values = { email: 'ayuda@example.com', programName: 'Alivio', firstName: 'Ana', 0: 'Alivio' };
    const key = 'login.title';
    expect(new IntlMessageFormat(parsed[key] as never, 'es-419').format(values)).toBe(
      new IntlMessageFormat(source[key]!, 'es-419').format(values),
    );
  });

  it('answers 404 for an unknown program, language or file', async () => {
    for (const url of [
      '/program/nope/messages/text-es.json',
      '/program/alivio/messages/text-fr.json',
      '/program/alivio/messages/footer.json',
      '/program/..%2Falivio/messages/text-es.json',
    ]) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});
