// /learning: find a lesson by words, and the program's conditions (its own first), each with its progress and a
// link to the lesson to read next. The search needs only program files (the lesson index, and each body's words once
// loaded): it works offline.
import { useEffect, useId, useMemo, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@portal/contracts/enums';
import { Link } from 'react-aria-components';
import { lessonWordsPath, nextLessonOf, type LessonIndex, type LessonWords } from '@portal/contracts/learning';
import { QueryRegion } from '../../../components/ui/query-region.tsx';
import { useLanguage } from '../../../lib/language.tsx';
import { keepLoadedFilesForOffline } from '../../../lib/offline-files.ts';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { useProgram } from '../../../program/program-context.tsx';
import { useT } from '../../../program/use-t.ts';
import { fetchProgramText, learningProgressQuery, lessonIndexQuery } from '../api/learning-api.ts';
import { lessonSearchOf } from '../lesson-search.ts';
import { ProgressError, ProgressLine } from './progress-line.tsx';

/** Each lesson's words for the search: only the learning screen's search asks for them (kept offline as the index). */
const lessonWordsQuery = (slug: string, language: Language) =>
  queryOptions({
    queryKey: ['learning', 'words', slug, language],
    queryFn: async () => (await (await fetchProgramText(slug, lessonWordsPath(language))).json()) as LessonWords,
    staleTime: 5 * 60_000,
  });

function LessonSearch({ index, words }: { index: LessonIndex; words: LessonWords | undefined }) {
  const t = useT();
  const { language } = useLanguage();
  const inputId = useId();
  const [query, setQuery] = useState('');
  const search = useMemo(() => lessonSearchOf(index, words), [index, words]);
  const hits = search(query);
  return (
    <section className="learning-search" role="search" aria-label={t('learning.search.label')}>
      <label className="field__label" htmlFor={inputId}>
        {t('learning.search.label')}
      </label>
      <input
        id={inputId}
        className="field__input"
        type="search"
        value={query}
        placeholder={t('learning.search.placeholder')}
        onChange={(event) => setQuery(event.target.value)}
        autoComplete="off"
      />
      <div aria-live="polite">
        {query.trim() === '' ? null : hits.length === 0 ? (
          <p>{t('learning.search.none')}</p>
        ) : (
          <>
            <p className="visually-hidden">{t('learning.search.results', { count: hits.length })}</p>
            <ul className="learning-list">
              {hits.map((hit) => (
                <li key={hit.id}>
                  <Link
                    className="learning-list__link"
                    href={pathInLanguage(language, paths.learning(hit.condition, hit.slug))}
                  >
                    <strong>{hit.title}</strong>
                    <span className="learning-list__meta">{t(`learning.conditions.${hit.condition}`)}</span>
                    <span>{hit.summary}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}

export function LearningOverview() {
  const t = useT();
  const { language } = useLanguage();
  const { program } = useProgram();
  const index = useQuery(lessonIndexQuery(program.slug, language));
  const progress = useQuery(learningProgressQuery());
  // The bodies' words: without them (loading, or failed) the search still finds by titles, summaries and headings.
  const words = useQuery(lessonWordsQuery(program.slug, language));
  const loaded = index.data !== undefined && !words.isPending;
  // The lesson index, the words (and this screen's code) kept for searching offline.
  useEffect(() => {
    if (loaded) void keepLoadedFilesForOffline();
  }, [loaded]);
  return (
    <QueryRegion query={index} errorKey="learning.loadError">
      {(lessonIndex) => (
        <div className="stack">
          <LessonSearch index={lessonIndex} words={words.data} />
          <ProgressError progress={progress} />
          <ul className="learning-conditions">
            {lessonIndex.conditions.map(({ condition, lessons }) => {
              const mine = progress.data?.conditions.find((entry) => entry.condition === condition);
              const last = progress.data?.lastCompleted;
              const next = nextLessonOf(
                lessons,
                mine?.completed ?? [],
                last?.condition === condition ? last.lesson : undefined,
              );
              const nextLesson = lessons.find((lesson) => lesson.slug === next);
              const headingId = `learning-condition-${condition}`;
              return (
                <li key={condition} className="ui-card learning-condition">
                  <h2 id={headingId} className="ui-card__title">
                    <Link className="text-link" href={pathInLanguage(language, paths.learning(condition))}>
                      {t(`learning.conditions.${condition}`)}
                    </Link>
                  </h2>
                  <p>{t('learning.lessonsCount', { count: lessons.length })}</p>
                  {mine ? <ProgressLine done={mine.completedCount} total={lessons.length} /> : null}
                  {lessons.length === 0 ? null : nextLesson ? (
                    <Link
                      className="button button--primary"
                      href={pathInLanguage(language, paths.learning(condition, nextLesson.slug))}
                    >
                      {t(mine && mine.completedCount > 0 ? 'learning.continue' : 'learning.start', {
                        title: nextLesson.title,
                      })}
                    </Link>
                  ) : (
                    <p className="learning-condition__done">{t('learning.allDone')}</p>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </QueryRegion>
  );
}
