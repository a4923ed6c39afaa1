// /learning/{condition}: the condition's lessons in order, each with its reading time and, once the progress is
// known, its completed mark. The list needs only the lesson index: it opens offline once read.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import type { LessonIndexCondition } from '@portal/contracts/learning';
import { useLanguage } from '../../../lib/language.tsx';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { useT } from '../../../program/use-t.ts';
import { learningProgressQuery } from '../api/learning-api.ts';
import { ProgressError, ProgressLine } from './progress-line.tsx';

export function ConditionLessons({ entry }: { entry: LessonIndexCondition }) {
  const t = useT();
  const { language } = useLanguage();
  const progress = useQuery(learningProgressQuery());
  const mine = progress.data?.conditions.find((row) => row.condition === entry.condition);
  const done = new Set(mine?.completed ?? []);
  return (
    <div className="stack">
      {mine ? <ProgressLine done={mine.completedCount} total={entry.lessons.length} /> : null}
      <ProgressError progress={progress} />
      {entry.lessons.length === 0 ? <p>{t('learning.empty')}</p> : null}
      <ol className="learning-list">
        {entry.lessons.map((lesson) => (
          <li key={lesson.slug}>
            <Link
              className="learning-list__link"
              href={pathInLanguage(language, paths.learning(entry.condition, lesson.slug))}
            >
              <strong>{lesson.title}</strong>
              <span>{lesson.summary}</span>
              <span className="learning-list__meta">
                {t('learning.minutes', { minutes: lesson.minutes })}
                {done.has(lesson.slug) ? (
                  <span className="learning-badge">
                    <span aria-hidden="true">✓ </span>
                    {t('learning.completed')}
                  </span>
                ) : null}
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </div>
  );
}
