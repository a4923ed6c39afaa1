import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listLessons } from './learning-folder.ts';

const lesson = (order: number, title: string) =>
  `---\ntitle: ${title}\nsummary: Una lección de prueba.\nminutes: 2\norder: ${order}\nreviewed: 2026-01-15\nsources:\n  - name: OMS\n    url: https://www.who.int/es\n---\n## Uno\n\nTexto.\n`;

describe('listLessons', () => {
  it('reads every lesson of every condition folder, sorted by condition and order, and reports the unreadable', () => {
    const program = mkdtempSync(path.join(tmpdir(), 'program-'));
    mkdirSync(path.join(program, 'learning/migraine'), { recursive: true });
    mkdirSync(path.join(program, 'learning/hypertension'), { recursive: true });
    writeFileSync(path.join(program, 'learning/migraine/b-lesson.es.md'), lesson(1, 'Primera'));
    writeFileSync(path.join(program, 'learning/migraine/a-lesson.es.md'), lesson(2, 'Segunda'));
    writeFileSync(path.join(program, 'learning/hypertension/what.en.md'), lesson(1, 'First'));
    writeFileSync(path.join(program, 'learning/hypertension/Bad Name.md'), lesson(2, 'Bad'));
    writeFileSync(path.join(program, 'learning/hypertension/broken.es.md'), 'no front matter');
    // A slug the lesson index and the API would refuse (over 80 characters) is refused here too: one definition.
    writeFileSync(path.join(program, `learning/hypertension/${'long-'.repeat(16)}slug.es.md`), lesson(3, 'Long'));
    writeFileSync(path.join(program, 'learning/notes.txt'), 'x');
    const { lessons, problems } = listLessons(program);
    expect(lessons.map((l) => [l.condition, l.slug, l.language, l.frontMatter.title, l.file])).toEqual([
      ['hypertension', 'what', 'en', 'First', 'learning/hypertension/what.en.md'],
      ['migraine', 'b-lesson', 'es', 'Primera', 'learning/migraine/b-lesson.es.md'],
      ['migraine', 'a-lesson', 'es', 'Segunda', 'learning/migraine/a-lesson.es.md'],
    ]);
    expect(lessons[0]!.body).toBe('## Uno\n\nTexto.\n');
    expect(problems).toEqual([
      'learning/hypertension/Bad Name.md: not a lesson file name (<lesson-slug>.es.md or .en.md)',
      expect.stringMatching(/^learning\/hypertension\/broken\.es\.md: no front matter/),
      `learning/hypertension/${'long-'.repeat(16)}slug.es.md: the lesson slug is longer than the index takes (80 characters)`,
      'learning/notes.txt: only condition folders belong here',
    ]);
  });

  it('finds no lessons in a program without a learning folder', () => {
    expect(listLessons(mkdtempSync(path.join(tmpdir(), 'program-')))).toEqual({ lessons: [], problems: [] });
  });
});
