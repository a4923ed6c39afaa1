// Contracts of learning (decision 049): the lesson index the server builds at start from the lessons' front matter
// (served as /program/{slug}/learning/index-{lang}.json beside the lesson files themselves), and the patient's
// progress: which lessons of the program they marked completed, per condition.
import { z } from 'zod';
import { ConditionSchema, LanguageSchema } from './enums.ts';

/** A condition a program teaches (the URL's condition slug). */
export type ConditionName = z.infer<typeof ConditionSchema>;

/** A lesson's slug, without anchors: lower-case English words joined by hyphens (the file name's part too). */
export const LESSON_SLUG_SOURCE = '[a-z0-9]+(?:-[a-z0-9]+)*';

/**
 * A lesson's slug: the same in every language, the URL's lessonSearchQuery and the lesson file's name
 * (learning-files.ts builds its file pattern from LESSON_SLUG_SOURCE). Defined here, not in learning-files.ts, so
 * that the web's learning code does not bring the YAML parser with it.
 */
export const LessonSlugSchema = z
  .string()
  .max(80)
  .regex(new RegExp(`^${LESSON_SLUG_SOURCE}$`));

/** One lesson in the index: what the lists, the home card and the search need, without the body. */
export const LessonIndexEntrySchema = z.object({
  slug: LessonSlugSchema,
  title: z.string().min(1),
  summary: z.string().min(1),
  /** Reading minutes. */
  minutes: z.number().int().min(1).max(30),
  order: z.number().int().min(1),
  /** The lesson's `##` and `###` headings, in order: the search finds a lesson by them too. */
  headings: z.array(z.string()),
});
export type LessonIndexEntry = z.infer<typeof LessonIndexEntrySchema>;

export const LessonIndexConditionSchema = z.object({
  condition: ConditionSchema,
  /** In `order`. */
  lessons: z.array(LessonIndexEntrySchema),
});
export type LessonIndexCondition = z.infer<typeof LessonIndexConditionSchema>;

/**
 * /program/{slug}/learning/index-{lang}.json: the program's `learningConditions`, its own `condition` first, each
 * with its lessons in that language.
 */
export const LessonIndexSchema = z.object({
  language: LanguageSchema,
  conditions: z.array(LessonIndexConditionSchema),
});
export type LessonIndex = z.infer<typeof LessonIndexSchema>;

/** The path of a lesson's file, under /program/{slug}/. */
export const lessonFilePath = (condition: string, lesson: string, language: string) =>
  `learning/${condition}/${lesson}.${language}.md`;
/** The path of the lesson index of a language, under /program/{slug}/. */
export const lessonIndexPath = (language: string) => `learning/index-${language}.json`;

/**
 * /program/{slug}/learning/words-{lang}.json: each lesson's body as distinct words, folded (lower case, no accents)
 * and space-separated, by `{condition}/{slug}`. The search finds a lesson by what it says, offline too (kept like the
 * other program files), without the bodies; apart from the index, which the home loads, so the home does not pay for it.
 */
export const LessonWordsSchema = z.object({
  language: LanguageSchema,
  lessons: z.record(z.string(), z.string()),
});
export type LessonWords = z.infer<typeof LessonWordsSchema>;

export const lessonWordsPath = (language: string) => `learning/words-${language}.json`;

/** Names a lesson of the caller's program: body of mark and unmark. */
export const LessonRefSchema = z.strictObject({
  condition: ConditionSchema,
  lesson: LessonSlugSchema,
});
export type LessonRef = z.infer<typeof LessonRefSchema>;

export const ConditionProgressSchema = z.object({
  condition: ConditionSchema,
  /** The completed lessons' slugs, in the lessons' order. */
  completed: z.array(LessonSlugSchema),
  completedCount: z.number().int().min(0),
  /** How many lessons the condition has (in any language: the slugs are the same). */
  total: z.number().int().min(0),
});
export type ConditionProgress = z.infer<typeof ConditionProgressSchema>;

export const LearningProgressSchema = z.object({
  /** In the index's order: the program's own condition first. */
  conditions: z.array(ConditionProgressSchema),
  /** The lesson completed last, for "continue where you left off"; null before the first. */
  lastCompleted: z
    .object({ condition: ConditionSchema, lesson: LessonSlugSchema, completedAt: z.iso.datetime({ offset: true }) })
    .nullable(),
});
export type LearningProgress = z.infer<typeof LearningProgressSchema>;

export const LearningProgressResponseSchema = z.object({ data: LearningProgressSchema });

/**
 * The lesson to read next in a condition: the first not completed after the last completed one (in order), else
 * the first not completed at all; undefined when every lesson is completed.
 */
export function nextLessonOf(
  lessons: readonly { slug: string }[],
  completed: readonly string[],
  lastCompleted?: string,
): string | undefined {
  const done = new Set(completed);
  const after = lastCompleted ? lessons.findIndex((lesson) => lesson.slug === lastCompleted) : -1;
  return (
    lessons.slice(after + 1).find((lesson) => !done.has(lesson.slug))?.slug ??
    lessons.find((lesson) => !done.has(lesson.slug))?.slug
  );
}
