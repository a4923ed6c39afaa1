// The lessons of every program (decision 049), read once at start: each lesson file as a prepared answer
// (/program/{slug}/learning/{condition}/{lesson}.{lang}.md) and the lesson index of each language
// (/program/{slug}/learning/index-{lang}.json), built from the lessons' front matter (parseLessonFile), and each body's
// words for the search (/program/{slug}/learning/words-{lang}.json): the program's own condition
// first, then its other `learningConditions`, each with its lessons in `order`. The same index tells the progress
// calls which lessons a program has. The bodies' rules are checked by `check:programs` (decision 048).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { LANGUAGES, type Language } from '@portal/contracts/enums';
import { foldAccents } from '@portal/contracts/text-fold';
import {
  LessonIndexEntrySchema,
  lessonIndexPath,
  lessonWordsPath,
  type ConditionName as Condition,
  type LessonIndex,
  type LessonIndexEntry,
  type LessonWords,
} from '@portal/contracts/learning';
import { LESSON_FILE_PATTERN, parseLessonFile } from '@portal/contracts/learning-files';
import { ProgramConfigSchema } from '@portal/contracts/program-files';
import { notFound } from '../../platform/errors.ts';
import { readProgramFile } from '../../platform/program-files.ts';
import { sendStaticAnswer, staticAnswer, type StaticAnswer } from '../../platform/static-answer.ts';

/** As the other program files: within five minutes a copy is reused, then revalidated (304). */
const LESSON_CACHE = 'public, max-age=300, must-revalidate';

/** A lesson's index entry: its front matter (parseLessonFile, decision 048) and its body's `##`/`###` headings. */
export function lessonEntryOf(slug: string, text: string): LessonIndexEntry {
  const { frontMatter, body } = parseLessonFile(text);
  const headings = [...body.matchAll(/^#{2,3}\s+(.+?)\s*#*\s*$/gm)].map((heading) => heading[1]!);
  return LessonIndexEntrySchema.parse({
    slug,
    title: frontMatter.title,
    summary: frontMatter.summary,
    minutes: frontMatter.minutes,
    order: frontMatter.order,
    headings,
  });
}

/**
 * A lesson body's distinct words for the search: the Markdown's marks and link targets left out, folded as the
 * search folds what the patient types, in their first order.
 */
export function lessonWordsOf(body: string): string {
  const text = body
    .replace(/\]\([^)]*\)/g, ' ') // a link's target, keeping its text
    .replace(/https?:\/\/\S+/g, ' ');
  return [...new Set(foldAccents(text).split(/[^\p{L}\p{N}]+/u))].filter(Boolean).join(' ');
}

export interface ProgramLessons {
  /** Every lesson file and index of the program, by its path under /program/{slug}/. */
  files: Map<string, StaticAnswer>;
  /** The lesson slugs of each of the program's learning conditions. */
  lessonsOf: Map<Condition, Set<string>>;
  /** The index of each language. */
  indexes: Map<Language, LessonIndex>;
}

/** Reads the lessons of one program from `{learningDir}/{slug}/learning/` (its conditions from `{programsDir}`). */
export function readProgramLessons(programsDir: string, learningDir: string, slug: string): ProgramLessons {
  const config = readProgramFile(programsDir, slug, 'configuration/config.json', ProgramConfigSchema);
  const conditions = [config.condition, ...config.learningConditions.filter((c) => c !== config.condition)];
  const files = new Map<string, StaticAnswer>();
  const lessonsOf = new Map<Condition, Set<string>>();
  const indexes = new Map<Language, LessonIndex>();
  const entries = new Map<string, LessonIndexEntry[]>();
  const words = new Map<Language, Record<string, string>>();
  for (const condition of conditions) {
    const folder = path.join(learningDir, slug, 'learning', condition);
    const slugs = new Set<string>();
    for (const name of existsSync(folder) ? readdirSync(folder).sort() : []) {
      const file = LESSON_FILE_PATTERN.exec(name);
      if (!file) continue;
      const [, lesson, language] = file as unknown as [string, string, Language];
      const text = readFileSync(path.join(folder, name), 'utf8');
      files.set(`learning/${condition}/${name}`, staticAnswer(text, 'text/markdown; charset=utf-8'));
      const key = `${condition}|${language}`;
      entries.set(key, [...(entries.get(key) ?? []), lessonEntryOf(lesson, text)]);
      const wordsOfLanguage = words.get(language) ?? {};
      wordsOfLanguage[`${condition}/${lesson}`] = lessonWordsOf(parseLessonFile(text).body);
      words.set(language, wordsOfLanguage);
      slugs.add(lesson);
    }
    lessonsOf.set(condition, slugs);
  }
  for (const language of LANGUAGES) {
    const index: LessonIndex = {
      language,
      conditions: conditions.map((condition) => ({
        condition,
        lessons: (entries.get(`${condition}|${language}`) ?? []).sort((a, b) => a.order - b.order),
      })),
    };
    indexes.set(language, index);
    files.set(lessonIndexPath(language), staticAnswer(JSON.stringify(index), 'application/json; charset=utf-8'));
    const lessonWords: LessonWords = { language, lessons: words.get(language) ?? {} };
    files.set(lessonWordsPath(language), staticAnswer(JSON.stringify(lessonWords), 'application/json; charset=utf-8'));
  }
  return { files, lessonsOf, indexes };
}

export type LessonCatalogue = Map<string, ProgramLessons>;

export function readLessonCatalogue(programsDir: string, learningDir: string, slugs: string[]): LessonCatalogue {
  return new Map(slugs.map((slug) => [slug, readProgramLessons(programsDir, learningDir, slug)]));
}

/** Serves each program's lesson files and indexes from memory. */
export function registerLessonFiles(app: FastifyInstance, catalogue: LessonCatalogue): void {
  app.get('/program/:slug/learning/*', { schema: { hide: true } }, async (request, reply) => {
    const { slug, '*': rest } = request.params as { slug: string; '*': string };
    const answer = catalogue.get(slug)?.files.get(`learning/${rest}`);
    return answer ? sendStaticAnswer(request, reply, answer, LESSON_CACHE) : notFound(reply);
  });
}
