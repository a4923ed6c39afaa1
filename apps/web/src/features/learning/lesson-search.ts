// Finding a lesson by words (decision 049): a MiniSearch index of the program's lessons in the patient's language,
// built in the browser from the lesson index (titles, summaries, headings) and, once loaded, each body's words (a file of
// its own, which the home does not load), so it works offline too. Accents and case do not matter: "migrana" finds "migraña".
import MiniSearch from 'minisearch';
import type { LessonIndex, LessonWords } from '@portal/contracts/learning';
import { foldAccents } from '@portal/contracts/text-fold';

export interface LessonHit {
  id: string;
  condition: string;
  slug: string;
  title: string;
  summary: string;
}

/** Lower case, without diacritics: as the server folds a lesson's words. */
export const foldText = foldAccents;

/** The search over `index`; with `words`, also over what each lesson says. */
export function lessonSearchOf(index: LessonIndex, words?: LessonWords): (query: string) => LessonHit[] {
  const search = new MiniSearch<LessonHit & { headings: string; words: string }>({
    fields: ['title', 'summary', 'headings', 'words'],
    storeFields: ['condition', 'slug', 'title', 'summary'],
    processTerm: (term) => foldText(term),
    // The body's words find a lesson, and rank it below one whose title, summary or headings say them.
    searchOptions: { boost: { title: 3, headings: 1.5, words: 0.5 }, prefix: true, fuzzy: 0.2, combineWith: 'AND' },
  });
  search.addAll(
    index.conditions.flatMap(({ condition, lessons }) =>
      lessons.map((lesson) => ({
        id: `${condition}/${lesson.slug}`,
        condition,
        slug: lesson.slug,
        title: lesson.title,
        summary: lesson.summary,
        headings: lesson.headings.join(' \n'),
        words: words?.lessons[`${condition}/${lesson.slug}`] ?? '',
      })),
    ),
  );
  return (query) =>
    query.trim()
      ? search.search(query).map((hit) => ({
          id: hit.id as string,
          condition: hit.condition as string,
          slug: hit.slug as string,
          title: hit.title as string,
          summary: hit.summary as string,
        }))
      : [];
}
