// Reading a program's learning folder from disk (decision 048): for the API and `check:programs`, never the browser
// (it uses node:fs; the web imports learning-files.ts only).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { LESSON_FILE_PATTERN, parseLessonFile, type LessonFrontMatter, type LessonLanguage } from './learning-files.ts';
import { LessonSlugSchema } from './learning.ts';

export interface LessonFile {
  /** The condition folder's name (a condition enum value when the folder is valid). */
  condition: string;
  /** The lesson slug, the same for both languages. */
  slug: string;
  language: LessonLanguage;
  /** The path relative to the program folder, e.g. `learning/migraine/what-is-migraine.es.md`. */
  file: string;
  frontMatter: LessonFrontMatter;
  body: string;
}

/**
 * Every lesson file of `<programDir>/learning/<condition>/`, parsed, with the problems of the ones that could not be
 * read (a file name that is not `<slug>.<es|en>.md`, a file outside a condition folder, a front matter that breaks
 * LessonFrontMatterSchema). Sorted by condition, order, slug and language. A program with no learning folder has none.
 */
export function listLessons(programDir: string): { lessons: LessonFile[]; problems: string[] } {
  const lessons: LessonFile[] = [];
  const problems: string[] = [];
  const learningDir = path.join(programDir, 'learning');
  if (!existsSync(learningDir)) return { lessons, problems };
  for (const condition of readdirSync(learningDir).sort()) {
    const conditionDir = path.join(learningDir, condition);
    if (!statSync(conditionDir).isDirectory()) {
      problems.push(`learning/${condition}: only condition folders belong here`);
      continue;
    }
    for (const name of readdirSync(conditionDir).sort()) {
      const file = `learning/${condition}/${name}`;
      const match = LESSON_FILE_PATTERN.exec(name);
      if (!match) {
        problems.push(`${file}: not a lesson file name (<lesson-slug>.es.md or .en.md)`);
        continue;
      }
      // The pattern has the slug's form; the schema (the one the index and the API take) its length too.
      if (!LessonSlugSchema.safeParse(match[1]).success) {
        problems.push(`${file}: the lesson slug is longer than the index takes (80 characters)`);
        continue;
      }
      try {
        const { frontMatter, body } = parseLessonFile(readFileSync(path.join(conditionDir, name), 'utf8'));
        lessons.push({ condition, slug: match[1]!, language: match[2] as LessonLanguage, file, frontMatter, body });
      } catch (error) {
        problems.push(`${file}: ${(error as Error).message}`);
      }
    }
  }
  lessons.sort(
    (a, b) =>
      a.condition.localeCompare(b.condition) ||
      a.frontMatter.order - b.frontMatter.order ||
      a.slug.localeCompare(b.slug) ||
      a.language.localeCompare(b.language),
  );
  return { lessons, problems };
}
