// Finding a lesson by words (decision 049): a MiniSearch index of the program's lessons in the patient's language,
// built in the browser from the lesson index (titles, summaries, headings), so it works offline too. Accents and
// case do not matter: "migrana" finds "migraña".
import MiniSearch from 'minisearch';
import type { LessonIndex } from '@portal/contracts/learning';

export interface LessonHit {
  id: string;
  condition: string;
  slug: string;
  title: string;
  summary: string;
}

/** Lower case, without diacritics (NFD, then the combining marks dropped). */
export const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase();

export function lessonSearchOf(index: LessonIndex): (query: string) => LessonHit[] {
  const search = new MiniSearch<LessonHit & { headings: string }>({
    fields: ['title', 'summary', 'headings'],
    storeFields: ['condition', 'slug', 'title', 'summary'],
    processTerm: (term) => foldText(term),
    searchOptions: { boost: { title: 3, headings: 1.5 }, prefix: true, fuzzy: 0.2, combineWith: 'AND' },
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
